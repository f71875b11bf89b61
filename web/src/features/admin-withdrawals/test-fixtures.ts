import type { AdminWithdrawal, WalletTransactionView, WithdrawalDetail } from '@app/shared';

/** A pending Rs 2,500 bank withdrawal of Asha's, as the admin API returns it. */
export function adminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: 'w1',
    trxNumber: 'WD20250301ABC',
    amount: 2500,
    charge: 0,
    rate: 1,
    currency: 'INR',
    method: 'bank',
    status: 'pending',
    remarks: null,
    bank: {
      accountHolderName: 'Asha Verma',
      bankAccountNumber: '123456789012',
      bankName: 'State Bank of India',
      ifscCode: 'SBIN0001234',
    },
    history: [{ status: 'pending', at: '2025-03-01T10:00:00.000Z', remarks: null }],
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    user: { id: 'u1', firstName: 'Asha', lastName: 'Verma', username: 'asha', email: 'asha@example.com' },
    ...overrides,
  };
}

export function ledgerEntry(overrides: Partial<WalletTransactionView> = {}): WalletTransactionView {
  return {
    id: 'le-1',
    type: 'withdrawal',
    direction: 'debit',
    amount: 2500,
    balanceAfter: 7500,
    currency: 'INR',
    account: 'real',
    remarks: null,
    reference: 'WD20250301ABC',
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
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
      { status: 'pending', at: '2025-03-01T10:00:00.000Z', remarks: null },
      { status: 'approved', at: '2025-03-02T09:30:00.000Z', remarks },
    ],
    updatedAt: '2025-03-02T09:30:00.000Z',
    ledgerEntry: ledgerEntry(),
  });
}
