/**
 * `pnpm soak`'s settings (docs/configuration.md, "Soak"): read once from the environment,
 * validated, every bound with its default.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** What the soak can break, each a setting of the schedule (SOAK_FAULTS). */
export const FAULT_KINDS = ['gateway', 'workers', 'redis', 'postgres', 'feed', 'slow-client'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The default schedule: every fault there is. */
export const DEFAULT_FAULTS: readonly FaultKind[] = FAULT_KINDS;

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const faults = z
  .string()
  .default(DEFAULT_FAULTS.join(','))
  .transform((text, ctx) => {
    const kinds = text
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    const unknown = kinds.filter((k) => !(FAULT_KINDS as readonly string[]).includes(k));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown: ${unknown.join(', ')}; known: ${FAULT_KINDS.join(', ')}`,
      });
      return z.NEVER;
    }
    return [...new Set(kinds)] as FaultKind[];
  });

const schema = z.object({
  /** Minutes of load and faults (the drain and the final checks come after). */
  SOAK_MINUTES: z.coerce.number().positive().default(30),
  /** Replays a run: the same users, choices and fault schedule. Unset: a new one, printed. */
  SOAK_SEED: z
    .string()
    .min(1)
    .default(() => randomBytes(6).toString('hex')),
  SOAK_FAULTS: faults,
  /** A fault starts this often (the kinds taken in a seeded order, each once per round). */
  SOAK_FAULT_EVERY_SECONDS: seconds(120),
  /** How long the exchange stays away: longer than the workers' TRADE_STALE_AFTER_MS (10 s). */
  SOAK_FEED_CUT_SECONDS: seconds(20),
  /** How long the slow client holds its connection open without reading. */
  SOAK_SLOW_CLIENT_SECONDS: seconds(60),
  SOAK_TRADERS: count(12),
  SOAK_WATCHERS: count(8),
  /** Coins traded and priced by the local exchange. */
  SOAK_COINS: z
    .string()
    .default('BTC,ETH,SOL')
    .transform((t) =>
      t
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  /** Mean seconds between one trader's trades (exponential waits). */
  SOAK_TRADE_EVERY_SECONDS: seconds(8),
  /** Mean seconds between one trader's top-up or withdrawal requests. */
  SOAK_WALLET_EVERY_SECONDS: seconds(90),
  /** Mean seconds between one trader's support tickets. */
  SOAK_TICKET_EVERY_SECONDS: seconds(300),
  /** Mean seconds between the admin's rounds of decisions (top-ups, withdrawals, tickets). */
  SOAK_ADMIN_EVERY_SECONDS: seconds(5),
  /** Mean seconds between broadcasts to every user. */
  SOAK_BROADCAST_EVERY_SECONDS: seconds(300),
  /** Trades last the shortest duration the trade settings offer, up to this many seconds. */
  SOAK_TRADE_MAX_SECONDS: seconds(60),
  /** Invariant checks against the database run this often during the run. */
  SOAK_CHECK_EVERY_SECONDS: seconds(15),
  /** Memory and health are sampled, and the timeline's buckets cut, this often. */
  SOAK_SAMPLE_SECONDS: seconds(5),
  /** A trade still running this long past its end (or past the end of a fault, if later) broke a bound. */
  SOAK_TRADE_END_BOUND_SECONDS: seconds(30),
  /** A watcher without a price this long, when no fault is in the way, broke a bound. */
  SOAK_PRICE_GAP_BOUND_SECONDS: seconds(20),
  /** A killed process or the feed not back within this long broke a bound. */
  SOAK_RECOVERY_BOUND_SECONDS: seconds(60),
  /** The servers are asked for a full collection this often, so their live heap is read (shared/src/heap.ts). */
  SOAK_HEAP_EVERY_SECONDS: seconds(60),
  /** Memory is judged on what each process did after this long (its start, or the run's). */
  SOAK_WARMUP_MINUTES: z.coerce.number().min(0).default(3),
  /** Least-squares growth per hour (of the live heap for the servers, of resident memory for the rest) above which a process's memory is not flat. */
  SOAK_MEMORY_SLOPE_MB_PER_HOUR: z.coerce.number().positive().default(40),
  /** A process's memory is judged only over at least this many minutes of samples. */
  SOAK_MEMORY_MIN_MINUTES: z.coerce.number().positive().default(5),
  /** Where the report and the picture go (a folder per run below it). */
  SOAK_OUT: z.string().min(1).default('soak-reports'),
});

export type SoakConfig = z.infer<typeof schema>;

export class SoakConfigError extends Error {}

/** The settings from `env` (process.env by default); a bad one throws naming every offender. */
export function loadSoakConfig(env: NodeJS.ProcessEnv = process.env): SoakConfig {
  const given = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k.startsWith('SOAK_') && v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new SoakConfigError(`bad soak settings:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
