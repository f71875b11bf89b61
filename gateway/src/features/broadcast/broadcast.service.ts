import { randomUUID } from 'node:crypto';
import {
  type BroadcastTarget,
  countBroadcastRecipients,
  type Db,
  insertBroadcastNotifications,
  type NotificationRow,
  toNotification,
  unreadNotificationCounts,
} from '@app/db';
import {
  type BroadcastJob,
  type BroadcastJobData,
  type BroadcastProgress,
  type BroadcastRequest,
  broadcastJobId,
  MSG,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import type { MaintenanceQueue } from '../../plugins/queues.ts';
import type { UserEvents } from '../../realtime/realtime.plugin.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { findRecipient, idsByEmail, reachableIds, reachableRoles } from './broadcast.repository.ts';

export type BroadcastDeps = {
  db: Db;
  queue: MaintenanceQueue;
  userEvents: UserEvents;
  /** Recipients up to which the send is written within the request. */
  syncMax: number;
  log: FastifyBaseLogger;
};

export type BroadcastOutcome =
  | { status: 200; body: { recipients: number; created: number } }
  | { status: 202; body: { recipients: number; jobId: string } };

/** A retried job resumes from its progress; a few tries ride out a database restart. */
const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/**
 * Admin-sent notifications (admin-side §2, §5). Small audiences are written in one INSERT …
 * SELECT in the transaction of the audit row and pushed after the commit; larger ones (all
 * users, a role) are audited and handed to a workers job (workers/src/jobs/broadcast.ts).
 * A plain admin reaches user accounts only, as on the users screen: asking for the admin or
 * superadmin role is 403, and admin accounts named in a list count as unknown.
 */
export function createBroadcastService(deps: BroadcastDeps) {
  const { db } = deps;

  /** Who the request addresses, as ids or roles; never wider than the sender may reach. */
  async function resolve(sender: RequestMeta['actor'], request: BroadcastRequest): Promise<BroadcastTarget> {
    const { target } = request;
    switch (target.audience) {
      case 'user': {
        const id = await findRecipient(db, sender.role, target.user);
        return { kind: 'ids', ids: id ? [id] : [] };
      }
      case 'userIds':
        return { kind: 'ids', ids: await reachableIds(db, sender.role, target.ids) };
      case 'emails':
        return { kind: 'ids', ids: await idsByEmail(db, sender.role, target.emails) };
      case 'role':
        if (!reachableRoles(sender.role).includes(target.role))
          throw forbidden(MSG.broadcastAdminRoleForbidden);
        return { kind: 'roles', roles: [target.role] };
      default:
        return { kind: 'roles', roles: reachableRoles(sender.role) };
    }
  }

  /** What the audit row says about the audience: the ids only when there are few. */
  const auditedAudience = (request: BroadcastRequest, target: BroadcastTarget) => ({
    audience: request.target.audience,
    ...(target.kind === 'roles' ? { roles: target.roles } : {}),
    ...(target.kind === 'ids' && target.ids.length <= 20 ? { userIds: target.ids } : {}),
  });

  async function push(rows: NotificationRow[]): Promise<void> {
    const unread = await unreadNotificationCounts(
      db,
      rows.map((r) => r.userId),
    );
    for (const row of rows) {
      deps.userEvents.emit({
        userId: row.userId,
        event: 'notification',
        data: { notification: toNotification(row), unread: unread.get(row.userId) ?? 1 },
      });
    }
  }

  return {
    async send(request: BroadcastRequest, meta: RequestMeta): Promise<BroadcastOutcome> {
      const target = await resolve(meta.actor, request);
      const recipients =
        target.kind === 'ids' ? target.ids.length : await countBroadcastRecipients(db, target);
      if (recipients === 0) throw badRequest(MSG.broadcastNoRecipients);
      const broadcastId = randomUUID();
      const message = request.message;
      const audited = {
        ...auditContext(meta),
        action: 'notification.send',
        targetType: 'notification',
        targetId: broadcastId,
      };

      if (recipients <= deps.syncMax) {
        const rows = await db.transaction(async (tx) => {
          const inserted = await insertBroadcastNotifications(tx, broadcastId, target, message);
          await audit(tx, {
            ...audited,
            after: {
              ...auditedAudience(request, target),
              type: message.type,
              title: message.title,
              recipients: inserted.length,
              created: inserted.length,
            },
          });
          return inserted;
        });
        // The notifications are stored; a push that fails leaves them for the bell's next read.
        await push(rows).catch((err: unknown) => deps.log.warn({ err }, 'broadcast push failed'));
        return { status: 200, body: { recipients: rows.length, created: rows.length } };
      }

      const jobId = broadcastJobId(broadcastId);
      const data: BroadcastJobData = { broadcastId, target, message, recipients };
      // Audited and queued together: a queue that refuses the job rolls the audit row back.
      await db.transaction(async (tx) => {
        await audit(tx, {
          ...audited,
          after: {
            ...auditedAudience(request, target),
            type: message.type,
            title: message.title,
            recipients,
            jobId,
          },
        });
        await deps.queue.add('broadcast', data, { ...JOB_OPTIONS, jobId });
      });
      return { status: 202, body: { recipients, jobId } };
    },

    /** A queued send's state and progress; 404 for an id that is no broadcast job. */
    async job(jobId: string): Promise<BroadcastJob> {
      const job = await deps.queue.getJob(jobId);
      if (job?.name !== 'broadcast') throw notFound();
      const data = job.data as BroadcastJobData;
      const state = await job.getState();
      const done = job.returnvalue as BroadcastProgress | null | undefined;
      const progress = (done ??
        (typeof job.progress === 'object' ? job.progress : null)) as Partial<BroadcastProgress> | null;
      return {
        jobId,
        state: state === 'completed' || state === 'failed' || state === 'active' ? state : 'waiting',
        recipients: data.recipients,
        processed: progress?.processed ?? 0,
        created: progress?.created ?? 0,
      };
    },
  };
}
