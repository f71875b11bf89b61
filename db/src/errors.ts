import {
  formatRupees,
  istTimestamp,
  type MoneyAccount,
  MSG,
  paiseToRupees,
  type RefusalCode,
  type TradeStatus,
} from '@app/shared';

/**
 * The refusals of the money functions: one registry from the SQLSTATE a function in db/sql
 * raises to the error class callers catch, the HTTP status and the message a user reads. Each
 * code has one meaning. Anything else a money function throws is a bug or an outage, never a
 * business answer.
 */
export type MoneyErrorCode =
  | 'insufficient_funds'
  | 'idempotency_conflict'
  | 'session_ended'
  | 'user_banned'
  | 'invalid_input'
  | 'stale_price'
  | 'simulated_price'
  | 'trade_not_found'
  | 'trade_not_running'
  | 'stake_above_limit'
  | 'open_stake_above_limit'
  | RefusalCode
  | 'unknown_user';

type Refusal = { sqlstate: string | null; status: number; message: string };

export const REFUSALS: Readonly<Record<MoneyErrorCode, Refusal>> = {
  insufficient_funds: { sqlstate: 'MN001', status: 400, message: MSG.insufficientBalance },
  idempotency_conflict: { sqlstate: 'MN002', status: 409, message: MSG.idempotencyKeyReused },
  session_ended: { sqlstate: 'MN003', status: 401, message: MSG.sessionExpired },
  user_banned: { sqlstate: 'MN004', status: 401, message: MSG.accountBanned },
  invalid_input: { sqlstate: 'MN005', status: 400, message: MSG.invalidInput },
  stale_price: { sqlstate: 'MN006', status: 409, message: MSG.priceStale },
  simulated_price: { sqlstate: 'MN007', status: 409, message: MSG.simulatedRealRefused },
  trade_not_found: { sqlstate: 'MN008', status: 404, message: MSG.notFound },
  trade_not_running: { sqlstate: 'MN009', status: 409, message: MSG.tradeNotRunning },
  stake_above_limit: { sqlstate: 'MN010', status: 400, message: MSG.stakeAboveLimit },
  open_stake_above_limit: { sqlstate: 'MN011', status: 400, message: MSG.openStakeAboveLimit },
  disclosure_required: { sqlstate: 'MN020', status: 403, message: MSG.disclosureRequired },
  cooling_off: { sqlstate: 'MN021', status: 403, message: MSG.coolingOff },
  self_excluded: { sqlstate: 'MN022', status: 403, message: MSG.selfExcluded },
  daily_loss_limit: { sqlstate: 'MN023', status: 400, message: MSG.dailyLossLimitReached },
  daily_deposit_limit: { sqlstate: 'MN024', status: 400, message: MSG.dailyDepositLimitReached },
  // A foreign key of the ledger (23503), not a code of ours: see fromDatabaseError.
  unknown_user: { sqlstate: null, status: 401, message: MSG.sessionExpired },
};

export class MoneyError extends Error {
  override name = 'MoneyError';
  constructor(
    readonly code: MoneyErrorCode,
    message: string,
  ) {
    super(message);
  }
  /** The HTTP status of this refusal. */
  get httpStatus(): number {
    return REFUSALS[this.code].status;
  }
  /** What a user reads of this refusal. */
  get userMessage(): string {
    return REFUSALS[this.code].message;
  }
}

/** The balance cannot cover a debit; nothing was moved. */
export class InsufficientFundsError extends MoneyError {
  override name = 'InsufficientFundsError';
  constructor(
    readonly userId: string,
    readonly account: MoneyAccount,
    /** Paise available when the debit was refused. */
    readonly balance: bigint,
    /** The signed amount that was refused (negative for a debit). */
    readonly amount: bigint,
  ) {
    super('insufficient_funds', `insufficient ${account} balance: ${balance} paise, debit of ${-amount}`);
  }
}

/** An idempotency key already used for a different movement or trade. */
export class IdempotencyConflictError extends MoneyError {
  override name = 'IdempotencyConflictError';
  constructor(readonly key: string) {
    super('idempotency_conflict', `idempotency key ${key} was already used for a different request`);
  }
}

export class UnknownUserError extends MoneyError {
  override name = 'UnknownUserError';
  constructor(readonly userId: string) {
    super('unknown_user', `no user ${userId}`);
  }
}

/**
 * The session a placement was asked in is over: no such user, or the token's version is no
 * longer the user's (a password change or a logout everywhere ends older tokens).
 */
export class SessionEndedError extends MoneyError {
  override name = 'SessionEndedError';
  constructor(readonly userId: string) {
    super('session_ended', `the session of user ${userId} has ended`);
  }
}

/** The user is banned: nothing is placed for them. */
export class UserBannedError extends MoneyError {
  override name = 'UserBannedError';
  constructor(readonly userId: string) {
    super('user_banned', `user ${userId} is banned`);
  }
}

/** A caller passed values no movement or trade can have (a zero amount, an empty reason...). */
export class InvalidMoneyInputError extends MoneyError {
  override name = 'InvalidMoneyInputError';
  constructor(message: string) {
    super('invalid_input', message);
  }
}

/** The entry price is older than the bound the caller allows. */
export class StalePriceError extends MoneyError {
  override name = 'StalePriceError';
  constructor(
    readonly ageMs: number,
    readonly maxAgeMs: number,
  ) {
    super('stale_price', `the price is ${ageMs} ms old; at most ${maxAgeMs} ms is allowed`);
  }
}

/** Simulated prices never decide real money (INTEGRITY 1). */
export class SimulatedPriceError extends MoneyError {
  override name = 'SimulatedPriceError';
  constructor() {
    super('simulated_price', 'a simulated price cannot open a real-money trade');
  }
}

export class TradeNotFoundError extends MoneyError {
  override name = 'TradeNotFoundError';
  constructor(readonly tradeId: string) {
    super('trade_not_found', `no trade ${tradeId}`);
  }
}

/** The trade is already final: settled trades never change (INTEGRITY 1). */
export class TradeNotRunningError extends MoneyError {
  override name = 'TradeNotRunningError';
  constructor(
    readonly tradeId: string,
    readonly status: TradeStatus,
  ) {
    super('trade_not_running', `trade ${tradeId} is ${status}, not running`);
  }
}

/** The stake is above the admin's maximum per real-money trade; nothing was moved. */
export class StakeAboveLimitError extends MoneyError {
  override name = 'StakeAboveLimitError';
  constructor(
    /** The maximum stake per trade, paise. */
    readonly maxPaise: bigint,
  ) {
    super('stake_above_limit', `the stake is above the maximum of ${maxPaise} paise per trade`);
  }
  /** The registry's message with the maximum, so the user knows what they may stake. */
  override get userMessage(): string {
    return `${MSG.stakeAboveLimit} Maximum: ${formatRupees(paiseToRupees(this.maxPaise))}.`;
  }
}

/**
 * The user's running real-money stake on the coin, with this trade, would be above the admin's
 * maximum per coin; nothing was moved.
 */
export class OpenStakeAboveLimitError extends MoneyError {
  override name = 'OpenStakeAboveLimitError';
  constructor(
    /** The maximum open stake per user and coin, paise. */
    readonly maxPaise: bigint,
    /** What the user had running on the coin before this trade, paise. */
    readonly openPaise: bigint,
  ) {
    super(
      'open_stake_above_limit',
      `the open stake would be above the maximum of ${maxPaise} paise per coin (${openPaise} open)`,
    );
  }
  /** The registry's message with the maximum and what is open now. */
  override get userMessage(): string {
    const rupees = (paise: bigint) => formatRupees(paiseToRupees(paise));
    return `${MSG.openStakeAboveLimit} Maximum: ${rupees(this.maxPaise)}; open now: ${rupees(this.openPaise)}.`;
  }
}

const rupees = (paise: bigint) => formatRupees(paiseToRupees(paise));

/**
 * A refusal of the user's own responsible-trading settings (db/sql/check_trading_allowed.sql,
 * check_deposit_allowed.sql): the risk disclosure not accepted, a cool-off or self-exclusion
 * running, a daily limit reached. Nothing was moved. Its code goes to the client, which shows
 * the disclosure dialog for `disclosure_required`.
 */
export class LimitRefusalError extends MoneyError {
  override name = 'LimitRefusalError';
  constructor(
    override readonly code: RefusalCode,
    /** The end of a cool-off or self-exclusion. */
    readonly until: Date | null = null,
    /** A daily limit and what the day already counts, paise. */
    readonly limit: { max: bigint; used: bigint } | null = null,
  ) {
    super(code, `refused by the user's responsible-trading settings: ${code}`);
  }
  override get userMessage(): string {
    const base = REFUSALS[this.code].message;
    if (this.until) return `${base} Until: ${istTimestamp(this.until).slice(0, 16)} IST.`;
    if (this.limit)
      return `${base} Limit: ${rupees(this.limit.max)}; counted today: ${rupees(this.limit.used)}.`;
    return base;
  }
}

/** The postgres.js error behind a (possibly Drizzle-wrapped) failure. */
export function pgErrorOf(
  error: unknown,
): { code: string; message: string; detail?: string; constraint?: string } | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const message = 'message' in e && typeof e.message === 'string' ? e.message : '';
      const detail = 'detail' in e && typeof e.detail === 'string' ? e.detail : undefined;
      const constraint =
        'constraint_name' in e && typeof e.constraint_name === 'string' ? e.constraint_name : undefined;
      return { code: e.code, message, detail, constraint };
    }
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** The constraint a foreign-key violation (23503) hit, else undefined. */
export function foreignKeyViolation(error: unknown): string | undefined {
  const pg = pgErrorOf(error);
  return pg?.code === '23503' ? (pg.constraint ?? '') : undefined;
}

/** What the caller of a money function knows, to name the subject of a refusal. */
export type RefusalContext = {
  userId?: string;
  account?: MoneyAccount;
  /** The signed amount asked for (negative for a debit). */
  amount?: bigint;
  idempotencyKey?: string | null;
  tradeId?: string;
  maxAgeMs?: number;
};

/** The foreign keys whose violation means "no such user" in a ledger write. */
const USER_KEYS = new Set([
  'journal_entries_user_id_users_id_fk',
  'journal_entries_created_by_users_id_fk',
  'ledger_accounts_user_id_users_id_fk',
]);

/** A money function's refusal as its MoneyError, or undefined for any other error. */
export function fromDatabaseError(error: unknown, ctx: RefusalContext = {}): MoneyError | undefined {
  const pg = pgErrorOf(error);
  if (!pg) return undefined;
  if (pg.code === '23503' && pg.constraint !== undefined && USER_KEYS.has(pg.constraint))
    return new UnknownUserError(ctx.userId ?? '');
  switch (pg.code) {
    case REFUSALS.insufficient_funds.sqlstate:
      return new InsufficientFundsError(
        ctx.userId ?? '',
        ctx.account ?? 'real',
        BigInt(pg.detail ?? '0'),
        ctx.amount ?? 0n,
      );
    case REFUSALS.idempotency_conflict.sqlstate:
      return new IdempotencyConflictError(ctx.idempotencyKey ?? '');
    case REFUSALS.session_ended.sqlstate:
      return new SessionEndedError(ctx.userId ?? '');
    case REFUSALS.user_banned.sqlstate:
      return new UserBannedError(ctx.userId ?? '');
    case REFUSALS.invalid_input.sqlstate:
      return new InvalidMoneyInputError(pg.message);
    case REFUSALS.stale_price.sqlstate:
      return new StalePriceError(Number(pg.detail ?? 0), ctx.maxAgeMs ?? 0);
    case REFUSALS.simulated_price.sqlstate:
      return new SimulatedPriceError();
    case REFUSALS.trade_not_found.sqlstate:
      return new TradeNotFoundError(ctx.tradeId ?? '');
    case REFUSALS.trade_not_running.sqlstate:
      return new TradeNotRunningError(ctx.tradeId ?? '', (pg.detail ?? 'running') as TradeStatus);
    case REFUSALS.stake_above_limit.sqlstate:
      return new StakeAboveLimitError(BigInt(pg.detail ?? '0'));
    case REFUSALS.open_stake_above_limit.sqlstate: {
      const [max = '0', open = '0'] = (pg.detail ?? '').split(':');
      return new OpenStakeAboveLimitError(BigInt(max), BigInt(open));
    }
    case REFUSALS.disclosure_required.sqlstate:
      return new LimitRefusalError('disclosure_required');
    case REFUSALS.cooling_off.sqlstate:
      return new LimitRefusalError('cooling_off', new Date(Number(pg.detail ?? 0)));
    case REFUSALS.self_excluded.sqlstate:
      return new LimitRefusalError('self_excluded', new Date(Number(pg.detail ?? 0)));
    case REFUSALS.daily_loss_limit.sqlstate:
    case REFUSALS.daily_deposit_limit.sqlstate: {
      const [max = '0', used = '0'] = (pg.detail ?? '').split(':');
      const code =
        pg.code === REFUSALS.daily_loss_limit.sqlstate ? 'daily_loss_limit' : 'daily_deposit_limit';
      return new LimitRefusalError(code, null, { max: BigInt(max), used: BigInt(used) });
    }
    default:
      return undefined;
  }
}

/**
 * A user's new request over a cap the caller set (what waits for review, the voucher storage of
 * recent top-ups): nothing was stored. Counted under the lock that serialises the user's
 * requests, so requests arriving together cannot all pass.
 */
export class RequestCapError extends Error {
  override name = 'RequestCapError';
  constructor(readonly cap: 'pending_topups' | 'voucher_storage' | 'pending_withdrawals') {
    super(`request refused: ${cap} cap reached`);
  }
}
