import { admin } from './admin.ts';
import { adminBroadcast } from './admin-broadcast.ts';
import { adminOps } from './admin-ops.ts';
import { adminRisk } from './admin-risk.ts';
import { adminUsers } from './admin-users.ts';
import { adminWallet } from './admin-wallet.ts';

/** The admin panel's English texts: they load with the panel (`i18n/admin-texts.ts`). */
export const enAdminSide = {
  ...admin,
  ...adminWallet,
  ...adminUsers,
  ...adminRisk,
  ...adminOps,
  ...adminBroadcast,
};
