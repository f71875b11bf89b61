import type { Topup, WalletTransactionView, Withdrawal } from '@app/shared';

let n = 0;
const T0 = Date.UTC(2025, 0, 2, 10, 0, 0);
const at = (i: number) => new Date(T0 + i * 60_000).toISOString();

export function topup(overrides: Partial<Topup> = {}): Topup {
  n += 1;
  const id = overrides.id ?? `tp${n}`;
  return {
    id,
    amount: 2500,
    currency: 'INR',
    status: 'pending',
    remarks: null,
    voucherUrl: `/api/topups/${id}/voucher`,
    voucherType: 'image/png',
    createdAt: at(n),
    decidedAt: null,
    ...overrides,
  };
}

export function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  n += 1;
  const createdAt = overrides.createdAt ?? at(n);
  return {
    id: overrides.id ?? `wd${n}`,
    trxNumber: `WD${1000 + n}`,
    amount: 1000,
    charge: 0,
    rate: 1,
    currency: 'INR',
    method: 'bank',
    status: 'pending',
    remarks: null,
    bank: {
      accountHolderName: 'Meera Nair',
      bankAccountNumber: '123456789012',
      bankName: 'State Bank of India',
      ifscCode: 'SBIN0001234',
    },
    history: [{ status: 'pending', at: createdAt, remarks: null }],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

export function ledger(overrides: Partial<WalletTransactionView> = {}): WalletTransactionView {
  n += 1;
  return {
    id: `tx${n}`,
    type: 'recharge',
    direction: 'credit',
    amount: 2500,
    balanceAfter: 2500,
    currency: 'INR',
    account: 'real',
    remarks: null,
    reference: null,
    createdAt: at(n),
    ...overrides,
  };
}

export const paged = <T>(items: T[], total = items.length, page = 1, limit = 5) => ({
  items,
  pagination: { total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) },
});

/** jsdom has no object URLs: a stand-in that hands out blob: URLs and records revocations. */
export function stubObjectUrls() {
  let next = 0;
  const revoked: string[] = [];
  const create = () => {
    next += 1;
    return `blob:test/${next}`;
  };
  Object.defineProperty(URL, 'createObjectURL', { value: create, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', {
    value: (url: string) => revoked.push(url),
    configurable: true,
    writable: true,
  });
  return { revoked };
}
