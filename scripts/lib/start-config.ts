import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .default('0')
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const schema = z.object({
  /** Unset: an embedded PostgreSQL with its data under DATA_DIR/postgres. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65_535).default(54329),
  /** Unset: a redis-server started here, with its files under DATA_DIR/redis. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_PREFIX: z.string().default(''),
  /**
   * Unset: a local mail catcher (maildev) receives every email on MAILDEV_SMTP_PORT and shows
   * it in a web inbox on MAILDEV_WEB_PORT (0: any free port). Set: the workers send through it.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAILDEV_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).default(1025),
  MAILDEV_WEB_PORT: z.coerce.number().int().min(0).max(65_535).default(1080),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /**
   * Gateway processes behind PORT: by default one per core but one (at least one), since
   * PostgreSQL, Redis and the workers run on the same machine (ADR 0023). Each listens on a
   * loopback port of its own, and the launcher hands it connections from PORT
   * (scripts/lib/gateway-front.ts).
   */
  GATEWAY_PROCESSES: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, availableParallelism() - 1)),
  /** Loopback by default: set HOST=0.0.0.0 to let other machines in. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Unset: generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SKIP_WEB_BUILD: flag,
  SUPERADMIN_USERNAME: z.string().optional(),
  SUPERADMIN_EMAIL: z.string().optional(),
  SUPERADMIN_PASSWORD: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  /** Unset: DATA_DIR/vouchers (top-up voucher images, kept between starts). */
  VOUCHER_DIR: z.string().optional(),
  /**
   * A gateway or workers process that dies is started again (after a pause that doubles with
   * each recent failure); one that dies more than RESTART_LIMIT times within
   * RESTART_WINDOW_SECONDS stops the platform instead. 0: no restarts.
   */
  RESTART_LIMIT: z.coerce.number().int().min(0).max(1_000).default(5),
  RESTART_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
});

export type StartConfig = Omit<z.infer<typeof schema>, 'DATA_DIR' | 'VOUCHER_DIR'> & {
  /** Absolute. */
  DATA_DIR: string;
  /** Absolute: pass it on to the gateway as VOUCHER_DIR. */
  VOUCHER_DIR: string;
};

export class StartConfigError extends Error {
  override name = 'StartConfigError';
}

/** The launcher's settings (everything else in the environment is passed on to the processes it starts). */
export function loadStartConfig(env: NodeJS.ProcessEnv, root: string): StartConfig {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0] ?? '(env)')}: ${i.message}`);
    throw new StartConfigError(`Invalid settings for pnpm start:\n${lines.join('\n')}`);
  }
  const dataDir = parsed.data.DATA_DIR;
  const DATA_DIR = isAbsolute(dataDir) ? dataDir : resolve(root, dataDir);
  const voucherDir = parsed.data.VOUCHER_DIR;
  const VOUCHER_DIR = voucherDir ? resolve(root, voucherDir) : join(DATA_DIR, 'vouchers');
  return { ...parsed.data, DATA_DIR, VOUCHER_DIR };
}

/** Where the embedded PostgreSQL of `pnpm start` keeps its data. */
export const embeddedPostgresDir = (config: Pick<StartConfig, 'DATA_DIR'>) =>
  join(config.DATA_DIR, 'postgres');

/**
 * Where `pnpm start` writes the URL of the redis-server it runs (no REDIS_URL), for the
 * commands that tell the running platform of a change (`pnpm admin reset-2fa`).
 */
export const localRedisUrlFile = (config: Pick<StartConfig, 'DATA_DIR'>) =>
  join(config.DATA_DIR, 'redis', 'url');
