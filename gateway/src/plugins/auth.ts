import { MSG, type Role } from '@app/shared';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';

/** What a token carries: the user, their role when it was issued, and the token version. */
export type TokenPayload = { sub: string; role: Role; tv: number };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

/**
 * What the session check reads of the user's row, and all that `request.currentUser` and
 * `caller` give a route: a route that needs more of the user reads it itself.
 */
export type SessionUser = {
  id: string;
  role: Role;
  tokenVersion: number;
  bannedAt: Date | null;
  /** Two-factor sign-in is on: staff routes refuse staff without it (requireRole). */
  twoFactor: boolean;
};

/** The user's session fields, or undefined when there is no such user (any id string may arrive). */
export type LoadUser = (id: string) => Promise<SessionUser | undefined>;

export type SignToken = (user: Pick<SessionUser, 'id' | 'role' | 'tokenVersion'>) => string;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid token of an existing, unbanned user whose token version matches. */
    authenticate: Hook;
    /**
     * onRequest hook: a token with a valid signature, not expired; `request.token` is its
     * payload. The user row is not read: only for a route that checks it in its own statement
     * (trade placement) and authenticates in full before answering any error.
     */
    verifyToken: Hook;
    /**
     * onRequest hook: authenticate, then require the role ('admin' admits superadmins too) and,
     * for every staff route, two-factor sign-in turned on (403 with a message saying so).
     */
    requireRole: (role: 'admin' | 'superadmin') => Hook;
    signToken: SignToken;
    /**
     * The user a token speaks for, if its session still holds: an existing, unbanned user whose
     * token version is the token's. Otherwise an AppError (401) with the message to show. The
     * rule `authenticate` applies too, here on the row as it is now (socket handshakes and
     * re-checks).
     */
    sessionUser: (token: string) => Promise<SessionUser>;
    /**
     * After a committed change of the user's session fields (app.sessions): every gateway's
     * cached copy is dropped.
     */
    forgetSession: (userId: string) => void;
  }
  interface FastifyRequest {
    /** The caller's session fields (at most `sessionCacheMs` old; see the plugin). */
    currentUser: SessionUser | null;
    /** The verified token's payload (set by `verifyToken` and `authenticate`). */
    token: TokenPayload | null;
  }
}

const ALGORITHM = 'HS256';

/** How many verified tokens a gateway keeps (all are dropped when there would be more). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Tokens whose signature and claims were checked, by the token itself: the same string is the
 * same signed payload, so a request that sends it again is not verified again. An entry is used
 * only before the token's expiry; a token without one is not kept. Whether the session still
 * holds (the token's version, a ban) is checked on every request all the same.
 */
function verifiedTokens() {
  const kept = new Map<string, { payload: TokenPayload; expiresAt: number }>();
  return {
    get(token: string): TokenPayload | undefined {
      const entry = kept.get(token);
      if (!entry) return undefined;
      if (Date.now() < entry.expiresAt) return entry.payload;
      kept.delete(token);
      return undefined;
    },
    set(token: string, payload: TokenPayload & { exp?: unknown }) {
      if (typeof payload.exp !== 'number') return;
      if (kept.size >= VERIFIED_TOKENS_MAX) kept.clear();
      kept.set(token, { payload, expiresAt: payload.exp * 1000 });
    },
  };
}

export type AuthOptions = {
  secret: string;
  expiresIn: string | number;
  loadUser: LoadUser;
  /** How long a REST request may trust a session read before (0: read on every request). */
  sessionCacheMs: number;
};

/**
 * REST requests check the session from a copy kept `sessionCacheMs` at most: no database
 * round trip per request. A password change, a ban, a role change and "log out everywhere" all
 * end sessions through app.sessions, which drops the copy on every gateway after its commit
 * (cache bus), so the old token is refused at once; the lifetime only bounds a drop that was
 * lost. Socket handshakes and re-checks read the row itself (they are few, and a socket's
 * re-check closes a race with a session that ended meanwhile). Placement checks the session
 * again in its own statement (ADR 0007).
 */
export default fp<AuthOptions>(
  async (app, opts) => {
    // The algorithm is pinned on both sides: a token claiming "none" or another
    // algorithm is refused rather than trusted.
    await app.register(fastifyJwt, {
      secret: opts.secret,
      sign: { algorithm: ALGORITHM, expiresIn: opts.expiresIn },
      // Verified tokens are kept below (verifiedTokens), not in fast-jwt's cache: its key is a
      // SHA-256 of the token, computed on every request, which costs about what the signature does.
      verify: { algorithms: [ALGORITHM] },
    });

    app.decorateRequest('currentUser', null);
    app.decorateRequest('token', null);
    const signToken: SignToken = (user) =>
      app.jwt.sign({ sub: user.id, role: user.role, tv: user.tokenVersion });
    app.decorate('signToken', signToken);

    const tokens = verifiedTokens();
    const verified = (token: string): TokenPayload => {
      let payload = tokens.get(token);
      if (!payload) {
        try {
          payload = app.jwt.verify<TokenPayload>(token);
        } catch {
          throw unauthorized(MSG.sessionExpired);
        }
        tokens.set(token, payload);
      }
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number')
        throw unauthorized(MSG.sessionExpired);
      return payload;
    };

    // `Authorization: Bearer <token>`, verified by the same call as a socket's token: the
    // request's own jwtVerify goes through @fastify/jwt's callback machinery on every request.
    const verifyToken: Hook = async (request) => {
      const authorization = request.headers.authorization;
      if (!authorization) throw unauthorized();
      const parts = authorization.split(' ');
      if (parts.length !== 2 || !/^Bearer$/i.test(parts[0] ?? '')) throw unauthorized(MSG.sessionExpired);
      request.token = verified(parts[1] ?? '');
    };

    const sessions =
      opts.sessionCacheMs > 0
        ? app.cacheBus.byKey('session', opts.loadUser, { ttlMs: opts.sessionCacheMs })
        : { get: opts.loadUser, changed: () => {} };
    app.decorate('forgetSession', (userId: string) => sessions.changed(userId));

    // The row, not the token, decides: a ban, a password change or a role change takes effect
    // on the very next request.
    const check = (payload: TokenPayload, user: SessionUser | undefined): SessionUser => {
      if (!user || user.tokenVersion !== payload.tv) throw unauthorized(MSG.sessionExpired);
      if (user.bannedAt) throw unauthorized(MSG.accountBanned);
      return user;
    };

    const authenticate: Hook = async (request, reply) => {
      if (!request.token) await verifyToken(request, reply);
      const payload = request.token;
      if (!payload) throw unauthorized();
      request.currentUser = check(payload, await sessions.get(payload.sub));
    };

    app.decorate('sessionUser', async (token: string) => {
      const payload = verified(token);
      return check(payload, await opts.loadUser(payload.sub));
    });

    app.decorate('authenticate', authenticate);
    app.decorate('verifyToken', verifyToken);
    app.decorate('requireRole', (role: 'admin' | 'superadmin'): Hook => {
      const allowed: readonly Role[] = role === 'admin' ? ['admin', 'superadmin'] : ['superadmin'];
      return async (request, reply) => {
        await authenticate(request, reply);
        if (!request.currentUser || !allowed.includes(request.currentUser.role)) throw forbidden();
        // Staff sign in with a second factor; one who has not set it up is led to (ADR 0018).
        if (!request.currentUser.twoFactor) throw forbidden(MSG.twoFactorSetupRequired);
      };
    });
  },
  { name: 'auth', dependencies: ['db', 'cache-bus'] },
);

/** The authenticated caller; only for handlers behind `authenticate` or `requireRole`. */
export function caller(request: FastifyRequest): SessionUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** The verified token's user and version; only for handlers behind `verifyToken`. */
export function sessionOf(request: FastifyRequest): { id: string; tokenVersion: number } {
  if (!request.token) throw unauthorized();
  return { id: request.token.sub, tokenVersion: request.token.tv };
}
