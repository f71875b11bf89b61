import type { Shape } from '../../types.ts';
import type { wallet as en } from '../en/wallet.ts';

export const wallet: Shape<typeof en> = {
  wallet: {},
  bell: {},
};
