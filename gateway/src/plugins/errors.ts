import { STATUS_CODES } from 'node:http';
import { MSG } from '@app/shared';
import type { FastifyError, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, databaseError, outageError, RetryLaterError } from '../lib/errors.ts';

export function errorBody(statusCode: number, message: string, requestId: string, code?: string) {
  const body = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, requestId };
  return code === undefined ? body : { ...body, code };
}

/**
 * One error handler for the whole app. Validation answers 400 with the first issue's
 * message (the spec's wording), or 404 for a path parameter (a path that names nothing is not
 * found, whatever is wrong with it); known errors keep their status and message; a database
 * refusal the client caused gets its answer from lib/errors.ts, and so does PostgreSQL or Redis
 * being away (503 with Retry-After: it passes with time); any other 4xx from Fastify or
 * a plugin (bad JSON, wrong content type, body too large) stays a 4xx; everything else is a
 * 500 whose details go to the log, never to the client.
 *
 * Errors are logged under `err`, whose serializer (lib/logger.ts, @app/db log-safety) writes a
 * database error as its SQLSTATE, constraint and statement name: never the statement's values,
 * which hold password hashes, emails and account numbers.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const message = error.validation[0]?.message ?? MSG.invalidInput;
        const status = error.validationContext === 'params' ? 404 : 400;
        return reply.code(status).send(errorBody(status, message, request.id));
      }
      const outage = error instanceof AppError ? undefined : outageError(error);
      const known = error instanceof AppError ? error : (databaseError(error) ?? outage);
      if (known) {
        if (known === outage) request.log.warn({ err: error }, 'PostgreSQL or Redis is away');
        else if (known !== error) request.log.info({ err: error }, 'database refused the request');
        if (known instanceof RetryLaterError) reply.header('retry-after', String(known.retryAfterSeconds));
        return reply
          .code(known.statusCode)
          .send(errorBody(known.statusCode, known.message, request.id, known.code));
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const message =
          'validation' in error && error.validation
            ? (error.validation[0]?.message ?? MSG.invalidInput)
            : error.message;
        return reply.code(status).send(errorBody(status, message || MSG.invalidInput, request.id));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody(500, MSG.serverError, request.id));
    });

    // An empty JSON body (a POST with a content type but nothing in it, as some HTTP
    // clients send for body-less actions) counts as no body instead of a parse error.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      parseJson(request, text, done);
    });

    // Requests that carry no body are validated as an empty object, so a missing body
    // gets the form's first message rather than a generic "expected object". Only routes
    // with a body schema run it: a hook on the app would run for every request, the 404 too.
    const emptyBodyAsObject: preValidationHookHandler = (request, _reply, done) => {
      if (request.body == null) request.body = {};
      done();
    };
    app.addHook('onRoute', (route) => {
      if (!route.schema?.body) return;
      const own = route.preValidation ?? [];
      route.preValidation = [emptyBodyAsObject, ...(Array.isArray(own) ? own : [own])];
    });
  },
  { name: 'errors' },
);
