import { foreignKeyViolation, MoneyError } from '@app/db';
import { MSG } from '@app/shared';
import { type AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';

/**
 * The readable answer to a refusal of the money functions of @app/db (their typed errors),
 * or undefined for anything else (a bug or an outage: the caller rethrows it as a 500).
 */
export function moneyErrorToHttp(error: unknown): AppError | undefined {
  if (foreignKeyViolation(error) === 'trades_setting_id_trade_settings_id_fk') {
    // The setting was deleted between the lookup and the insert.
    return badRequest(MSG.tradeSettingUnknown);
  }
  if (!(error instanceof MoneyError)) return undefined;
  switch (error.code) {
    case 'insufficient_funds':
      return badRequest(MSG.insufficientBalance);
    case 'idempotency_conflict':
      return conflict(MSG.idempotencyKeyReused);
    case 'stale_price':
      return conflict(MSG.priceStale);
    case 'simulated_price':
      return conflict(MSG.simulatedRealRefused);
    case 'trade_not_found':
      return notFound();
    case 'trade_not_running':
      return conflict(MSG.tradeNotRunning);
    case 'unknown_user':
    case 'session_ended':
      return unauthorized(MSG.sessionExpired);
    case 'user_banned':
      return unauthorized(MSG.accountBanned);
    case 'invalid_input':
      return badRequest(MSG.invalidInput);
  }
}
