import { enAdminSide } from './admin-side.ts';
import { pages } from './pages.ts';
import { limitsTexts } from './responsible-trading.ts';
import { enShell } from './shell.ts';

/** English is the source of every key; the spec's messages are English verbatim. */
export const en = { ...enShell, ...pages, ...enAdminSide, ...limitsTexts };
export type Translation = typeof en;
