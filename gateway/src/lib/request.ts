import type { Role } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { caller } from '../plugins/auth.ts';

/** Who did an admin write and from where: what the audit log records. */
export type RequestMeta = {
  actor: { id: string; role: Role };
  ip: string;
  requestId: string;
};

export function requestMeta(request: FastifyRequest): RequestMeta {
  const user = caller(request);
  return { actor: { id: user.id, role: user.role }, ip: request.ip, requestId: request.id };
}

/** What a login-history row records about the client. */
export type ClientInfo = { ip: string; userAgent: string };

export function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: (typeof ua === 'string' ? ua : '').slice(0, 512) };
}
