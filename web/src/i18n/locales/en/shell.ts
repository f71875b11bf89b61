import { MSG } from '@app/shared';
import { WEB_MSG } from '../../../lib/messages.ts';
import { adminAudit } from './admin-audit.ts';
import { common } from './common.ts';
import { market } from './market.ts';
import { disclosureTexts } from './responsible-trading.ts';
import { rules } from './rules.ts';
import { tickets } from './tickets.ts';
import { trading } from './trading.ts';
import { twoFactor } from './two-factor.ts';
import { wallet } from './wallet.ts';

/**
 * The English texts in the first bundle: all but the admin panel's (`admin-side.ts`) and the
 * home and information pages' (`pages.ts`), which load with their pages. `admin-audit.ts` and
 * `rules.ts` stay here: the account's activity and the trade card use some of their texts.
 */
export const enShell = {
  ...common,
  ...market,
  ...trading,
  ...wallet,
  ...adminAudit,
  ...tickets,
  ...twoFactor,
  ...disclosureTexts,
  ...rules,
  msg: { ...MSG, ...WEB_MSG },
};
