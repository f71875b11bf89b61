import type { Shape } from '../../types.ts';
import type { adminWallet as en } from '../en/admin-wallet.ts';

export const adminWallet: Shape<typeof en> = {
  adminWallet: {},
};
