import { foreignKeyViolation, MoneyError } from '@app/db';
import { MSG } from '@app/shared';
import { AppError, badRequest, limitRefusal } from '../../lib/errors.ts';

/**
 * The readable answer to a refusal of the money functions of @app/db: the status and message
 * of its code in the registry (db/src/errors.ts), or undefined for anything else (a bug or an
 * outage: the caller rethrows it as a 500).
 */
export function moneyErrorToHttp(error: unknown): AppError | undefined {
  if (foreignKeyViolation(error) === 'trades_setting_id_trade_settings_id_fk') {
    // The setting was deleted between the lookup and the insert.
    return badRequest(MSG.tradeSettingUnknown);
  }
  const refused = limitRefusal(error);
  if (refused) return refused;
  if (error instanceof MoneyError) return new AppError(error.httpStatus, error.userMessage);
  return undefined;
}
