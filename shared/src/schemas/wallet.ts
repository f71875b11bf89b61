import { z } from 'zod';
import { BILL_TYPES, type BillType, MONEY_ACCOUNTS, TRADE_STATUSES, type TradeStatus } from '../constants.ts';
import { MSG } from '../messages.ts';
import { holdAmount, multiLineText, pageQuery, rupeeAmount, singleLineText } from '../validation.ts';
import { bankSchema } from './auth.ts';

/**
 * The wallet contract: top-ups, withdrawals, Financial Records, holds, notifications and the
 * admin badge counts. Money in rupees (2 decimals) on the wire, paise in the database.
 */

// ---- constants (user-side §9, admin-side §9) --------------------------------------------------

export const WALLET_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WalletRequestStatus = (typeof WALLET_REQUEST_STATUSES)[number];

/** Voucher images: decided by the file's bytes. */
export const VOUCHER_MAX_BYTES = 5_242_880;
export const VOUCHER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export const MY_REQUESTS_PAGE_SIZE = 5;
export const ADMIN_REQUESTS_PAGE_SIZE = 20;
export const RECORDS_PAGE_SIZE = 10;
export const ADMIN_LEDGER_PAGE_SIZE = 20;
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_HEADER_LIMIT = 15;
export const NOTIFICATIONS_MAX_LIMIT = 100;
export const WALLET_MAX_LIMIT = 200;
export const MAX_WALLET_AMOUNT_RUPEES = 10_000_000;
export const DEFAULT_TOPUP_REJECT_REMARKS = 'Rejected';
export const WALLET_CURRENCIES = ['INR'] as const;

export const NOTIFICATION_TYPES = ['system', 'withdrawal', 'credit', 'ticket_reply'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Financial Records' Bill Type filter as the spec names it, and the rows each one selects. A
 * trade moves money twice: its stake when placed (trade_stake), then on closing stake + profit
 * for a win (trade_payout), the stake back for a draw, void or cancellation (trade_refund), and
 * nothing for a loss. So "Trade win" is the payouts (their trade's profit beside them) and
 * "Trade loss" the stakes of lost trades only; a draw's return is a refund, in neither.
 */
export const RECORD_BILL_FILTERS = [
  'all',
  'recharge',
  'withdrawal',
  'withdrawal_return',
  'admin_adjustment',
  'trade_profit',
  'trade_loss',
] as const;
export type RecordBillFilter = (typeof RECORD_BILL_FILTERS)[number];
/** The stored bill types a filter selects, and for trade entries the trade results it keeps. */
export type RecordSelection = {
  types: readonly BillType[];
  tradeStatuses?: readonly TradeStatus[];
};
export const RECORD_BILL_SELECTIONS: Record<Exclude<RecordBillFilter, 'all'>, RecordSelection> = {
  recharge: { types: ['recharge'] },
  withdrawal: { types: ['withdrawal'] },
  withdrawal_return: { types: ['withdrawal_return'] },
  admin_adjustment: { types: ['admin_adjustment'] },
  trade_profit: { types: ['trade_payout'] },
  trade_loss: { types: ['trade_stake'], tradeStatuses: ['lost'] },
};

// ---- shared pieces ----------------------------------------------------------------------------

export const paginationSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

const page = pageQuery;
const limit = (fallback: number, max = WALLET_MAX_LIMIT) =>
  z.coerce.number().int().min(1).max(max).default(fallback).catch(fallback);
/** `all` (or nothing) means every status. */
const statusFilter = z
  .enum([...WALLET_REQUEST_STATUSES, 'all'])
  .optional()
  .catch(undefined);

/**
 * Rupees > 0 with at most two decimals, a number or a string of plain digits (multipart sends
 * strings): the platform's one amount rule (`rupeeAmount`, validation.ts), bounded here.
 */
export const walletAmount = (message: string) => rupeeAmount(message, { max: MAX_WALLET_AMOUNT_RUPEES });

/** The user behind a request, as admin lists show it. */
export const requestUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
});
export type RequestUser = z.infer<typeof requestUserSchema>;

// ---- top-ups ----------------------------------------------------------------------------------

/**
 * POST /api/topups, multipart/form-data: fields `amount`, `currency` (INR), file `voucher`.
 * Optional `Idempotency-Key` header: a retry answers the first request. The voucher rules
 * (required, image by its bytes, size) are checked by the gateway with these messages, in the
 * spec's order: amount, voucher required, image type, size.
 */
export const topupFieldsSchema = z.object({
  amount: walletAmount(MSG.topupAmountInvalid),
  currency: z.enum(WALLET_CURRENCIES, { error: MSG.currencyInvalid }).default('INR'),
});
export type TopupFields = z.output<typeof topupFieldsSchema>;

export const topupSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.literal('INR'),
  status: z.enum(WALLET_REQUEST_STATUSES),
  /** Admin's reason on rejection; null while pending and on approval. */
  remarks: z.string().nullable(),
  /** `/api/topups/{id}/voucher`: owner and admins only, with the bearer token (fetch, not <img src>). */
  voucherUrl: z.string(),
  voucherType: z.enum(VOUCHER_TYPES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Topup = z.infer<typeof topupSchema>;

export const adminTopupSchema = topupSchema.extend({ user: requestUserSchema });
export type AdminTopup = z.infer<typeof adminTopupSchema>;

export const myTopupsQuerySchema = z.object({
  page,
  limit: limit(MY_REQUESTS_PAGE_SIZE),
  status: statusFilter,
});
/** Admin list: status defaults to pending; `all` lists every status. */
export const adminTopupsQuerySchema = z.object({
  page,
  limit: limit(ADMIN_REQUESTS_PAGE_SIZE),
  status: z
    .enum([...WALLET_REQUEST_STATUSES, 'all'])
    .default('pending')
    .catch('pending'),
});

export const topupsResponseSchema = z.object({ items: z.array(topupSchema), pagination: paginationSchema });
export const adminTopupsResponseSchema = z.object({
  items: z.array(adminTopupSchema),
  pagination: paginationSchema,
});
/** 201 on create ("Top-up request sent for review."), 200 on approve/reject. */
export const topupResponseSchema = z.object({ topup: topupSchema, message: z.string() });
export type TopupResponse = z.infer<typeof topupResponseSchema>;

/** PUT /api/topups/{id}/reject: remarks optional, "Rejected" when empty. */
export const rejectTopupSchema = z.object({
  remarks: multiLineText(MSG.invalidInput)
    .trim()
    .max(500, MSG.textTooLong)
    .optional()
    .transform((v) => (v ? v : DEFAULT_TOPUP_REJECT_REMARKS)),
});

// ---- withdrawals ------------------------------------------------------------------------------

/**
 * POST /api/withdrawals `{ amount, method: 'bank' }`, plus the four bank fields when the
 * profile lacks any of them (saved to the profile first, in the same transaction).
 * Optional `Idempotency-Key` header.
 */
export const withdrawalBodySchema = z.object({
  amount: walletAmount(MSG.tradeAmountInvalid),
  method: z.literal('bank', { error: MSG.invalidInput }).default('bank'),
  accountHolderName: singleLineText(MSG.bankFieldsRequired).max(100, MSG.bankFieldsRequired).optional(),
  bankAccountNumber: singleLineText(MSG.bankFieldsRequired).max(100, MSG.bankAccountInvalid).optional(),
  bankName: singleLineText(MSG.bankFieldsRequired).max(100, MSG.bankFieldsRequired).optional(),
  ifscCode: singleLineText(MSG.bankFieldsRequired).max(100, MSG.ifscInvalid).optional(),
});
export type WithdrawalBody = z.output<typeof withdrawalBodySchema>;
/** The bank fields of a withdrawal, checked with the bank form's rules when they are sent. */
export const withdrawalBankSchema = bankSchema;

export const bankDetailsSchema = z.object({
  accountHolderName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  ifscCode: z.string().nullable(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

export const withdrawalHistoryEntrySchema = z.object({
  status: z.enum(WALLET_REQUEST_STATUSES),
  at: z.string(),
  remarks: z.string().nullable(),
});

export const withdrawalSchema = z.object({
  id: z.string(),
  trxNumber: z.string(),
  amount: z.number(),
  /** Always 0 and 1: no fee, INR to INR; the admin list has the columns. */
  charge: z.number(),
  rate: z.number(),
  currency: z.literal('INR'),
  method: z.literal('bank'),
  status: z.enum(WALLET_REQUEST_STATUSES),
  remarks: z.string().nullable(),
  /** The bank account the money goes to, as it was when the request was made. */
  bank: bankDetailsSchema,
  /** Requested, then approved or rejected, with times and the admin's remarks. */
  history: z.array(withdrawalHistoryEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** One ledger movement as Financial Records shows it. */
export const walletTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(BILL_TYPES),
  direction: z.enum(['credit', 'debit']),
  amount: z.number(),
  balanceAfter: z.number(),
  currency: z.literal('INR'),
  account: z.enum(MONEY_ACCOUNTS),
  remarks: z.string().nullable(),
  /** Trade id, top-up id, withdrawal transaction number, ... */
  reference: z.string().nullable(),
  /** For a trade's entry, how the trade ended (running while open) and its profit once closed. */
  trade: z.object({ status: z.enum(TRADE_STATUSES), profit: z.number().nullable() }).nullable(),
  createdAt: z.string(),
});
export type WalletTransactionView = z.infer<typeof walletTransactionSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({ user: requestUserSchema });
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** GET /api/withdrawals/{id}: with the user's current bank details and the ledger entries. */
export const withdrawalDetailSchema = adminWithdrawalSchema.extend({
  userBank: bankDetailsSchema,
  /** The withdrawal debit; shown once approved (it exists from the request on). */
  ledgerEntry: walletTransactionSchema.nullable(),
  /** The withdrawal_return credit of a rejected request. */
  returnEntry: walletTransactionSchema.nullable(),
});
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

export const myWithdrawalsQuerySchema = z.object({
  page,
  limit: limit(MY_REQUESTS_PAGE_SIZE),
  status: statusFilter,
});
/** Admin list: every status unless filtered; search by name, email, transaction number or method. */
export const adminWithdrawalsQuerySchema = z.object({
  page,
  limit: limit(ADMIN_REQUESTS_PAGE_SIZE),
  status: statusFilter,
  search: singleLineText(MSG.invalidInput).trim().max(100, MSG.textTooLong).optional(),
});

export const withdrawalsResponseSchema = z.object({
  items: z.array(withdrawalSchema),
  pagination: paginationSchema,
});
export const adminWithdrawalsResponseSchema = z.object({
  items: z.array(adminWithdrawalSchema),
  pagination: paginationSchema,
});
/** 201 on create ("Withdrawal request submitted for review."), with the balances after the debit. */
export const withdrawalCreatedResponseSchema = z.object({
  withdrawal: withdrawalSchema,
  balances: z.object({ real: z.number(), practice: z.number() }),
  message: z.string(),
});
export const withdrawalDetailResponseSchema = z.object({ withdrawal: withdrawalDetailSchema });
export const withdrawalDecisionResponseSchema = z.object({
  withdrawal: withdrawalDetailSchema,
  message: z.string(),
});

/** PUT /api/withdrawals/{id}/status. */
export const withdrawalDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: MSG.invalidStatus }),
  remarks: multiLineText(MSG.remarksRequired)
    .trim()
    .min(1, MSG.remarksRequired)
    .max(500, MSG.remarksRequired),
});
export type WithdrawalDecision = z.output<typeof withdrawalDecisionSchema>;

// ---- Financial Records ------------------------------------------------------------------------

/** GET /api/wallet/transactions/my (10 per page by default). */
export const walletTransactionsQuerySchema = z.object({
  page,
  limit: limit(RECORDS_PAGE_SIZE),
  sort: z.enum(['-createdAt', 'createdAt']).default('-createdAt').catch('-createdAt'),
  /** A spec bill type (RECORD_BILL_FILTERS) or a stored one (BILL_TYPES); `all` = every type. */
  type: z
    .enum([...RECORD_BILL_FILTERS, ...BILL_TYPES])
    .default('all')
    .catch('all'),
  /** INR only; any other currency has no rows. */
  currency: singleLineText().trim().toUpperCase().max(10).default('INR').catch('INR'),
  account: z.enum(MONEY_ACCOUNTS).default('real').catch('real'),
});
export type WalletTransactionsQueryParams = z.output<typeof walletTransactionsQuerySchema>;
/** GET /api/admin/wallet/transactions/{userId}: the same filters, 20 per page by default. */
export const adminWalletTransactionsQuerySchema = walletTransactionsQuerySchema.extend({
  limit: limit(ADMIN_LEDGER_PAGE_SIZE),
});
export const walletTransactionsResponseSchema = z.object({
  items: z.array(walletTransactionSchema),
  pagination: paginationSchema,
});

// ---- holds ------------------------------------------------------------------------------------

/** PUT /api/admin/users/{id}/hold: the amount on hold (0 releases it) and why; audited, notified. */
export const holdBodySchema = z.object({
  /** The amount rule with 0 allowed (it releases the hold). */
  freezAmount: holdAmount(MSG.tradeAmountInvalid),
  reason: multiLineText(MSG.reasonRequired).trim().min(1, MSG.reasonRequired).max(500, MSG.reasonRequired),
});
export type HoldBody = z.output<typeof holdBodySchema>;

// ---- notifications ----------------------------------------------------------------------------

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  page,
  limit: limit(NOTIFICATIONS_DEFAULT_LIMIT, NOTIFICATIONS_MAX_LIMIT),
});
export const notificationsResponseSchema = z.object({
  items: z.array(notificationSchema),
  pagination: paginationSchema,
  unread: z.number().int(),
});
export const unreadCountResponseSchema = z.object({ count: z.number().int() });
/** POST /api/notifications/{id}/read and /read-all. */
export const markReadResponseSchema = z.object({ ok: z.literal(true), unread: z.number().int() });

// ---- admin badges -----------------------------------------------------------------------------

/** GET /api/admin/badges, and the `admin:badges` event to the admins room. */
export const adminBadgesSchema = z.object({
  pendingTopups: z.number().int(),
  pendingWithdrawals: z.number().int(),
});
export type AdminBadges = z.infer<typeof adminBadgesSchema>;

// ---- live events ------------------------------------------------------------------------------

/** `notification` to `user:{id}`: the new notification and the unread count after it. */
export type NotificationEvent = { notification: Notification; unread: number };
/** `topup:updated` to `user:{id}` (created or decided). */
export type TopupUpdatedEvent = { topup: Topup };
/** `withdrawal:updated` to `user:{id}` (created or decided). */
export type WithdrawalUpdatedEvent = { withdrawal: Withdrawal };
/** `hold` to `user:{id}` when an admin sets or releases a hold. */
export type HoldEvent = { freezAmount: number; freezReason: string | null };
