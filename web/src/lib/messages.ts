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
} as const;

export type WebMessageKey = keyof typeof WEB_MSG;
