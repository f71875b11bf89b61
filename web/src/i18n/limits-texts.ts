import { addEnglishTexts } from './index.ts';
import { limitsTexts } from './locales/en/responsible-trading.ts';

// Imported beside the account page's code and the admin panel's (`app/routes.tsx`,
// `admin-texts.ts`): /trade goes without.
addEnglishTexts(limitsTexts);
