import { addEnglishTexts } from './index.ts';
import { enAdminSide } from './locales/en/admin-side.ts';

// Imported beside the admin panel's code (`app/routes.tsx`), so a trader never downloads it.
addEnglishTexts(enAdminSide);
