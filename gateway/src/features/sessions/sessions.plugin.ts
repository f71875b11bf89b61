/**
 * Ending a user's sessions everywhere: the ONE mechanism behind a password change, "log out
 * everywhere", a ban, a role change and a password set by an admin.
 *
 * API (`app.sessions`):
 *
 *   const announce = await app.sessions.end(tx, userId);   // inside the caller's transaction
 *   // ...the rest of the change, audit row included, then the transaction commits...
 *   announce('banned');                                     // after the commit, never inside
 *
 * - `end(tx, userId)` bumps `users.token_version` in `tx`. Every token carries the version it
 *   was signed with and REST requests, socket handshakes and trade placement compare it with
 *   the row, so once `tx` commits every token of the user stops working. It throws when there
 *   is no such user (callers have read or locked the row already).
 * - It returns `announce(reason)` (`reason`: a `SessionEndReason` from @app/shared). Called
 *   after the commit, it sends `session:ended { reason, message }` to `user:{id}` and then
 *   disconnects the user's sockets, on every gateway (Socket.IO's Redis adapter, in that order
 *   on one connection, so each socket has the reason before it is closed). The web signs out
 *   and shows `message`. Not before the commit: a socket told early could reconnect while its
 *   old token still passed. A rolled-back transaction ended nothing: do not announce.
 *   `announce` never throws (the change is committed; a push that fails is logged) and only
 *   acts once. First it drops the user's cached session check on every gateway (the cache bus;
 *   plugins/auth.ts), so REST requests with an old token are refused from then on.
 * - `announce.tokenVersion` is the user's new token version, for a route that hands the caller
 *   a fresh token (change-password keeps the caller signed in on the device that asked).
 *
 * `staffLost(userId)`, after the commit of a change that took the staff capability away (two-factor
 * turned off by the user or reset by `pnpm admin reset-2fa`, a staff role removed): the user's
 * cached session check is dropped on every gateway and every socket of the user leaves every
 * staff room at once; the sessions go on. It never throws. The admin CLI, which has no io
 * server, does the same through Redis (scripts/lib/staff-lost.ts).
 *
 * A socket whose handshake read the session just before the bump and joins the user's room
 * just after the announce is caught by the realtime plugin: it reads the session again once
 * the socket is in its rooms (gateway/src/realtime/realtime.plugin.ts).
 */
import { type DbOrTx, users } from '@app/db';
import { rooms, type SessionEndReason, sessionEndedEvent } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { leaveStaffRooms } from './staff-rooms.ts';

/** Announces, after the commit, that the user's sessions ended; see the file's header. */
export type AnnounceSessionEnd = ((reason: SessionEndReason) => void) & {
  /** The user's token version after `end`: a token signed with it is valid. */
  readonly tokenVersion: number;
};

export interface Sessions {
  /** Inside the caller's transaction: every token of the user stops working when it commits. */
  end(tx: DbOrTx, userId: string): Promise<AnnounceSessionEnd>;
  /** After the commit that took the user's staff capability away: out of the staff rooms everywhere. */
  staffLost(userId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export default fp(
  async (app) => {
    const log = app.log.child({ feature: 'sessions' });

    const announceTo = (userId: string, reason: SessionEndReason) => {
      try {
        const room = app.io.in(rooms.user(userId));
        room.emit('session:ended', sessionEndedEvent(reason));
        // Closed, not just left: the connection is the user's no more, and a client that
        // missed the event finds its token refused when it connects again.
        room.disconnectSockets(true);
      } catch (err) {
        log.error({ err, userId, reason }, 'session end not announced');
      }
    };

    app.decorate('sessions', {
      async end(tx, userId) {
        const [row] = await tx
          .update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, userId))
          .returning({ tokenVersion: users.tokenVersion });
        if (!row) throw new Error(`sessions.end: no user ${userId}`);
        let announced = false;
        const announce = (reason: SessionEndReason) => {
          if (announced) return;
          announced = true;
          // Committed: every gateway's cached session check of the user reads the row again.
          app.forgetSession(userId);
          announceTo(userId, reason);
        };
        return Object.assign(announce, { tokenVersion: row.tokenVersion });
      },

      staffLost(userId) {
        app.forgetSession(userId);
        try {
          leaveStaffRooms(app.io, userId);
        } catch (err) {
          log.error({ err, userId }, 'staff rooms not left');
        }
      },
    } satisfies Sessions);
  },
  { name: 'sessions', dependencies: ['db', 'auth', 'realtime'] },
);
