import { loggedDatabaseError } from '@app/db';
import { UnrecoverableError } from 'bullmq';

/**
 * A job handler whose database errors reach BullMQ without the statement's values. BullMQ keeps a
 * failed job's `message` and stack in Redis (`failedReason`, `stacktrace`), and a driver or
 * Drizzle error's message quotes the query and its parameters: emails, hashes, bank numbers. The
 * error that leaves carries what the logs carry (db/src/log-safety.ts): type, SQLSTATE and the
 * names of the statement, table and constraint. Any other error passes through as it is, and an
 * UnrecoverableError stays one, so retries behave the same.
 */
export function withSafeJobErrors<A extends unknown[], R>(handler: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await handler(...args);
    } catch (error) {
      const logged = loggedDatabaseError(error);
      if (!logged) throw error;
      const safe =
        error instanceof UnrecoverableError
          ? new UnrecoverableError(logged.message)
          : new Error(logged.message);
      if (!(error instanceof UnrecoverableError)) safe.name = logged.type;
      safe.stack = logged.stack ?? `${safe.name}: ${logged.message}`;
      Object.assign(safe, {
        code: logged.sqlstate,
        statement: logged.statement,
        table: logged.table,
        constraint: logged.constraint,
      });
      throw safe;
    }
  };
}
