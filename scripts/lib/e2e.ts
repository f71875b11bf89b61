/**
 * End-to-end harness: the platform exactly as `pnpm start` brings it up (scripts/start.ts as
 * a child process) on a fresh database and Redis prefix, and headless Chromium to drive it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTestDatabase } from '@app/db/testing';
import { DISCLOSURE_VERSION } from '@app/shared';
import { generateSync } from 'otplib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { freePort } from './services.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** Where the end-to-end tests find Chromium. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export type Credentials = { username: string; email: string; password: string };

/** A TOTP secret the tests hold for an account, and the last time step a code was sent at. */
export type TotpState = { secret: string; lastStep: number };

export type Platform = {
  url: string;
  /** Each gateway's own URL (its loopback port), as the launcher's GATEWAYS line names them. */
  gateways: string[];
  /** The first referral key, created by the seed of this fresh database. */
  referralKey: string;
  /** Signed up for two-factor sign-in at the start (staff must be): `logIn` answers its codes. */
  superadmin: Credentials;
  /**
   * The TOTP secrets of accounts with two-factor sign-in on, by username and by email (lower
   * case): `logIn` and `apiLogIn` answer the code step with them.
   */
  totp: Map<string, TotpState>;
  /** The web inbox of the launcher's mail catcher: every email the platform sent (inboxMailsTo). */
  mailInbox: string;
  /** Everything the launcher and its processes printed so far. */
  output: () => string;
  stop: () => Promise<void>;
};

const decode = (value: string) => decodeURIComponent(value);

/** The fields of a `KIND a=1 b=2` line printed by scripts/start.ts (values %-decoded), if it is one. */
export function machineLine(line: string, kind: string): Record<string, string> | undefined {
  if (!line.startsWith(`${kind} `)) return undefined;
  return Object.fromEntries(
    line
      .slice(kind.length + 1)
      .split(' ')
      .map((pair) => {
        const i = pair.indexOf('=');
        return [pair.slice(0, i), decode(pair.slice(i + 1))];
      }),
  );
}

export type StartPlatformOptions = {
  adminDatabaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Build web/dist first (default true); false serves the build already there. */
  buildWeb?: boolean;
  timeoutMs?: number;
  /**
   * The workers' market feed (default 'simulated': a seeded random walk, no network needed;
   * the web shows its "Simulated prices" banner).
   */
  marketSource?: 'simulated' | 'binance';
  /** More settings for the launcher and the processes it starts (they win over the defaults). */
  env?: Record<string, string>;
};

export async function startPlatform(options: StartPlatformOptions): Promise<Platform> {
  const database = await createTestDatabase(options.adminDatabaseUrl);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-platform-'));
  const logFile = join(tmpdir(), `e2e-platform-${port}.log`);
  const superadmin: Credentials = {
    username: `root${randomBytes(3).toString('hex')}`,
    email: `root-${randomBytes(3).toString('hex')}@example.com`,
    password: `Root-${randomBytes(6).toString('hex')}`,
  };

  // The test runner's own variables (NODE_ENV=test, VITEST_*) must not leak into the build and servers.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('VITEST') && !k.startsWith('TEST_') && k !== 'NODE_ENV',
    ),
  );
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX, 'scripts/start.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: options.redisPrefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: options.buildWeb === false ? '1' : '0',
      SUPERADMIN_USERNAME: superadmin.username,
      SUPERADMIN_EMAIL: superadmin.email,
      SUPERADMIN_PASSWORD: superadmin.password,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      REGISTER_RATE_LIMIT: '1000',
      NO_COLOR: '1',
      MARKET_SOURCE: options.marketSource ?? 'simulated',
      SIMULATED_SEED: 'e2e',
      // The web build then exposes its test hooks (window.__app: socket drop, render counts).
      VITE_E2E: '1',
      // The launcher's own mail catcher receives every email (whatever SMTP_URL the shell has),
      // on ports of its own.
      SMTP_URL: '',
      MAILDEV_SMTP_PORT: '0',
      MAILDEV_WEB_PORT: '0',
      ...options.env,
    },
  });

  let output = '';
  let pending = '';
  let seeded: Record<string, string> = {};
  let mail: Record<string, string> = {};
  let gateways: string[] = [];
  let resolveReady: (url: string) => void = () => {};
  const ready = new Promise<string>((resolve) => {
    resolveReady = resolve;
  });
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      seeded = machineLine(line, 'SEEDED') ?? seeded;
      mail = machineLine(line, 'MAIL') ?? mail;
      const g = machineLine(line, 'GATEWAYS');
      if (g?.urls) gateways = g.urls.split(',');
      const r = machineLine(line, 'READY');
      if (r?.url) resolveReady(r.url);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const cleanup = async () => {
    writeFileSync(logFile, output);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop().catch(() => {});
  };
  const timeoutMs = options.timeoutMs ?? 240_000;
  const url = await Promise.race([
    ready,
    exited.then((code) => {
      throw new Error(`scripts/start.ts exited (code ${code}) before READY:\n${output.slice(-6000)}`);
    }),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`no READY within ${timeoutMs / 1000} s:\n${output.slice(-6000)}`)),
        timeoutMs,
      ).unref(),
    ),
  ]).catch(async (err: unknown) => {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    await cleanup();
    throw err;
  });
  if (!seeded.referralKey) throw new Error(`the seed printed no referral key:\n${output.slice(-4000)}`);
  if (!mail.inbox) throw new Error(`the launcher printed no mail inbox:\n${output.slice(-4000)}`);

  const platform: Platform = {
    url,
    gateways,
    referralKey: seeded.referralKey,
    superadmin,
    totp: new Map(),
    mailInbox: mail.inbox,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const code = await Promise.race([
          exited,
          new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 45_000)),
        ]);
        if (code === 'timeout') child.kill('SIGKILL');
      }
      await cleanup();
    },
  };
  // Staff routes refuse a superadmin without two-factor sign-in; the first sign-in of a person
  // leads to its setup (ADR 0018), which the tests do here once through the API.
  try {
    await enrollTwoFactor(platform, superadmin);
  } catch (err) {
    await platform.stop();
    throw err;
  }
  return platform;
}

const TOTP_STEP_SECONDS = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);

/**
 * A code the gateway has not accepted before: it never takes a code of a step at or before the
 * last it accepted, and accepts one step ahead of its clock. So a second sign-in within 30 s
 * takes the next step's code, and a third waits for the clock to move on.
 */
export async function nextTotpCode(state: TotpState): Promise<string> {
  const step = Math.max(currentStep(), state.lastStep + 1);
  while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
  state.lastStep = step;
  return generateSync({ secret: state.secret, epoch: step * TOTP_STEP_SECONDS });
}

/** Keep an account's secret for later sign-ins, by its username and its email. */
export function rememberTotp(
  platform: Pick<Platform, 'totp'>,
  who: Pick<Credentials, 'username' | 'email'>,
  secret: string,
) {
  const state: TotpState = { secret, lastStep: -1 };
  platform.totp.set(who.username.toLowerCase(), state);
  platform.totp.set(who.email.toLowerCase(), state);
  return state;
}

async function postJson(platform: Pick<Platform, 'url'>, path: string, body: unknown, token?: string) {
  const res = await fetch(`${platform.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} failed (${res.status}): ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Both steps of a sign-in through the API (a code when the account has two-factor sign-in on): the token. */
export async function apiLogIn(platform: Pick<Platform, 'url' | 'totp'>, who: Credentials): Promise<string> {
  const first = await postJson(platform, '/api/auth/login', {
    identifier: who.username,
    password: who.password,
  });
  if (!first.twoFactorRequired) return String(first.token);
  const state = platform.totp.get(who.username.toLowerCase());
  if (!state)
    throw new Error(`${who.username} has two-factor sign-in on, but the tests hold no secret for it`);
  const second = await postJson(platform, '/api/auth/2fa/verify', {
    challenge: first.challenge,
    code: await nextTotpCode(state),
  });
  return String(second.token);
}

/** Two-factor sign-in set up and turned on for an account through the API, the secret kept. */
export async function enrollTwoFactor(
  platform: Pick<Platform, 'url' | 'totp'>,
  who: Credentials,
): Promise<void> {
  const token = await apiLogIn(platform, who);
  const setup = await postJson(platform, '/api/auth/2fa/setup', {}, token);
  const state = rememberTotp(platform, who, String(setup.secret));
  await postJson(platform, '/api/auth/2fa/enable', { code: await nextTotpCode(state) }, token);
}

/**
 * The setup on the page (the account page's card, or the staff setup screen) as a person does
 * it, reading the key from the page instead of scanning the QR code; the secret is kept.
 */
export async function setUpTwoFactorOnPage(page: Page, platform: Platform, who: Credentials) {
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const setup = page.getByTestId('two-factor-setup');
  const secret = (await setup.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  const state = rememberTotp(platform, who, secret);
  await setup.getByLabel('Code from the app').fill(await nextTotpCode(state));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await setup.waitFor({ state: 'detached' });
}

export type Browser = { context: BrowserContext; page: Page; close: () => Promise<void> };

/** A fresh headless Chromium with a profile of its own (a separate browser, cookies and storage). */
export async function openBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}; the end-to-end tests need it: apt-get install -y chromium`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Runs a scenario step; on failure saves a screenshot of every open page to /tmp and rethrows. */
export async function withScreenshots<T>(name: string, pages: Page[], step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const saved: string[] = [];
    for (const [i, page] of pages.entries()) {
      const path = `/tmp/e2e-${name.replace(/[^a-z0-9]+/gi, '-')}-${stamp}-${i}.png`;
      try {
        await page.screenshot({ path, fullPage: true });
        saved.push(`${path} (${page.url()})`);
      } catch {
        // the page may be gone
      }
    }
    if (err instanceof Error && saved.length) err.message += `\nscreenshots: ${saved.join(', ')}`;
    throw err;
  }
}

/** Browsers a test file opens, closed together in its afterAll. */
export function browserPool() {
  const open: Browser[] = [];
  return {
    async open(): Promise<Browser> {
      const b = await openBrowser();
      open.push(b);
      return b;
    },
    async closeAll(): Promise<void> {
      for (const b of open.splice(0)) await b.close();
    },
  };
}

/**
 * Log in through the login page, answering the code step with the account's secret when it has
 * two-factor sign-in on; resolves once the app has moved on from the page.
 */
export async function logIn(page: Page, platform: Platform, identifier: string, password: string) {
  await page.goto(`${platform.url}/login`);
  await page.getByLabel('Username or Email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
  const totp = platform.totp.get(identifier.toLowerCase());
  if (totp) {
    const step = page.getByTestId('two-factor-step');
    await step.getByLabel('Code from the app').fill(await nextTotpCode(totp));
    await step.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * The user chooses Real money through the practice hint a user without real money starts with
 * (a user's first visit is in Practice while their real balance is ₹0).
 */
export async function chooseRealMoney(page: Page) {
  const hint = page.getByTestId('practice-hint');
  await hint.getByRole('button', { name: 'Switch to Real' }).click();
  await hint.waitFor({ state: 'detached' });
}

export type RegisteredUser = Credentials & { id: string; token: string };

/** A new user registered through the API with the platform's referral key. */
export async function registerUser(
  platform: Pick<Platform, 'url' | 'referralKey'>,
  names: { firstName: string; lastName: string; prefix: string },
  { disclosure = true }: { disclosure?: boolean } = {},
): Promise<RegisteredUser> {
  const id = randomBytes(3).toString('hex');
  const user = {
    firstName: names.firstName,
    lastName: names.lastName,
    username: `${names.prefix}_${id}`,
    email: `${names.prefix}-${id}@example.com`,
    password: `pass-${id}-word`,
  };
  const res = await fetch(`${platform.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, referral: platform.referralKey, country: 'India' }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`registration failed (${res.status}): ${text}`);
  const body = JSON.parse(text) as { token: string; user: { id: string } };
  // Real-money trades, top-ups and withdrawals need the risk disclosure; a test of its dialog
  // starts without.
  if (disclosure) {
    const accepted = await fetch(`${platform.url}/api/user/me/disclosure`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: DISCLOSURE_VERSION }),
    });
    if (accepted.status !== 200)
      throw new Error(`disclosure refused (${accepted.status}): ${await accepted.text()}`);
  }
  return {
    username: user.username,
    email: user.email,
    password: user.password,
    id: body.user.id,
    token: body.token,
  };
}

/**
 * A practice trade of ₹100 on BTC at the shortest duration (or the setting given), placed through the API as the trade
 * card would; its id. Right after the start the feed may have no current price yet (409): it
 * asks again until one arrives.
 */
export async function placePracticeTrade(
  platform: Pick<Platform, 'url'>,
  who: { token: string },
  direction: 'up' | 'down',
  { settingId: chosen }: { settingId?: number } = {},
): Promise<string> {
  const settings = (await (await fetch(`${platform.url}/api/trade-setting`)).json()) as {
    data: Array<{ id: number }>;
  };
  const settingId = chosen ?? settings.data[0]?.id;
  if (settingId === undefined) throw new Error('no trade setting to place a practice trade with');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${platform.url}/api/trades`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${who.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ amount: 100, settingId, symbol: 'BTC', direction, account: 'practice' }),
    });
    const text = await res.text();
    if (res.status === 201) return (JSON.parse(text) as { trade: { id: string } }).trade.id;
    if (res.status !== 409 || Date.now() > deadline) {
      throw new Error(`practice trade refused (${res.status}): ${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * An account made by the superadmin through the API (create-user or create-admin); an admin
 * also sets up two-factor sign-in, as staff pages ask before they open.
 */
export async function createAccount(
  platform: Pick<Platform, 'url' | 'totp'>,
  superToken: string,
  kind: 'user' | 'admin',
  names: { firstName: string; lastName: string },
): Promise<Credentials & { id: string }> {
  const id = randomBytes(3).toString('hex');
  const body = {
    ...names,
    username: `${kind}_${id}`,
    email: `${kind}-${id}@example.com`,
    password: `pass-${id}-word`,
    country: 'India',
  };
  const res = await fetch(`${platform.url}/api/superadmin/create-${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${superToken}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`create-${kind} failed (${res.status}): ${text}`);
  const created = { username: body.username, email: body.email, password: body.password };
  if (kind === 'admin') await enrollTwoFactor(platform, created);
  return { ...created, id: String((JSON.parse(text) as { user?: { id?: string } }).user?.id ?? '') };
}
