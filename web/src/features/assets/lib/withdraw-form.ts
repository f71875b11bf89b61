import { check, MSG, type WithdrawalBody, withdrawalBankSchema, withdrawalBodySchema } from '@app/shared';

export type BankForm = {
  accountHolderName: string;
  bankAccountNumber: string;
  bankName: string;
  ifscCode: string;
};

export const BANK_FIELDS = ['accountHolderName', 'bankAccountNumber', 'bankName', 'ifscCode'] as const;

const amountSchema = withdrawalBodySchema.pick({ amount: true });

/** The saved bank details of a user as form values ('' for a missing one). */
export function savedBank(user: { [K in keyof BankForm]: string | null }): BankForm {
  return {
    accountHolderName: user.accountHolderName ?? '',
    bankAccountNumber: user.bankAccountNumber ?? '',
    bankName: user.bankName ?? '',
    ifscCode: user.ifscCode ?? '',
  };
}

export function isComplete(bank: BankForm): boolean {
  return BANK_FIELDS.every((f) => bank[f].trim() !== '');
}

const same = (a: BankForm, b: BankForm) =>
  BANK_FIELDS.every((f) => a[f].trim().toUpperCase() === b[f].trim().toUpperCase());

/**
 * The withdrawal form, in the spec's order: a valid amount; then the bank details, all four
 * needed when the saved profile lacks any (they are sent and saved with the request), or sent
 * when the user changed the saved ones; then the available balance.
 */
export function validateWithdrawal(input: {
  amount: string;
  bank: BankForm;
  saved: BankForm;
  available: number;
}): { ok: true; body: WithdrawalBody; bankSent: BankForm | null } | { ok: false; message: string } {
  // Spaces around what was typed are the field's; the amount rule takes the digits alone.
  const amount = check(amountSchema, { amount: input.amount.trim() });
  if (!amount.ok) return { ok: false, message: MSG.tradeAmountInvalid };

  let bankSent: BankForm | null = null;
  const profileComplete = isComplete(input.saved);
  if (!profileComplete || !same(input.bank, input.saved)) {
    if (!isComplete(input.bank)) return { ok: false, message: MSG.withdrawalBankRequired };
    const bank = check(withdrawalBankSchema, input.bank);
    if (!bank.ok) return { ok: false, message: bank.message };
    bankSent = bank.data;
  }

  if (amount.data.amount > input.available) return { ok: false, message: MSG.withdrawalAboveAvailable };
  return {
    ok: true,
    body: { amount: amount.data.amount, method: 'bank', ...(bankSent ?? {}) },
    bankSent,
  };
}
