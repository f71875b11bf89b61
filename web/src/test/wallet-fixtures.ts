import type {
  AdminWithdrawal,
  Topup,
  WalletTransactionView,
  Withdrawal,
  WithdrawalDetail,
} from '@app/shared';

let n = 0;
const T0 = Date.UTC(2025, 0, 2, 10, 0, 0);
const at = (i: number) => new Date(T0 + i * 60_000).toISOString();

const BANK = { bankAccountNumber: '123456789012', bankName: 'State Bank of India', ifscCode: 'SBIN0001234' };

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

/** A pending Rs 1,000 bank withdrawal of Meera's, as the user's own list has it. */
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
    bank: { accountHolderName: 'Meera Nair', ...BANK },
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
    trade: null,
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

// ---- the admin's view ----------------------------------------------------------------------------

const REQUESTED_AT = '2025-03-01T10:00:00.000Z';

/** A pending Rs 2,500 bank withdrawal of Asha's, as the admin API returns it. */
export function adminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    ...withdrawal({
      id: 'w1',
      trxNumber: 'WD20250301ABC',
      amount: 2500,
      bank: { accountHolderName: 'Asha Verma', ...BANK },
      createdAt: REQUESTED_AT,
    }),
    user: { id: 'u1', firstName: 'Asha', lastName: 'Verma', username: 'asha', email: 'asha@example.com' },
    ...overrides,
  };
}

/** The debit that withdrawal made. */
export function ledgerEntry(overrides: Partial<WalletTransactionView> = {}): WalletTransactionView {
  return ledger({
    id: 'le-1',
    type: 'withdrawal',
    direction: 'debit',
    amount: 2500,
    balanceAfter: 7500,
    reference: 'WD20250301ABC',
    createdAt: REQUESTED_AT,
    ...overrides,
  });
}

export function withdrawalDetail(overrides: Partial<WithdrawalDetail> = {}): WithdrawalDetail {
  return {
    ...adminWithdrawal(),
    userBank: adminWithdrawal().bank,
    ledgerEntry: null,
    returnEntry: null,
    ...overrides,
  };
}

/** The same withdrawal once approved with `remarks`, with its debit entry. */
export function approved(remarks = 'Paid by NEFT'): WithdrawalDetail {
  return withdrawalDetail({
    status: 'approved',
    remarks,
    history: [
      { status: 'pending', at: REQUESTED_AT, remarks: null },
      { status: 'approved', at: '2025-03-02T09:30:00.000Z', remarks },
    ],
    updatedAt: '2025-03-02T09:30:00.000Z',
    ledgerEntry: ledgerEntry(),
  });
}
