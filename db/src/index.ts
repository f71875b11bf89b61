export * from './client.ts';
export { generatePassword, generateReferralCode } from './codes.ts';
export {
  type Balances,
  checkLedgerInvariants,
  foreignKeyViolation,
  getBalances,
  getBalancesOf,
  getPlatformBalance,
  type LedgerViolation,
  openUserAccounts,
  type PlatformAccountKind,
  type Posted,
  type PostInput,
  post,
  resetPractice,
  WALLET_TRANSACTIONS_MAX_LIMIT,
  type WalletTransaction,
  type WalletTransactionsQuery,
  walletTransactions,
} from './ledger.ts';
export { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';
export * from './money-errors.ts';
export {
  createNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NewNotification,
  pendingRequestCounts,
  unreadNotificationCount,
} from './notifications.ts';
export { dummyHash, hashPassword, verifyPassword } from './password.ts';
export * from './schema/index.ts';
export { type SeedOptions, type SeedResult, seed } from './seed.ts';
export {
  type ArchivedTick,
  archiveTicks,
  dropOldTickPartitions,
  ensureTickPartitions,
  hasTickAfter,
  lastTickAtOrBefore,
  wholeSecond,
} from './ticks.ts';
export {
  createTopup,
  type DecidedTopup,
  decideTopup,
  findTopupByKey,
  type NewTopup,
  TopupDecidedError,
  type TopupDecision,
  TopupNotFoundError,
  topupApproveKey,
} from './topups.ts';
export {
  cancelTrade,
  decideOutcome,
  type EntryTick,
  type ExitTick,
  expiryFor,
  mulDivRoundHalfAwayFromZero,
  type OverdueTrade,
  overdueRunningTrades,
  type PlacedTrade,
  type PlacementSession,
  type PlaceTradeInput,
  placeTrade,
  type RecomputedOutcome,
  recomputeOutcome,
  type SettleExpiryInput,
  type SettleExpiryResult,
  type SettleOptions,
  type SettleResult,
  settleExpiry,
  settleTrade,
  type TradeOutcome,
  type TradeSettingTerms,
  winProfit,
} from './trades.ts';
export {
  type CreatedWithdrawal,
  createWithdrawal,
  type DecidedWithdrawal,
  decideWithdrawal,
  findWithdrawalByKey,
  generateTrxNumber,
  type NewWithdrawal,
  WithdrawalAboveAvailableError,
  type WithdrawalBank,
  WithdrawalBankRequiredError,
  WithdrawalDecidedError,
  type WithdrawalDecisionInput,
  WithdrawalNotFoundError,
  withdrawalDebitKey,
  withdrawalEntries,
  withdrawalReturnKey,
} from './withdrawals.ts';
