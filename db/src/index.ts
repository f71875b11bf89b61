export {
  ACCOUNT_TOKEN_TTL_MS,
  accountTokenUser,
  consumeAccountToken,
  findMailRecipient,
  hashAccountToken,
  issueAccountToken,
  issueCappedAccountToken,
  type MailRecipient,
  recentAccountTokens,
  retireAccountTokens,
  withdrawAccountToken,
} from './account-tokens.ts';
export { type AdminStatsSnapshotRow, readAdminStats, refreshAdminStats } from './admin-stats.ts';
export {
  type BroadcastMessage,
  type BroadcastTarget,
  broadcastRecipientIds,
  countBroadcastRecipients,
  insertBroadcastNotifications,
  unreadNotificationCounts,
} from './broadcast.ts';
export { cancelTrade } from './cancel.ts';
export * from './client.ts';
export { generatePassword, generateReferralCode } from './codes.ts';
export * from './errors.ts';
export {
  type Balances,
  getBalances,
  getBalancesOf,
  getPlatformBalance,
  openUserAccounts,
  type PlatformAccountKind,
  type Posted,
  type PostInput,
  post,
  resetPractice,
} from './ledger.ts';
export {
  checkLedgerInvariants,
  type LedgerViolation,
  WALLET_TRANSACTIONS_MAX_LIMIT,
  type WalletTransaction,
  type WalletTransactionsQuery,
  walletTransactions,
  withdrawalEntries,
} from './ledger-queries.ts';
export {
  LOG_REDACT_CENSOR,
  LOG_REDACT_PATHS,
  type LoggedDatabaseError,
  loggedDatabaseError,
  logSafeErrorSerializer,
  statementName,
} from './log-safety.ts';
export { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';
export {
  createNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NewNotification,
  pendingRequestCounts,
  toNotification,
  unreadNotificationCount,
} from './notifications.ts';
export { dummyHash, hashPassword, verifyPassword } from './password.ts';
export {
  type EntryTick,
  type PlacedTrade,
  type PlacementSession,
  type PlaceTradeInput,
  placeTrade,
  type TradeSettingTerms,
} from './place.ts';
export { acceptDisclosure } from './responsible-trading.ts';
export * from './schema/index.ts';
export { type SeedOptions, type SeedResult, seed } from './seed.ts';
export {
  type SettleExpiryInput,
  type SettleExpiryResult,
  type SettleOptions,
  type SettleResult,
  settleExpiry,
  settleTrade,
} from './settle.ts';
export { SQL_FUNCTIONS_FOLDER } from './sql-functions.ts';
export {
  type ArchivedTick,
  archiveTicks,
  dropOldTickPartitions,
  ensureTickPartitions,
  lastTickAtOrBefore,
} from './ticks.ts';
export {
  createTopup,
  type DecidedTopup,
  decideTopup,
  findTopupByKey,
  type NewTopup,
  type TopupCaps,
  TopupDecidedError,
  type TopupDecision,
  TopupNotFoundError,
  topupApproveKey,
} from './topups.ts';
export {
  type ExitTick,
  type OverdueTrade,
  overdueRunningTrades,
  type RecomputedOutcome,
  recomputeOutcome,
  type TradeOutcome,
} from './trade-queries.ts';
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
  withdrawalReturnKey,
} from './withdrawals.ts';
