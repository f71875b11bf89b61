import type { TopupRow } from '@app/db';
import { type AdminTopup, paiseToRupees, type Topup } from '@app/shared';
import type { TopupWithUser } from './topups.repository.ts';

/** Where the owner and admins fetch a voucher (with the bearer token): never the file's own name. */
export const voucherUrl = (topupId: string) => `/api/topups/${topupId}/voucher`;

export const toTopup = (row: TopupRow): Topup => ({
  id: row.id,
  amount: paiseToRupees(row.amount),
  currency: 'INR',
  status: row.status,
  remarks: row.remarks,
  voucherUrl: voucherUrl(row.id),
  voucherType: row.voucherType,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

export const toAdminTopup = (row: TopupWithUser): AdminTopup => ({ ...toTopup(row), user: row.user });
