import { addEnglishTexts } from './index.ts';
import { enAdminSide } from './locales/en/admin-side.ts';
import './limits-texts.ts';

// Imported beside the admin panel's code (`app/routes.tsx`), so a trader never downloads it.
addEnglishTexts(enAdminSide);
