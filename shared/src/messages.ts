/** The specification's exact user-facing messages, shared by forms and the API. */
export const MSG = {
  // user-side §5
  loginRequired: 'Please enter both username/email and password',
  usernameInvalid: 'Username must be 3-20 characters (letters, numbers, underscore).',
  emailInvalid: 'Please enter a valid email address.',
  referralInvalid: 'Referral key must be exactly 8 characters (A-Z, 0-9).',
  requiredFields: 'Please fill all required fields.',
  passwordTooShort: 'Password must be at least 6 characters.',
  changePasswordBoth: 'Please fill both fields.',
  newPasswordTooShort: 'New password must be at least 6 characters.',
  newPasswordSame: 'New password must be different from current password.',
  passwordChanged: 'Password changed successfully.',
  passwordBlank: 'Password cannot be only spaces.',
  passwordTooWeak: 'This password is too easy to guess. Please choose another.',
  profileNamesRequired: 'First and last name are required.',
  bankFieldsRequired: 'Please fill all bank details.',
  bankAccountInvalid: 'Enter a valid account number (9-18 digits).',
  ifscInvalid: 'Enter a valid IFSC code (e.g. SBIN0001234).',
  bankSaved: 'Bank details saved.',
  profileSaved: 'Profile updated.',
  accountCreated: 'Account created!',
  // server-side answers
  invalidCredentials: 'Invalid username/email or password.',
  accountBanned: 'This account has been banned.',
  currentPasswordWrong: 'Current password is incorrect.',
  usernameTaken: 'That username is already taken.',
  emailTaken: 'An account with that email already exists.',
  referralUnknown: 'That referral key does not exist.',
  referralInactive: 'That referral key is not active.',
  referralExpired: 'That referral key has expired.',
  referralUsedUp: 'That referral key has reached its maximum number of uses.',
  unauthorized: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  // A limit's refusal says its real wait: retryLaterMessage(MSG.tooManyAttempts, seconds).
  tooManyAttempts: 'Too many attempts.',
  accountLocked: 'This account is locked after too many failed sign-in attempts.',
  accountUnlocked: 'Sign-in unlocked: the failed attempts were cleared.',
  // two-factor sign-in (TOTP)
  twoFactorCodeInvalid: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app.',
  twoFactorCodeWrong: 'That code is not right, or it was used already. Wait for the next code and try again.',
  twoFactorChallengeExpired: 'This sign-in has expired. Please log in again.',
  twoFactorNotStarted: 'Start the two-factor setup first.',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  twoFactorNotEnabled: 'Two-factor sign-in is not on.',
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorPasswordRequired: 'Enter your password and a code.',
  twoFactorSetupRequired:
    'Staff accounts must use two-factor sign-in. Turn it on from your account page to use the admin panel.',
  serverError: 'Something went wrong on our side. Please try again.',
  // PostgreSQL or Redis away for a moment (a restart): retryLaterMessage(MSG.briefOutage, seconds).
  briefOutage: 'The service is briefly unavailable.',
  // sessions ended on every device (the socket's `session:ended`, POST /api/auth/logout-all)
  sessionEndedPasswordChanged: 'Your password was changed. Please log in again.',
  sessionEndedEverywhere: 'You have been logged out on all devices.',
  sessionEndedRoleChanged: 'Your account role was changed. Please log in again.',
  sessionEndedPasswordSetByAdmin:
    'An administrator set a new password for your account. Please log in with it.',
  sessionEndedPasswordReset: 'Your password was reset. Please log in with the new one.',
  sessionEndedTwoFactorEnabled: 'Two-factor sign-in was turned on for your account. Please log in again.',
  // account recovery and email verification (links sent by email)
  identifierRequired: 'Please enter your username or email.',
  resetLinkSent:
    'If an account matches, we have sent it an email with a link to reset the password. The link works for 30 minutes.',
  resetLinkInvalid: 'This reset link is invalid, already used or expired. Please ask for a new one.',
  passwordReset: 'Your password has been reset. Please log in with the new one.',
  verifyLinkInvalid: 'This verification link is invalid, already used or expired.',
  emailVerified: 'Your email address is verified.',
  verificationSent: 'We have sent a new verification link to your email address.',
  emailAlreadyVerified: 'Your email address is already verified.',
  // live connection limits (Socket.IO)
  tooManySocketEvents: 'Too many requests at once. Please slow down.',
  tooManySocketConnections: 'Too many connections from your network. Please close other tabs and try again.',
  // admin-side §5
  nameRequired: 'Name is required',
  adminUsernameInvalid: 'Username must be 3-20 chars (letters, numbers, . _ -)',
  adminEmailInvalid: 'Enter a valid email',
  adminPasswordTooShort: 'Password must be at least 6 characters',
  titleRequired: 'Title is required',
  maxUsesInvalid: 'Max uses must be a whole number of at least 1.',
  maxUsesBelowUsed: 'Max uses cannot be below the number of times the key was used.',
  expiryInvalid: 'Expiry must be a valid date in the future, at most 5 years from today.',
  urlInvalid: 'Enter a valid URL (http or https).',
  currencyInvalid: 'Currency must be INR.',
  invalidInput: 'Invalid input',
  validNumber: 'Enter a valid number.',
  userCreated: 'User created successfully.',
  adminCreated: 'Admin user created successfully.',
  settingsSaved: 'Settings saved',
  failedToSave: 'Failed to save',
  // trades (user-side §5, §8)
  loginToTrade: 'Please log in to trade.',
  tradeAmountInvalid: 'Enter a valid amount.',
  insufficientBalance: 'Insufficient balance.',
  selectTradeSetting: 'Please select a time/percentage.',
  tradeRecordFailed: 'Trade failed to record. Please try again.',
  ordersLoadFailed: 'Failed to load your orders.',
  // trades, server-side answers
  priceStale:
    'The price feed is not current right now, so no trade can be placed. Please try again in a moment.',
  simulatedRealRefused:
    'Live prices are unavailable: on the simulated demo feed only practice trades can be placed.',
  coinNotTradable: 'This coin is not available for trading.',
  tradeSettingUnknown: 'That trade duration is no longer offered. Please choose another.',
  idempotencyKeyInvalid:
    'Send an Idempotency-Key header (8-100 letters, digits, - or _) with each new request.',
  idempotencyKeyReused: 'That Idempotency-Key was already used for a different trade.',
  tradeNotRunning: 'Only a running trade can be cancelled; settled trades are final.',
  reasonRequired: 'A reason is required.',
  // risk limits (admin), and placement's refusals under them
  stakeAboveLimit: 'The stake is above the maximum per trade.',
  openStakeAboveLimit: 'This trade would take your open stake on this coin above the maximum per coin.',
  riskLimitInvalid: 'Enter a valid amount, or leave it empty for no limit.',
  riskLimitsOrder: 'The maximum per trade cannot be above the maximum open stake per coin.',
  riskLimitsSaved: 'Risk limits saved.',
  // admin coins (admin-side §5, INTEGRITY §1)
  coinSymbolInvalid: 'Symbol must be 2-15 capital letters or digits.',
  coinNameRequired: 'Coin name is required.',
  coinMarketSymbolInvalid: 'Market pair must be 5-20 capital letters or digits, e.g. BTCUSDT.',
  coinSortOrderInvalid: 'Sort order must be a whole number of at least 0.',
  coinFieldUnknown:
    'A coin has a symbol, name, enabled, sort order, icon and market pair only: prices come from the market feed.',
  coinExists: 'A coin with this symbol already exists.',
  coinSymbolImmutable: 'The symbol of a coin cannot be changed after it is created.',
  coinHasRunningTrades: 'This coin has running trades: disable it instead.',
  coinHasTicks: 'This coin has archived prices behind its trades: disable it instead.',
  coinSaved: 'Coin saved.',
  coinDeleted: 'Coin deleted.',
  // announcements (user-side §2 info pages; written on the admin's Announcements screen)
  announcementTitleRequired: 'Title is required.',
  announcementTitleTooLong: 'Title must be at most 120 characters.',
  announcementBodyRequired: 'Announcement text is required.',
  announcementBodyTooLong: 'Announcement text must be at most 5000 characters.',
  announcementFieldUnknown: 'An announcement has a title, a text and whether it is published only.',
  announcementSaved: 'Announcement saved.',
  announcementDeleted: 'Announcement deleted.',
  // wallet (user-side §5, admin-side §5, §8)
  topupAmountInvalid: 'Enter a valid amount greater than 0.',
  voucherRequired: 'Please attach the recharge voucher image.',
  voucherNotImage: 'Please select an image file (jpg, png, webp).',
  voucherTooLarge: 'Image is too large (max 5MB).',
  topupSent: 'Top-up request sent for review.',
  withdrawalBankRequired: 'Please fill your bank details before withdrawing',
  withdrawalSubmitted: 'Withdrawal request submitted for review.',
  invalidStatus: 'Invalid status.',
  remarksRequired: 'Remarks are required.',
  requestApproved: 'Request approved.',
  requestRejected: 'Request rejected.',
  // wallet, server-side answers
  withdrawalAboveAvailable: 'The amount is more than your available balance.',
  requestAlreadyDecided: 'This request has already been decided.',
  withdrawalApproved: 'Withdrawal approved.',
  withdrawalRejected: 'Withdrawal rejected.',
  holdUpdated: 'Hold updated.',
  idempotencyKeyReusedRequest: 'That Idempotency-Key was already used for a different request.',
  holdOwnAccount: 'You cannot put a hold on your own account.',
  holdAdminAccount: 'Only a superadmin can put a hold on an admin or superadmin account.',
  // input that no field accepts (shared validation primitives)
  textControlCharacters: 'Text must not contain control characters.',
  textTooLong: 'That text is too long.',
  dateInvalid: 'Enter a real date (YYYY-MM-DD) from 2020-01-01 to one year from today.',
  uploadInvalid: 'The upload could not be read. Please attach the voucher and try again.',
  // audit trail filter
  dateRangeInvalid: 'The start date must not be after the end date.',
  // admin users (admin-side §5, §8)
  banReasonRequired: 'Reason required.',
  adjustmentRequired: 'Amount and remark required.',
  deductBelowZero: 'Cannot deduct below zero.',
  newPasswordTwice: 'Enter the new password twice.',
  passwordsDoNotMatch: 'Passwords do not match.',
  userUpdated: 'User updated successfully.',
  userBanned: 'User banned.',
  userUnbanned: 'User unbanned.',
  passwordUpdated: 'Password updated successfully.',
  reputationUpdated: 'Reputation updated.',
  balanceAdjusted: 'Balance updated.',
  // admin notifications (admin-side §5, §8; INTEGRITY: credits are told by the ledger)
  invalidJson: 'Invalid JSON',
  broadcastCreditRefused: 'Credit notices come from a balance adjustment.',
  broadcastUserRequired: 'Enter a username, email or user id.',
  broadcastListRequired: 'Enter at least one recipient.',
  broadcastUserIdInvalid: 'Every entry must be a user id.',
  broadcastRoleRequired: 'Choose a role.',
  broadcastNoRecipients: 'No users match this audience.',
  broadcastAdminRoleForbidden: 'Only a superadmin can message admin or superadmin accounts.',
  broadcastFailed: 'Failed to send notifications',
  // support tickets (user-side §5, §8)
  ticketSubjectInvalid: 'Please enter a subject.',
  ticketMessageTooShort: 'Message should be at least 10 characters.',
  ticketCreated: 'Ticket created! Our support will reply in your ticket thread.',
  ticketReplyEmpty: 'Please write a message.',
  ticketReplySent: 'Reply sent.',
  ticketStatusSet: 'Ticket status updated.',
  // limits on what one user repeats (a rate's refusal adds when to try again)
  ticketsTooMany: 'You have opened many tickets in the last hour.',
  ticketsOpenTooMany:
    'You have several tickets waiting for an answer. Please add to one of them, or wait until support answers.',
  topupsTooMany: 'You have sent many top-up requests in the last hour.',
  topupsPendingTooMany: 'You have several top-ups waiting for review. Please wait until they are decided.',
  voucherStorageFull:
    'Your voucher images of the last 24 hours and of top-ups waiting for review take all the space one account may use. Please try again later.',
  withdrawalsPendingTooMany:
    'You have several withdrawals waiting for review. Please wait until they are decided.',
  accountMailsTooMany: 'You have asked for this email too many times in the last hour.',
  // responsible trading (the user's own limits and the risk disclosure)
  disclosureRequired: 'Please read and accept the risk disclosure before trading or moving real money.',
  disclosureOutdated: 'This is not the current risk disclosure. Reload the page and read it again.',
  disclosureAccepted: 'Risk disclosure accepted.',
  coolingOff:
    'You are taking a cool-off: real-money trades and top-ups are paused until it ends. Withdrawals stay open.',
  selfExcluded:
    'You have excluded yourself: real-money trades and top-ups are closed until the exclusion ends. Withdrawals stay open.',
  dailyLossLimitReached: 'This trade would take your losses today above your daily loss limit.',
  dailyDepositLimitReached: 'This top-up would take your deposits today above your daily deposit limit.',
  dailyLimitInvalid: 'Enter a limit above 0, or leave it empty for no limit.',
  limitsSaved: 'Limits saved. A lower limit applies at once; a higher one or its removal after 24 hours.',
  coolOffInvalid: 'Choose a cool-off from 24 hours to 6 weeks.',
  coolOffStarted: 'Your cool-off has started.',
  selfExclusionInvalid: 'Choose a self-exclusion of 6 months or more.',
  selfExclusionStarted: 'Your self-exclusion has started.',
  topupUserExcluded:
    'The user is in a cool-off or self-exclusion, so this top-up cannot be credited. Reject it and return the payment.',
  topupAboveDepositLimit:
    "This top-up is above the user's daily deposit limit for the day it was asked for. Reject it and return the payment.",
  // statements (Financial Records)
  statementRangeTooLong: 'A statement covers at most 3 years: choose a shorter period.',
  statementFormatInvalid: 'Choose CSV or PDF.',
  // trading halt (superadmin)
  tradingHalted: 'Trading is paused on the platform. Running trades still settle. Reason:',
  coinTradingHalted: 'Trading in this coin is paused. Running trades still settle. Reason:',
  haltReasonRequired: 'A reason is required (at most 200 characters).',
  tradingHaltSaved: 'Trading halt saved.',
} as const;
export type MessageKey = keyof typeof MSG;

/** A wait in words, rounded up and never nothing: "1 second", "42 seconds", "15 minutes", "2 hours". */
export function waitInWords(seconds: number): string {
  const unit = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return unit(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  return unit(Math.ceil(s / 3600), 'hour');
}

/**
 * A refusal that passes with time, with its real wait (what Retry-After says, in seconds):
 * "Too many attempts. Try again in 15 minutes." Every limit and the account lock answer with it.
 */
export function retryLaterMessage(reason: string, seconds: number): string {
  return `${reason} Try again in ${waitInWords(seconds)}.`;
}
