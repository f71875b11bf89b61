import { MSG } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ExtendedError } from 'socket.io';
import { AppError } from '../lib/errors.ts';
import type { IoSocket } from './types.ts';

/** A refused handshake: the client gets `connect_error` with this message and `data`. */
function refuse(message: string, statusCode = 401): ExtendedError {
  const error: ExtendedError = new Error(message);
  error.data = { statusCode, message };
  return error;
}

/**
 * `io.use` middleware. No token: an anonymous socket (public market data only). A token must
 * be valid and belong to an existing, unbanned user whose token version still matches, as for
 * REST; otherwise the connection is refused so the client can drop the token.
 */
export function socketAuth(app: FastifyInstance) {
  async function authenticate(socket: IoSocket): Promise<void> {
    socket.data = { userId: null, role: null };
    const auth: unknown = socket.handshake.auth;
    const token = auth && typeof auth === 'object' && 'token' in auth ? auth.token : undefined;
    if (token === undefined || token === null || token === '') return;
    if (typeof token !== 'string') throw refuse(MSG.sessionExpired);

    try {
      const user = await app.sessionUser(token);
      socket.data = { userId: user.id, role: user.role };
    } catch (error) {
      if (error instanceof AppError) throw refuse(error.message, error.statusCode);
      throw error;
    }
  }

  return (socket: IoSocket, next: (err?: ExtendedError) => void) => {
    authenticate(socket).then(
      () => next(),
      (error: unknown) => {
        if (error instanceof Error && 'data' in error) return next(error);
        app.log.error({ err: error }, 'socket handshake failed');
        next(refuse(MSG.serverError, 500));
      },
    );
  };
}
