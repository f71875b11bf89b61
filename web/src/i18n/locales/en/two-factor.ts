/** Two-factor sign-in: the login page's code step, the account section and the staff setup screen. */
export const twoFactor = {
  twoFactor: {
    title: 'Two-factor authentication',
    intro:
      'Sign in with your password and a code from an authenticator app (Google Authenticator, Authy, 1Password and others).',
    statusOn: 'On',
    statusOff: 'Off',
    recoveryLeft: 'Recovery codes left: {{count}}',
    start: 'Set up two-factor authentication',
    starting: 'Preparing...',
    scan: 'Scan this QR code with your authenticator app, or type the key below into it.',
    qrAlt: 'QR code for your authenticator app',
    manualKey: 'Key for typing in by hand',
    recoveryTitle: 'Recovery codes',
    recoveryHint:
      'Save these codes somewhere safe now: they are shown only once. Each one signs you in once if you lose your phone.',
    code: 'Code from the app',
    enable: 'Turn on',
    enabling: 'Turning on...',
    disableTitle: 'Turn off two-factor authentication',
    disableHint: 'Enter your password and a code from the app (or a recovery code).',
    password: 'Password',
    disableCode: 'Code or recovery code',
    disable: 'Turn off',
    disabling: 'Turning off...',
    stepTitle: 'Enter your code',
    stepIntro:
      'Open your authenticator app and enter the 6-digit code for this account, or use a recovery code.',
    verify: 'Verify',
    verifying: 'Verifying...',
    back: 'Back to log in',
    requiredTitle: 'Set up two-factor authentication',
    requiredIntro:
      'Staff accounts sign in with a second factor. Set it up now to open the admin panel; until then staff pages stay closed.',
    toPanel: 'Open the admin panel',
  },
};
