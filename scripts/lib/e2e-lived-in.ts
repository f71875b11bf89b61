/**
 * A lived-in platform for the end-to-end tests: the data a platform holds after some days of
 * use, made as people make it, through the public API (register, top-ups, withdrawals,
 * tickets, practice trades) and, where only staff can act (crediting real money, sending
 * notifications, adding a duration), through the admin API with the superadmin's sign-in.
 */
import { randomUUID } from 'node:crypto';
import {
  apiLogIn,
  type Credentials,
  createAccount,
  type Platform,
  placePracticeTrade,
  type RegisteredUser,
  registerUser,
} from './e2e.ts';
import { inboxMailsTo, linkIn } from './mail-catcher.ts';

export type LivedIn = {
  /** The user the signed-in sweeps use: unread notifications, open tickets, trades, requests. */
  user: RegisteredUser;
  /** A plain admin (not superadmin) with two-factor sign-in set up. */
  admin: Credentials;
  /** The user's practice trade still running (a duration of hours) and one already settled. */
  runningTradeId: string;
  settledTradeId: string;
  /** A pending withdrawal (its admin detail page). */
  withdrawalId: string;
  /** A user with names at the longest registration allows. */
  longNameUser: RegisteredUser;
  /** A user who did nothing since registering: empty lists beside the full ones. */
  quietUser: RegisteredUser;
  /** The emailed links of the quiet user: verify the address, and reset the password. */
  verifyEmailPath: string;
  resetPasswordPath: string;
  /** What was seeded, for the test to check the pages show it. */
  pendingTopups: number;
  pendingWithdrawals: number;
  unreadNotifications: number;
};

/** A real 1 x 1 PNG, as a top-up's voucher. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Top-ups and withdrawals each user leaves pending: under the per-user limits, so several users. */
const TOPUPS_PER_USER = 3;
const WITHDRAWALS_PER_USER = 3;
const UNREAD_NOTIFICATIONS = 12;

async function call(
  platform: Pick<Platform, 'url'>,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${platform.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' ? undefined : body instanceof FormData ? body : JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} failed (${res.status}): ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Waits until `check` gives a value (not undefined), asking every quarter second. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`lived-in seed: no ${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The path and query of the newest emailed link to `path` sent to `address`. */
async function mailedLink(platform: Platform, address: string, path: string): Promise<string> {
  return until(`email with a ${path} link to ${address}`, async () => {
    const mails = (await inboxMailsTo(platform.mailInbox, address)).filter((m) => m.text.includes(path));
    const mail = mails[mails.length - 1];
    if (!mail) return undefined;
    const link = new URL(linkIn(mail, 'http'));
    return `${link.pathname}${link.search}`;
  });
}

async function sendTopup(platform: Platform, who: RegisteredUser, amount: number) {
  const form = new FormData();
  form.set('amount', String(amount));
  form.set('currency', 'INR');
  form.set('voucher', new Blob([PNG], { type: 'image/png' }), 'payment.png');
  await call(platform, 'POST', '/api/topups', who.token, form);
}

async function requestWithdrawal(platform: Platform, who: RegisteredUser, holder: string, amount: number) {
  const answer = await call(platform, 'POST', '/api/withdrawals', who.token, {
    amount,
    accountHolderName: holder.slice(0, 100),
    bankAccountNumber: '123456789012',
    bankName: 'State Bank of India',
    ifscCode: 'SBIN0001234',
  });
  return String((answer.withdrawal as { id: string }).id);
}

export async function seedLivedIn(platform: Platform): Promise<LivedIn> {
  const superToken = await apiLogIn(platform, platform.superadmin);
  const register = (firstName: string, lastName: string, prefix: string) =>
    registerUser(platform, { firstName, lastName, prefix });

  const user = await register('Meera', 'Nair', 'meera');
  // A short trade first, so it settles while the rest is made.
  const settledTradeId = await placePracticeTrade(platform, user, 'up');

  const longNameUser = await register(
    'Venkata Subrahmanya Lakshminarayana Chakravarthy',
    'Ramaswamy-Iyengar Padmanabhan Sundararajan',
    'longname',
  );
  const traders = [
    user,
    longNameUser,
    await register('Arjun', 'Das', 'arjun'),
    await register('Kavya', 'Iyer', 'kavya'),
  ];
  const quietUser = await register('Kabir', 'Rao', 'quiet');
  const admin = await createAccount(platform, superToken, 'admin', { firstName: 'Ravi', lastName: 'Menon' });

  // A duration of hours, so a trade is still running through every sweep.
  const setting = await call(platform, 'POST', '/api/trade-setting', superToken, {
    time: 2,
    unit: 'Hours',
    payoutPercent: 80,
  });
  const hours = (setting.data as Array<{ id: number; seconds: number }>).find((s) => s.seconds === 7200);
  if (!hours) throw new Error('lived-in seed: the two-hour duration is not in the list');
  const settingId = hours.id;
  const runningTradeId = await placePracticeTrade(platform, user, 'down', { settingId });

  let withdrawalId = '';
  for (const [i, trader] of traders.entries()) {
    // Real money comes in by an admin's credit; the user then asks for it back, and for more.
    await call(platform, 'POST', `/api/admin/users/${trader.id}/balance-adjustments`, superToken, {
      type: 'credit',
      amount: 50_000,
      remarks: 'Opening balance',
    });
    for (let n = 0; n < TOPUPS_PER_USER; n++) await sendTopup(platform, trader, 1_000 + 250 * (i + n));
    for (let n = 0; n < WITHDRAWALS_PER_USER; n++) {
      withdrawalId = await requestWithdrawal(platform, trader, `Holder ${trader.username}`, 1_500 + 100 * n);
    }
    await call(platform, 'POST', '/api/tickets', trader.token, {
      subject: `Withdrawal ${i + 1} not received yet`,
      message: 'I asked for a withdrawal to my bank account two days ago and it has not arrived yet.',
    });
  }
  await call(platform, 'POST', '/api/tickets', user.token, {
    subject: 'Question about a practice trade',
    message: 'My practice trade closed at a price I did not expect; how is the closing price chosen?',
  });

  // Notifications the user has not read yet (the credit already sent one).
  for (let n = 1; n < UNREAD_NOTIFICATIONS; n++) {
    await call(platform, 'POST', '/api/admin/notifications', superToken, {
      audience: 'user',
      user: user.username,
      type: 'system',
      title: `Scheduled maintenance notice ${n}`,
      body: 'Trading pauses for a few minutes tonight while the platform is updated.',
    });
  }

  // The quiet user's emailed links: the address confirmation from registration, and a reset.
  const verifyEmailPath = await mailedLink(platform, quietUser.email, '/verify-email');
  const forgot = await fetch(`${platform.url}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: quietUser.email }),
  });
  if (!forgot.ok) throw new Error(`forgot-password failed (${forgot.status}): ${await forgot.text()}`);
  const resetPasswordPath = await mailedLink(platform, quietUser.email, '/reset-password');

  await until('settled practice trade', async () => {
    const answer = await call(platform, 'GET', `/api/trades/${settledTradeId}`, user.token).catch(() => null);
    const status = (answer?.trade as { status?: string } | undefined)?.status;
    return status && status !== 'running' ? status : undefined;
  });

  return {
    user,
    admin,
    runningTradeId,
    settledTradeId,
    withdrawalId,
    longNameUser,
    quietUser,
    verifyEmailPath,
    resetPasswordPath,
    pendingTopups: traders.length * TOPUPS_PER_USER,
    pendingWithdrawals: traders.length * WITHDRAWALS_PER_USER,
    unreadNotifications: UNREAD_NOTIFICATIONS,
  };
}
