import type { Shape } from '../../types.ts';
import type { Translation } from '../en/index.ts';
import { admin } from './admin.ts';
import { adminAudit } from './admin-audit.ts';
import { adminBroadcast } from './admin-broadcast.ts';
import { adminOps } from './admin-ops.ts';
import { adminRisk } from './admin-risk.ts';
import { adminUsers } from './admin-users.ts';
import { adminWallet } from './admin-wallet.ts';
import { common } from './common.ts';
import { market } from './market.ts';
import { msg } from './msg.ts';
import { pages } from './pages.ts';
import { responsibleTrading } from './responsible-trading.ts';
import { rules } from './rules.ts';
import { tickets } from './tickets.ts';
import { trading } from './trading.ts';
import { twoFactor } from './two-factor.ts';
import { wallet } from './wallet.ts';

export const fr: Shape<Translation> = {
  ...common,
  ...pages,
  ...market,
  ...trading,
  ...admin,
  ...wallet,
  ...adminWallet,
  ...adminUsers,
  ...adminAudit,
  ...adminRisk,
  ...adminOps,
  ...adminBroadcast,
  ...tickets,
  ...twoFactor,
  ...responsibleTrading,
  ...rules,
  msg,
};
