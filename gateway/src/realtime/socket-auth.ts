import { MSG } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ExtendedError } from 'socket.io';
import { staffOf } from '../lib/access.ts';
import { AppError } from '../lib/errors.ts';
import type { TokenPayload } from '../plugins/auth.ts';
import type { IoSocket } from './types.ts';

/** A refused handshake: the client gets `connect_error` with this message and `data`. */
export function refuse(message: string, statusCode = 401): ExtendedError {
  const error: ExtendedError = new Error(message);
  error.data = { statusCode, message };
  return error;
}

/** The token a socket's handshake carried: undefined without one, null when it is not a string. */
export function handshakeToken(socket: IoSocket): string | null | undefined {
  const auth: unknown = socket.handshake.auth;
  const token = auth && typeof auth === 'object' && 'token' in auth ? auth.token : undefined;
  if (token === undefined || token === null || token === '') return undefined;
  return typeof token === 'string' ? token : null;
}

/**
 * `io.use` middleware. No token: an anonymous socket (public market data only). A token must
 * be valid and belong to an existing, unbanned user whose token version still matches, as for
 * REST; otherwise the connection is refused so the client can drop the token. The session is
 * read again once the socket is in its rooms, and the socket is closed when the token
 * expires (realtime.plugin.ts).
 */
export function socketAuth(app: FastifyInstance) {
  async function authenticate(socket: IoSocket): Promise<void> {
    socket.data = { userId: null, role: null, expiresAt: null, admins: false };
    const token = handshakeToken(socket);
    if (token === undefined) return;
    if (token === null) throw refuse(MSG.sessionExpired);

    try {
      const user = await app.sessionUser(token);
      // Verified above: only the expiry is read here.
      const exp = app.jwt.decode<TokenPayload & { exp?: number }>(token)?.exp;
      socket.data = {
        userId: user.id,
        role: user.role,
        // Staff events need staff capability, as staff routes do (lib/access.ts).
        admins: staffOf(user) !== null,
        expiresAt: typeof exp === 'number' ? exp * 1000 : null,
      };
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
