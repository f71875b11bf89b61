import type { MoneyAccount, TradeStatus } from '@app/shared';

/**
 * Refusals of the money functions that a caller can explain to a person. Each carries a
 * stable `code`; the gateway maps codes to statuses and messages. Anything else thrown by
 * the ledger or trade functions is a bug or an outage, never a business answer.
 */
export type MoneyErrorCode =
  | 'insufficient_funds'
  | 'idempotency_conflict'
  | 'unknown_user'
  | 'session_ended'
  | 'user_banned'
  | 'invalid_input'
  | 'stale_price'
  | 'simulated_price'
  | 'trade_not_found'
  | 'trade_not_running';

export class MoneyError extends Error {
  override name = 'MoneyError';
  constructor(
    readonly code: MoneyErrorCode,
    message: string,
  ) {
    super(message);
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
