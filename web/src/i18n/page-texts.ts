import { addEnglishTexts } from './index.ts';
import { pages } from './locales/en/pages.ts';

// Imported beside the home and information pages' code (`app/routes.tsx`): /trade goes without.
addEnglishTexts(pages);
