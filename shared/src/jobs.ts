/**
 * BullMQ contract shared by the producers (gateway, workers) and the consumers (workers):
 * queue names, the job map (queue → job name → payload) and the Redis keys workers write.
 */

/** Queue names. BullMQ forbids ':' in them. */
export const QUEUES = {
  maintenance: 'maintenance',
  settlement: 'settlement',
  mail: 'mail',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type HeartbeatJobData = {
  /** Milliseconds between heartbeats, so a reader knows when a worker counts as gone. */
  everyMs: number;
};

/** Tick archive housekeeping: create the coming days' partitions, drop days past retention. */
export type TickPartitionsJobData = {
  /** Days of partitions to create ahead of today. */
  daysAhead: number;
  /** Whole days of ticks to keep (TICK_RETENTION_DAYS). */
  keepDays: number;
};

/**
 * Recount the admin dashboard (refresh_admin_stats()); `rebuild` recounts every day, not only
 * the days that can still change.
 */
export type AdminStatsJobData = { rebuild?: boolean };

/**
 * Settle one trade at its expiry (delayed job; job id from `settlementJobId`). The gateway
 * schedules `settleExpiry`; this one serves jobs already queued under its name, and tests.
 */
export type SettleTradeJobData = { tradeId: string };
/**
 * Settle every running trade of `symbol` expiring at `expiresAt` (ms since epoch; an expiry is
 * always the last millisecond of a second): one delayed job per symbol and instant, whatever
 * the number of trades (job id from `settleExpiryJobId`).
 */
export type SettleExpiryJobData = { symbol: string; expiresAt: number };
/** Settle every running trade past expiry + grace, check the ledger invariants. */
export type ReconcileJobData = { graceMs: number };

/**
 * An admin's notification to more users than a request handles (POST /api/admin/notifications):
 * the workers create the notifications in batches of users ordered by id and push each one live.
 * Safe to run twice: every notification carries `data.broadcastId`, and a user who already has
 * this broadcast's is skipped; the job's progress keeps the last user id done, so a retry
 * resumes there.
 */
export type BroadcastJobData = {
  broadcastId: string;
  /** Users by id, or every user of these roles (the sender's visible roles for 'all'). */
  target: { kind: 'ids'; ids: string[] } | { kind: 'roles'; roles: Array<'user' | 'admin' | 'superadmin'> };
  message: {
    type: 'system' | 'withdrawal' | 'ticket_reply';
    title: string;
    body: string;
    data: Record<string, unknown>;
  };
  /** Recipients counted when the send was accepted. */
  recipients: number;
};

/** What a broadcast job reports as progress while it runs and returns when done. */
export type BroadcastProgress = {
  /** Users gone through so far. */
  processed: number;
  /** Notifications created so far (a retry does not count a user twice). */
  created: number;
  /** The last user id done: a retry resumes after it. */
  after: string | null;
};

/** One job per broadcast; ':' is not allowed in BullMQ ids. */
export const broadcastJobId = (broadcastId: string) => `broadcast-${broadcastId}`;

/**
 * A password reset asked for by username or email (POST /api/auth/forgot-password). The worker
 * looks the account up, so the request does the same work for known and unknown accounts; it
 * issues the token and mails it, so the token itself never sits in Redis. Unknown accounts and
 * accounts over their cap of links per hour end there, silently.
 */
export type PasswordResetMailJobData = { identifier: string };
/**
 * A verification link for the user's current address (at registration, after an email change,
 * on request); nothing is sent when it is verified already.
 */
export type VerificationMailJobData = { userId: string };
/**
 * Sign-in attempts on an account reached the lock (gateway login-lock.ts): `known`, those from
 * the address it last signed in from; `elsewhere`, those from every other address.
 */
export type LockLane = 'known' | 'elsewhere';
/** The owner's notice that their account's sign-in from `lane` is locked until `lockedUntil` (ISO). */
export type AccountLockedMailJobData = { userId: string; lane: LockLane; lockedUntil: string };

/** Every job a queue accepts: job name → payload. */
export interface JobMap {
  maintenance: {
    heartbeat: HeartbeatJobData;
    tickPartitions: TickPartitionsJobData;
    adminStats: AdminStatsJobData;
    broadcast: BroadcastJobData;
  };
  mail: {
    passwordReset: PasswordResetMailJobData;
    emailVerification: VerificationMailJobData;
    accountLocked: AccountLockedMailJobData;
  };
  settlement: {
    settle: SettleTradeJobData;
    settleExpiry: SettleExpiryJobData;
    reconcile: ReconcileJobData;
  };
}

/** One job per trade: adding it twice is a no-op (BullMQ dedupes by job id; ':' is not allowed). */
export const settlementJobId = (tradeId: string) => `settle-${tradeId}`;

/**
 * One job per symbol and expiry instant, e.g. `expiry-BTC-1767355200999`: the placements of
 * one instant all add the same id, and BullMQ keeps the first. Symbols are [A-Z0-9]; BullMQ
 * forbids ':' in ids.
 */
export const settleExpiryJobId = (symbol: string, expiresAt: number) => `expiry-${symbol}-${expiresAt}`;

export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobMap[Q][N];
/** The payload union of one queue, as BullMQ's `Queue<Data, Result, Name>` generic wants it. */
export type QueueData<Q extends QueueName> = JobMap[Q][JobName<Q>];

/**
 * Repeatable jobs: scheduler id (BullMQ types it as a job name) → job name. Workers upsert
 * them on every start, which is idempotent.
 */
export const JOB_SCHEDULERS = {
  heartbeat: 'heartbeat',
  tickPartitions: 'tickPartitions',
  adminStats: 'adminStats',
} as const satisfies Record<string, JobName<'maintenance'>>;

/** Repeatable jobs of the settlement queue. */
export const SETTLEMENT_SCHEDULERS = {
  reconcile: 'reconcile',
} as const satisfies Record<string, JobName<'settlement'>>;

export const HEARTBEAT_EVERY_MS = 10_000;

/**
 * BullMQ's key prefix for a deployment's REDIS_PREFIX: every process that touches a queue
 * must use the same one. '' → 'bull' (BullMQ's default), 'test:ab12:' → 'test:ab12:bull'.
 */
export function bullPrefix(redisPrefix: string): string {
  const base = redisPrefix.replace(/:+$/, '');
  return base ? `${base}:bull` : 'bull';
}

/** Redis keys written by workers (prepend REDIS_PREFIX). */
export const workerKeys = {
  /** Sorted set: member = worker id (`host:pid`), score = last heartbeat (ms since epoch). */
  heartbeats: () => 'workers:heartbeats',
  /**
   * Pub/sub channel: after every write of the tick archive, `ArchivedThrough` (symbol → the
   * latest exchange time now in the archive). Settlement waits on it instead of polling
   * Postgres; Postgres stays the judge of whether a price is final.
   */
  ticksArchived: () => 'market:archived',
  /** String held for LEDGER_CHECK_EVERY_MS by the reconciler run that checks the ledger (one per period). */
  ledgerCheckLock: () => 'settlement:ledger-check:lock',
  /** JSON `LedgerCheckReport`: the result of the last ledger invariant check. */
  ledgerCheck: () => 'settlement:ledger-check',
} as const;

/** Message on `workerKeys.ticksArchived()`: symbol → ms since epoch of the latest archived tick. */
export type ArchivedThrough = Record<string, number>;

/** What the reconciler stores under `workerKeys.ledgerCheck()` (and logs) after each ledger check. */
export type LedgerCheckReport = {
  /** ms since epoch when the check finished. */
  at: number;
  /** How many violations were found; 0 means the ledger is sound. */
  violations: number;
  /** The first few violations, bigints as strings. */
  sample: Array<Record<string, string | number | null>>;
  durationMs: number;
};
