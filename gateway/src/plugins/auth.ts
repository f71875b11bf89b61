import { MSG, type Role } from '@app/shared';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Staff, staffOf } from '../lib/access.ts';
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
  /** Two-factor sign-in is on: staff capability needs it (lib/access.ts). */
  twoFactor: boolean;
};

/** The session as routes see it: the user's fields and their staff capability (`staffOf`). */
export type Session = SessionUser & { staff: Staff };

/**
 * Whom a route serves, declared in its schema (`schema.audience`) and shown in the OpenAPI
 * document as `x-audience`; the auth hook is derived from it (see `audienceHooks`):
 * - public: no session;
 * - user: any session, the caller's own records only;
 * - both: any session, and staff capability widens the answer to other accounts' records;
 * - staff: staff capability (admin or superadmin, with two-factor);
 * - superadmin: a superadmin's staff capability.
 */
export const AUDIENCES = ['public', 'user', 'both', 'staff', 'superadmin'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The user's session fields, or undefined when there is no such user (any id string may arrive). */
export type LoadUser = (id: string) => Promise<SessionUser | undefined>;

export type SignToken = (user: Pick<SessionUser, 'id' | 'role' | 'tokenVersion'>) => string;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifySchema {
    /** Whom the route serves: every documented /api route declares it (see `Audience`). */
    audience?: Audience;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session row in its own statement: its hook verifies the token only
     * (`verifyToken`), and the route authenticates in full before answering any error.
     */
    sessionInStatement?: boolean;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid token of an existing, unbanned user whose token version matches. */
    authenticate: Hook;
    /**
     * onRequest hook: a token with a valid signature, not expired; `request.token` is its
     * payload. The user row is not read: only for a route that checks it in its own statement
     * (trade placement) and authenticates in full before answering any error.
     */
    verifyToken: Hook;
    signToken: SignToken;
    /**
     * The user a token speaks for, if its session still holds: an existing, unbanned user whose
     * token version is the token's. Otherwise an AppError (401) with the message to show. The
     * rule `authenticate` applies too, here on the row as it is now (socket handshakes and
     * re-checks).
     */
    sessionUser: (token: string) => Promise<Session>;
    /**
     * After a committed change of the user's session fields (app.sessions): every gateway's
     * cached copy is dropped.
     */
    forgetSession: (userId: string) => void;
  }
  interface FastifyRequest {
    /** The caller's session fields (at most `sessionCacheMs` old; see the plugin). */
    currentUser: Session | null;
    /** The verified token's payload (set by `verifyToken` and `authenticate`). */
    token: TokenPayload | null;
  }
}

const ALGORITHM = 'HS256';

/** The cache bus's name of the cached session checks, one key per user id. */
export const SESSION_CACHE = 'session';

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
        // Every token the gateway signs expires: one without `exp` would never end.
        if (typeof (payload as { exp?: unknown }).exp !== 'number') throw unauthorized(MSG.sessionExpired);
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

    // The staff capability is derived once per read of the row, and kept with the cached copy.
    const loadSession = async (id: string): Promise<Session | undefined> => {
      const user = await opts.loadUser(id);
      return user && { ...user, staff: staffOf(user) };
    };
    const sessions =
      opts.sessionCacheMs > 0
        ? app.cacheBus.byKey(SESSION_CACHE, loadSession, { ttlMs: opts.sessionCacheMs })
        : { get: loadSession, changed: () => {} };
    app.decorate('forgetSession', (userId: string) => sessions.changed(userId));

    // The row, not the token, decides: a ban, a password change or a role change takes effect
    // on the very next request.
    const check = (payload: TokenPayload, user: Session | undefined): Session => {
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
      return check(payload, await loadSession(payload.sub));
    });

    app.decorate('authenticate', authenticate);
    app.decorate('verifyToken', verifyToken);
    /** Staff capability ('admin' admits superadmins too): 403 with a message saying what is missing. */
    const requireRole = (role: 'admin' | 'superadmin'): Hook => {
      const allowed: readonly Role[] = role === 'admin' ? ['admin', 'superadmin'] : ['superadmin'];
      return async (request, reply) => {
        await authenticate(request, reply);
        const user = request.currentUser;
        if (!user || !allowed.includes(user.role)) throw forbidden();
        // Staff sign in with a second factor; one who has not set it up is led to (ADR 0018).
        if (!user.staff) throw forbidden(MSG.twoFactorSetupRequired);
      };
    };

    const hooks: Record<Exclude<Audience, 'public'>, Hook> = {
      user: authenticate,
      both: authenticate,
      staff: requireRole('admin'),
      superadmin: requireRole('superadmin'),
    };
    // Each route's auth hook comes from its declared audience, before any hook of its own; a
    // documented /api route that declares none stops the app at start, so none can forget it.
    app.addHook('onRoute', (route) => {
      const audience = route.schema?.audience;
      if (audience === undefined) {
        if (route.url.startsWith('/api') && !route.schema?.hide)
          throw new Error(`${route.method} ${route.url}: declare its audience (schema.audience)`);
        return;
      }
      if (!AUDIENCES.includes(audience))
        throw new Error(`${route.method} ${route.url}: unknown audience ${audience}`);
      if (audience === 'public') return;
      const hook = route.config?.sessionInStatement ? verifyToken : hooks[audience];
      const own = route.onRequest;
      route.onRequest = own === undefined ? [hook] : [hook, ...(Array.isArray(own) ? own : [own])];
    });
  },
  { name: 'auth', dependencies: ['db', 'cache-bus'] },
);

/**
 * The authenticated caller, with its staff capability (`staff`: what every staff decision
 * asks); only for handlers of routes whose audience is not public.
 */
export function caller(request: FastifyRequest): Session {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** The verified token's user and version; only for handlers behind `verifyToken`. */
export function sessionOf(request: FastifyRequest): { id: string; tokenVersion: number } {
  if (!request.token) throw unauthorized();
  return { id: request.token.sub, tokenVersion: request.token.tv };
}
