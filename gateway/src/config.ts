import { resolve } from 'node:path';
import { BROADCAST_SYNC_MAX, VOUCHER_MAX_BYTES } from '@app/shared';
import { z } from 'zod';
import type { SocketLimits } from './realtime/socket-limits.ts';

/**
 * The gateway's settings, validated once at start. This is the only module that reads
 * process.env (and only when no env object is passed); a bad setting stops the process
 * with a message naming every offending variable.
 */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const MIB = 1024 * 1024;

/** What one user may repeat; a request over a limit is refused before its work is done. */
export type WriteLimits = {
  /** Tickets opened per hour, and tickets waiting for support (open, pending, customer replied). */
  tickets: { perHour: number; open: number };
  /**
   * Top-ups asked per hour, pending at once, and the bytes of the vouchers of the user's
   * pending top-ups and of those sent within the last day together.
   */
  topups: { perHour: number; pending: number; voucherBytes: number };
  withdrawals: { pending: number };
  /** Verification links an account asks for, and reset links asked for one username or email. */
  accountMailsPerHour: number;
};

/** The write limits unless set: above what a person does in an hour, below a flood. */
export const DEFAULT_WRITE_LIMITS: WriteLimits = {
  tickets: { perHour: 10, open: 5 },
  topups: { perHour: 10, pending: 5, voucherBytes: 20 * MIB },
  withdrawals: { pending: 3 },
  accountMailsPerHour: 5,
};

/**
 * The Socket.IO limits unless set. A reconnecting page re-joins up to 25 markets and the
 * ticker at once, hence the burst; one address may be a household or an office behind NAT.
 */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  eventsPerSecond: 10,
  eventBurst: 60,
  floodDisconnectAfter: 50,
  maxPayloadBytes: 16 * 1024,
  maxConnectionsPerIp: 100,
  floodHoldsMax: 10_000,
  // About 12 s of a trade page's market stream at the default rates (docs/realtime.md).
  marketBufferBytes: 64 * 1024,
};

/** `true`/`false`, a hop count, or a comma list of trusted addresses (Fastify's trustProxy). */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v): boolean | number | string[] => {
    if (!v || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /**
   * `launcher`: set by `pnpm start`, which hands this gateway client connections from its public
   * port over the IPC channel (gateway/src/front.ts). Unset: the gateway serves only its own port.
   */
  GATEWAY_FRONT: z.enum(['launcher']).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  REDIS_PREFIX: z.string().default(''),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  // A bare number is seconds; with a unit it is passed on as a time span ("7d", "12h").
  JWT_EXPIRES_IN: z
    .string()
    .trim()
    .regex(/^\d+(\s*(s|m|h|d|w|seconds?|minutes?|hours?|days?|weeks?))?$/i, 'must look like 7d, 12h or 3600')
    .default('7d')
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : v)),
  WEB_DIST: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // json: one JSON line per entry; pretty: readable lines, formatted in a worker thread; auto:
  // pretty when stdout is a terminal (a person reads it), json otherwise (a file, a collector).
  LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
  // How long a REST request may trust a session check made before (ms, at most 5 s; 0: check
  // the row on every request). Ending a session drops it on every gateway at once.
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(5000),
  LOGIN_RATE_LIMIT: positiveInt(10),
  REGISTER_RATE_LIMIT: positiveInt(5),
  // Requests per minute per address to the emailed-link routes (forgot and reset password,
  // verify and resend verification); the workers also cap the emails per account.
  ACCOUNT_MAIL_RATE_LIMIT: positiveInt(5),
  // Attempts at one account's password or code (sign-in, change-password, turning two-factor
  // off) before it locks, counted apart for the address it last signed in from and for every
  // other; the minutes they count in, which is also how long the lock lasts.
  LOGIN_LOCK_THRESHOLD: positiveInt(10),
  LOGIN_LOCK_MINUTES: positiveInt(15).pipe(z.number().max(24 * 60)),
  // Password changes one account may try per hour, right or wrong (wrong current passwords also
  // count towards the lock above).
  CHANGE_PASSWORD_RATE_LIMIT: positiveInt(10),
  // What one user may repeat (docs/configuration.md): tickets opened per hour and waiting for
  // support at once; top-ups asked per hour and pending at once, and the voucher storage of
  // their recent top-ups; withdrawals pending at once; verification and reset emails asked per
  // hour, per account and per address named.
  TICKETS_PER_HOUR: positiveInt(DEFAULT_WRITE_LIMITS.tickets.perHour),
  TICKETS_OPEN_MAX: positiveInt(DEFAULT_WRITE_LIMITS.tickets.open),
  TOPUPS_PER_HOUR: positiveInt(DEFAULT_WRITE_LIMITS.topups.perHour),
  TOPUPS_PENDING_MAX: positiveInt(DEFAULT_WRITE_LIMITS.topups.pending),
  // At least one voucher of the largest size must fit.
  TOPUP_VOUCHER_STORAGE_MB: positiveInt(DEFAULT_WRITE_LIMITS.topups.voucherBytes / MIB).pipe(
    z.number().min(Math.ceil(VOUCHER_MAX_BYTES / MIB)),
  ),
  WITHDRAWALS_PENDING_MAX: positiveInt(DEFAULT_WRITE_LIMITS.withdrawals.pending),
  ACCOUNT_MAILS_PER_HOUR: positiveInt(DEFAULT_WRITE_LIMITS.accountMailsPerHour),
  // Key material for the two-factor secrets stored in the database (AES-256-GCM); unset, a key
  // is derived from JWT_SECRET. Changing the one in use makes every stored secret unreadable.
  TOTP_ENC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: trustProxy,
  // Browser origins allowed to reach Socket.IO's polling transport from another site; the
  // web app itself is served (or proxied in development) from the gateway's own origin.
  SOCKET_CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be a comma list of http(s) origins' }))),
  // What one Socket.IO client may do (docs/configuration.md): client events per second on
  // average and at once, refused events (within 10 s) before it is disconnected, the largest
  // message, and open connections per client address (behind a proxy: see TRUST_PROXY).
  SOCKET_EVENTS_PER_SECOND: positiveInt(DEFAULT_SOCKET_LIMITS.eventsPerSecond),
  SOCKET_EVENT_BURST: positiveInt(DEFAULT_SOCKET_LIMITS.eventBurst),
  SOCKET_FLOOD_DISCONNECT_AFTER: positiveInt(DEFAULT_SOCKET_LIMITS.floodDisconnectAfter),
  SOCKET_MAX_PAYLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(DEFAULT_SOCKET_LIMITS.maxPayloadBytes),
  SOCKET_MAX_CONNECTIONS_PER_IP: positiveInt(DEFAULT_SOCKET_LIMITS.maxConnectionsPerIp),
  SOCKET_FLOOD_HOLDS_MAX: positiveInt(DEFAULT_SOCKET_LIMITS.floodHoldsMax),
  SOCKET_MARKET_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(DEFAULT_SOCKET_LIMITS.marketBufferBytes),
  // The newest price a trade may open at: older than this (ms since we received it, and since
  // the exchange traded at it) and placement answers 409 instead of guessing.
  TRADE_MAX_PRICE_AGE_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // Where top-up vouchers are kept: outside any folder the web server serves.
  VOUCHER_DIR: z.string().trim().min(1).default('.data/vouchers'),
  // Recipients up to which an admin notification is written within the request; above it a
  // workers job writes it in batches (features/broadcast).
  BROADCAST_SYNC_MAX: positiveInt(BROADCAST_SYNC_MAX),
  // GET /metrics answers other machines only with `Authorization: Bearer <this>` (this
  // machine always): unset, it does not exist for them (plugins/metrics.ts).
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
});

export type Config = {
  port: number;
  host: string;
  /** Served through `pnpm start`'s front as well as on its own port (GATEWAY_FRONT). */
  behindLauncher?: boolean;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  /** Seconds, or a time span such as '7d'. */
  jwtExpiresIn: string | number;
  webDist: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Unset: json. */
  logFormat?: (typeof LOG_FORMATS)[number];
  /** Unset: 0, every authenticated request reads its session row. */
  sessionCacheMs?: number;
  /** Attempts per minute per IP. */
  loginRateLimit: number;
  registerRateLimit: number;
  /** Requests per minute per IP to each emailed-link route (unset: 5). */
  accountMailRateLimit?: number;
  /** Attempts per account and lane before it locks, and the window (ms) they count in and it lasts. */
  loginLock: { threshold: number; windowMs: number };
  /** Password changes per account per hour (unset: 10). */
  changePasswordRateLimit?: number;
  /** What one user may repeat: rates per hour, caps on what waits for review. */
  writeLimits: WriteLimits;
  /** Key material for two-factor secrets at rest (unset: derived from jwtSecret). */
  totpEncKey?: string;
  /** How long the second step of a sign-in may take (unset: 5 minutes). */
  twoFactorChallengeTtlMs?: number;
  trustProxy: boolean | number | string[];
  /** Extra origins allowed to use Socket.IO cross-site (empty: same origin only). */
  socketCorsOrigins: string[];
  /** What one Socket.IO client may send, and how many connections one address may hold. */
  socketLimits: SocketLimits;
  /** Oldest entry price a trade may open at, in ms. */
  tradeMaxPriceAgeMs: number;
  /** Absolute directory of uploaded top-up vouchers (served only through the authorised route). */
  voucherDir: string;
  /** Admin notifications to more recipients than this go to a workers job (default BROADCAST_SYNC_MAX). */
  broadcastSyncMax?: number;
  /** Bearer token that lets other machines read /metrics (unset: loopback only). */
  metricsToken?: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO=` in a .env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid gateway configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    behindLauncher: e.GATEWAY_FRONT === 'launcher',
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    sessionCacheMs: e.SESSION_CACHE_MS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    accountMailRateLimit: e.ACCOUNT_MAIL_RATE_LIMIT,
    loginLock: { threshold: e.LOGIN_LOCK_THRESHOLD, windowMs: e.LOGIN_LOCK_MINUTES * 60_000 },
    changePasswordRateLimit: e.CHANGE_PASSWORD_RATE_LIMIT,
    writeLimits: {
      tickets: { perHour: e.TICKETS_PER_HOUR, open: e.TICKETS_OPEN_MAX },
      topups: {
        perHour: e.TOPUPS_PER_HOUR,
        pending: e.TOPUPS_PENDING_MAX,
        voucherBytes: e.TOPUP_VOUCHER_STORAGE_MB * MIB,
      },
      withdrawals: { pending: e.WITHDRAWALS_PENDING_MAX },
      accountMailsPerHour: e.ACCOUNT_MAILS_PER_HOUR,
    },
    totpEncKey: e.TOTP_ENC_KEY,
    trustProxy: e.TRUST_PROXY,
    socketCorsOrigins: e.SOCKET_CORS_ORIGINS,
    socketLimits: {
      eventsPerSecond: e.SOCKET_EVENTS_PER_SECOND,
      eventBurst: e.SOCKET_EVENT_BURST,
      floodDisconnectAfter: e.SOCKET_FLOOD_DISCONNECT_AFTER,
      maxPayloadBytes: e.SOCKET_MAX_PAYLOAD_BYTES,
      maxConnectionsPerIp: e.SOCKET_MAX_CONNECTIONS_PER_IP,
      floodHoldsMax: e.SOCKET_FLOOD_HOLDS_MAX,
      marketBufferBytes: e.SOCKET_MARKET_BUFFER_BYTES,
    },
    tradeMaxPriceAgeMs: e.TRADE_MAX_PRICE_AGE_MS,
    voucherDir: resolve(e.VOUCHER_DIR),
    broadcastSyncMax: e.BROADCAST_SYNC_MAX,
    metricsToken: e.METRICS_TOKEN,
  };
}
