import { Readable } from 'node:stream';
import {
  adminSetPasswordSchema,
  adminUserDetailResponseSchema,
  adminUserMessageResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserUpdateSchema,
  balanceAdjustmentResponseSchema,
  balanceAdjustmentSchema,
  banBodySchema,
  idParamsSchema,
  messageResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses, idempotencyKeyHeaders } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createPasswordPolicy } from '../auth/password-policy.ts';
import { createWalletEvents } from '../notifications/notifications.events.ts';
import { findUserById } from '../users/users.repository.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/**
 * The admin users screen: list, export, detail, edit, ban, password, balance adjustments.
 * Admins and superadmins; a plain admin never sees or touches an admin or superadmin account
 * (403), and only a superadmin changes a role. No route sets a balance to a value: money moves
 * by one ledger entry per adjustment.
 */
const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminUsersService({
    db: app.db,
    sessions: app.sessions,
    events: createWalletEvents(app.io, app.db),
    log: app.log.child({ feature: 'admin-users' }),
    passwords: createPasswordPolicy(app.siteSettings),
  });
  const tags = ['admin-users'];

  app.get(
    '/admin/users',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Users, newest first, 20 a page. `search` matches username, email or full name. A plain admin sees user accounts only; a superadmin sees every account.',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(request.query, caller(request).role),
  );

  app.get(
    '/admin/users/export.csv',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'The list’s filter (search and role visibility, every page) as CSV, streamed. INR with 2 decimals; a cell starting with = + - @, tab or CR is prefixed with an apostrophe so spreadsheets show it as text.',
        querystring: adminUsersQuerySchema.pick({ search: true }),
        response: {
          // Streamed as it is: no serializer touches a stream.
          200: z.unknown().describe('text/csv; charset=utf-8'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = service.exportCsv(request.query, caller(request).role);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(csv));
    },
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'One user with bank fields, hold, ban and the detail’s stats (deposits, withdrawals, transactions, trade counts; real account), computed in one statement.',
        params: idParamsSchema,
        response: { 200: adminUserDetailResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ user: await service.get(request.params.id, caller(request).staff) }),
  );

  app.put(
    '/admin/users/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Edit names, email, hasReferral and bank fields (blank clears a bank field). `role` only by a superadmin, never their own; isAdmin follows the role, and a role change ends the user’s sessions. A changed email is unverified until its owner opens the link mailed to it. willWin, creditScore and freezAmount are not fields (holds: PUT /admin/users/{id}/hold). Audited: user.update, user.role_change.',
        params: idParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const was = request.body.email === undefined ? undefined : await findUserById(app.db, id);
      const answer = await service.update(id, request.body, requestMeta(request));
      // A new address is unverified (a trigger clears the time): its owner gets the link.
      if (was && was.email.toLowerCase() !== answer.user.email.toLowerCase())
        await app.accountMail.sendVerification(id);
      return answer;
    },
  );

  app.post(
    '/admin/users/:id/ban',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Ban with a reason: every token of the user is refused from now on and their open sockets are disconnected; running trades still settle. Audited: user.ban.',
        params: idParamsSchema,
        body: banBodySchema,
        response: { 200: adminUserMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.ban(request.params.id, request.body, requestMeta(request)),
  );

  app.post(
    '/admin/users/:id/unban',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Lift a ban (the user signs in again). Audited: user.unban.',
        params: idParamsSchema,
        response: { 200: adminUserMessageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.unban(request.params.id, requestMeta(request)),
  );

  app.put(
    '/admin/users/:id/password',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Set the user’s password; every older token of the user stops working. Audited: user.password_set (without the password).',
        params: idParamsSchema,
        body: adminSetPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.setPassword(request.params.id, request.body, requestMeta(request)),
  );

  app.post(
    '/admin/users/:id/balance-adjustments',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Credit or debit the user’s real balance by `amount` rupees with `remarks` the user sees in Financial Records: one admin_adjustment ledger entry, audited (user.balance_adjust) and notified in the same transaction. A debit below zero is refused and moves nothing. Idempotency-Key required: a retry with the same key answers the first entry (`replayed`).',
        headers: idempotencyKeyHeaders,
        params: idParamsSchema,
        body: balanceAdjustmentSchema,
        response: { 200: balanceAdjustmentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.adjustBalance(
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
        requestMeta(request),
      ),
  );
};

export default adminUsersRoutes;
