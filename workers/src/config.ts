import {
  MARKET_BOOK_MAX_PER_SECOND,
  MARKET_PRICE_MAX_PER_SECOND,
  MARKET_STATS_MAX_PER_SECOND,
  TICKER_MAX_PER_SECOND,
} from '@app/shared';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
  );

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === '1' || v === 'true' || v === 'yes'));

const ms = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Events per second of a market channel: 1 to 100. */
const perSecond = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);

const HOUR = 3_600_000;

/** Market ingestion (workers/src/market). Defaults suit production against Binance. */
const market = {
  /** Off: this process runs no market ingestion at all (tests of other parts). */
  MARKET_ENABLED: flag(true),
  /** `binance` falls back to `simulated` (with a warning) when Binance is unreachable at start. */
  MARKET_SOURCE: z.enum(['binance', 'simulated']).default('binance'),
  BINANCE_WS_URL: url(['ws:', 'wss:']).default('wss://stream.binance.com:9443'),
  BINANCE_REST_URL: url(['http:', 'https:']).default('https://api.binance.com'),
  /** Comma-separated coin symbols to ingest instead of the enabled coins of the database. */
  MARKET_SYMBOLS: z
    .string()
    .regex(/^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$/, 'must be coin symbols separated by commas, e.g. BTC,ETH')
    .optional(),
  /** USDT→INR display rate until (or unless) USDT_INR_URL provides one. */
  USDT_INR_RATE: z.coerce.number().positive().max(100_000).default(83.4),
  /** Optional JSON source of the rate: a number field `inr`, `price` or `rate`. */
  USDT_INR_URL: url(['http:', 'https:']).optional(),
  USDT_INR_REFRESH_MS: ms(1_000, 24 * HOUR, 300_000),
  TICK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How often the tick-partition housekeeping job runs (create ahead, drop past retention). */
  TICK_PARTITIONS_EVERY_MS: ms(1_000, 24 * HOUR, 6 * HOUR),
  SIMULATED_SEED: z.string().min(1).default('coinpulse'),
  /** Milliseconds between two simulated ticks of one coin. */
  SIMULATED_TICK_MS: ms(20, 60_000, 250),
  /** Lifetime of the ingestion leader lock; renewed every third of it. */
  MARKET_LEADER_TTL_MS: ms(300, 300_000, 6_000),
  /** A start-up attempt to reach Binance that takes longer than this counts as unreachable. */
  MARKET_CONNECT_TIMEOUT_MS: ms(100, 60_000, 5_000),
  /** Open a new stream connection this long after the last one (Binance cuts them at 24 h). */
  MARKET_STREAM_RENEW_MS: ms(1_000, 24 * HOUR, 23 * HOUR),
  /** No frame and no ping for this long: the stream is dead, reconnect. */
  MARKET_STREAM_IDLE_MS: ms(500, 600_000, 30_000),
  MARKET_RECONNECT_BASE_MS: ms(10, 60_000, 500),
  MARKET_RECONNECT_MAX_MS: ms(100, 600_000, 30_000),
  /** Stream down this long: poll the REST endpoints until it is back. */
  MARKET_REST_FALLBACK_AFTER_MS: ms(0, 600_000, 3_000),
  MARKET_REST_POLL_MS: ms(100, 600_000, 2_000),
  /** Request weight this process may spend per minute (Binance allows 6,000 per IP). */
  MARKET_REST_WEIGHT_PER_MINUTE: z.coerce.number().int().min(10).max(6_000).default(1_200),
  MARKET_REST_TIMEOUT_MS: ms(100, 60_000, 5_000),
  /** Re-read recent klines so candles match the exchange's. */
  MARKET_KLINES_REFRESH_MS: ms(1_000, 24 * HOUR, 600_000),
  /** Rates of the market channels per symbol (docs/adr/0020-market-conflation-and-sequence-numbers.md). */
  MARKET_PRICE_MAX_PER_SECOND: perSecond(MARKET_PRICE_MAX_PER_SECOND),
  MARKET_BOOK_MAX_PER_SECOND: perSecond(MARKET_BOOK_MAX_PER_SECOND),
  MARKET_STATS_MAX_PER_SECOND: perSecond(MARKET_STATS_MAX_PER_SECOND),
  MARKET_TICKER_MAX_PER_SECOND: perSecond(TICKER_MAX_PER_SECOND),
  /**
   * Period of the tick archive's batch write (only the seconds that changed). A symbol's first
   * tick of a new second is written at once regardless, since settlement waits for it.
   */
  MARKET_ARCHIVE_EVERY_MS: ms(50, 60_000, 200),
  /** Re-read the enabled coins; a changed list renews the stream. */
  MARKET_COINS_REFRESH_MS: ms(1_000, 24 * HOUR, 60_000),
  /** After a start-up fallback to simulated, try Binance again this often (0: never). */
  MARKET_BINANCE_RETRY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * HOUR)
    .default(60_000),
};

/** Settlement of timed trades and the reconciler (workers/src/settlement). */
const settlement = {
  /** Off: this process consumes no settlement jobs and schedules no reconciler. */
  SETTLEMENT_ENABLED: flag(true),
  /** Settle jobs one process runs at once; it also sizes the settlement's Postgres pool. */
  SETTLEMENT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(64),
  /**
   * A trade whose last price at or before expiry is older than this is voided (stake back);
   * with no later tick in the archive, settlement waits this long past expiry for one.
   */
  TRADE_STALE_AFTER_MS: ms(500, 600_000, 10_000),
  /**
   * Trades an expiry job settles per transaction (one commit, one balance query and one log
   * line each): the trades of one symbol and instant go in chunks of this many. A batch costs
   * time linear in its size, so fewer, larger commits settle a burst soonest
   * (docs/performance.md); a batch holds its owners' account rows until it commits.
   */
  SETTLEMENT_EXPIRY_BATCH: z.coerce.number().int().min(1).max(5_000).default(1_000),
  /** First re-check of a trade whose price at expiry is not final yet (grows while it stays so). */
  SETTLEMENT_RECHECK_MS: ms(10, 10_000, 50),
  /** How often the reconciler runs (a repeatable job: one run per period across all processes). */
  RECONCILE_EVERY_MS: ms(500, 24 * HOUR, 5_000),
  /** The reconciler settles running trades past expiry + this (the settle job normally got them). */
  RECONCILE_GRACE_MS: ms(0, 24 * HOUR, 3_000),
  /** Overdue trades one reconciler query reads. */
  RECONCILE_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  /** The full ledger invariant check (a scan of every posting) runs at most this often. */
  LEDGER_CHECK_EVERY_MS: ms(1_000, 7 * 24 * HOUR, 60_000),
};

/** Mail to users (workers/src/mail): reset and verification links. */
const mail = {
  /** Any SMTP server, e.g. smtp://user:pass@host:587 or smtps://host:465; unset: mail jobs fail, logged. */
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  /** The sender of every email: an address, or `Name <address>`. */
  MAIL_FROM: z.string().trim().min(3).default('CoinPulse <no-reply@coinpulse.localhost>'),
  /** Where users open the web app: the links in emails start with it. */
  PUBLIC_URL: url(['http:', 'https:']).default('http://localhost:3000'),
  /** Reset links one account may be sent per hour; more requests are answered alike and send nothing. */
  RESET_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
};

const schema = z.object({
  REDIS_URL: url(['redis:', 'rediss:']),
  /** Namespaces every key (BullMQ's too) so deployments and test runs can share one Redis. */
  REDIS_PREFIX: z.string().default(''),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Heartbeat period; tests shorten it. */
  HEARTBEAT_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** How often the admin dashboard's counts are recounted (and pushed to admins when they change). */
  ADMIN_STATS_EVERY_MS: ms(1_000, HOUR, 15_000),
  /** How many jobs one worker process runs at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  ...market,
  ...settlement,
  ...mail,
});

export type WorkersConfig = z.infer<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid workers configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The only place the workers read the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): WorkersConfig {
  // Empty strings count as unset, so `FOO= pnpm start` falls back to the default.
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '(env)');
    const message =
      issue.code === 'invalid_type' && input[name] === undefined ? 'is required' : issue.message;
    return `${name} ${message}`;
  });
  throw new ConfigError(problems);
}
