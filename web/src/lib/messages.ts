/**
 * The specification's exact English messages that only the web app shows (the shared MSG
 * holds the ones the API also sends). Both are translated by looking the English text up.
 */
export const WEB_MSG = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  profileFailed: 'Failed to update profile.',
  passwordFailed: 'Failed to change password.',
  bankSaveFailed: 'Failed to save bank details.',
  supportSubject: 'Please enter a subject.',
  supportEmail: 'Please enter a valid email.',
  supportMessage: 'Message should be at least 10 characters.',
  supportLogin: 'Please log in to open a support ticket.',
  ticketFailed: 'Could not create ticket. Please try again.',
  ticketCreated: 'Ticket created! Our support will reply in your ticket thread.',
  statsFailed: 'Error loading stats.',
  keysLoadFailed: 'Failed to load referral keys',
  limitFailed: 'Error updating limit',
  statusFailed: 'Error updating status',
  createFailed: 'Create failed',
  createUserFailed: 'Failed to create user',
  createAdminFailed: 'Failed to create admin',
  settingsLoadFailed: 'Failed to load settings',
  settingsSaveFailed: 'Failed to save settings',
  loginsLoadFailed: 'Failed to load login history.',
  overviewFailed: 'Failed to load the overview.',
  copied: 'Copied',
  // wallet (user-side §8, admin-side §8)
  topupSubmitFailed: 'Failed to submit top-up.',
  topupsLoadFailed: 'Failed to load your top-ups.',
  voucherLoadFailed: 'Failed to load voucher image.',
  withdrawalSubmitFailed: 'Failed to submit.',
  withdrawalsLoadFailed: 'Failed to load your withdrawals.',
  bankLoadFailed: 'Failed to load bank details.',
  adminTopupsLoadFailed: 'Failed to load top-ups',
  actionFailed: 'Action failed',
  adminVoucherLoadFailed: 'Failed to load voucher image',
  withdrawalLoadFailed: 'Failed to load withdrawal.',
  http401: 'Unauthorized (401) - please log in again.',
  http403: 'Forbidden (403) - admin access required.',
  http404: 'Not found (404) - record may have been removed.',
  httpOther: 'Server error - try again.',
  recordsLoadFailed: 'Failed to load financial records.',
  notificationsLoadFailed: 'Failed to fetch notifications',
  // admin coins (admin-side §8)
  coinsLoadFailed: 'Failed to load coin list.',
  coinDeleteFailed: 'Failed to delete coin.',
  coinSaveFailed: 'Failed to save coin.',
  // admin users (admin-side §8)
  banFailed: 'Ban failed.',
  passwordUpdateFailed: 'Failed to update password.',
  reputationUpdateFailed: 'Failed to update reputation.',
  userUpdateFailed: 'Update failed.',
  transactionFailed: 'Transaction failed.',
  // the API client's own failures (no answer; an answer of the wrong shape)
  networkError: 'Network error',
  unexpectedAnswer: 'Unexpected answer from the server.',
} as const;

export type WebMessageKey = keyof typeof WEB_MSG;
