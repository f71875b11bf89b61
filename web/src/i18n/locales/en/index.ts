import { MSG } from '@app/shared';
import { WEB_MSG } from '../../../lib/messages.ts';
import { admin } from './admin.ts';
import { common } from './common.ts';
import { market } from './market.ts';
import { pages } from './pages.ts';
import { trading } from './trading.ts';

/** English is the source of every key; the spec's messages are English verbatim. */
export const en = { ...common, ...pages, ...market, ...trading, ...admin, msg: { ...MSG, ...WEB_MSG } };
export type Translation = typeof en;
