import { createRequire } from 'node:module';
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS, logSafeErrorSerializer } from '@app/db';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  destination,
  type Logger,
  type LoggerOptions,
  levels,
  stdSerializers,
  symbols,
} from 'pino';
import type { Config } from '../config.ts';

/**
 * Query parameters whose values never reach the log: credentials someone may put in a URL,
 * and search boxes, where an admin types emails and account numbers.
 */
const SECRET_QUERY_PARAM = /pass|token|secret|auth|session|sig|key|email|^q$|search/i;
const NOT_IN_EMAIL = /[\s@/?&=]/;
/** What a URL must hold for loggableUrl to have anything to censor: a query, an escape or an '@'. */
const MAY_HOLD_SECRET = /[?%@]/;

/**
 * Whether `text` holds something like an email: an '@' with a character of an address on either
 * side. Looked up '@' by '@' rather than by an unanchored regex, whose backtracking is quadratic
 * in the length of a URL anyone can send.
 */
function containsEmail(text: string): boolean {
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    const before = text[at - 1];
    const after = text[at + 1];
    if (
      before !== undefined &&
      after !== undefined &&
      !NOT_IN_EMAIL.test(before) &&
      !NOT_IN_EMAIL.test(after)
    )
      return true;
  }
  return false;
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
};

/** A request URL fit for the log: secret-looking query values and email addresses censored. */
export function loggableUrl(url: string): string {
  // Most URLs have no query and nothing encoded: with no '@' either, there is nothing to censor.
  if (!MAY_HOLD_SECRET.test(url)) return url;
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q))
    .split('/')
    .map((segment) => (containsEmail(decoded(segment)) ? LOG_REDACT_CENSOR : segment))
    .join('/');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      const value = eq === -1 ? '' : pair.slice(eq + 1);
      if (
        SECRET_QUERY_PARAM.test(decoded(name)) ||
        containsEmail(decoded(value)) ||
        containsEmail(decoded(name))
      )
        return eq === -1 ? LOG_REDACT_CENSOR : `${name}=${LOG_REDACT_CENSOR}`;
      return pair;
    })
    .join('&');
  return `${path}?${query}`;
}

const logSafeError = logSafeErrorSerializer(stdSerializers.err);

/** The most bytes of log lines written to stdout in one write. */
const LINES_PER_WRITE_BYTES = 4096;
/** Lines are written once this many bytes of them wait… */
const LINES_WAIT_BYTES = 3072;
/** …or when this much time has passed, whichever comes first. */
export const LINES_WAIT_MS = 100;

/**
 * JSON lines to a file descriptor (stdout under `pnpm start`), written while the process goes
 * on. A write costs about the same whatever its size (the system call, and the thread pool that
 * makes it handing it back to the event loop), and at a line per request one write per line
 * was a large share of a request's cost: lines wait until a write's worth has gathered or
 * LINES_WAIT_MS has passed (ADR 0026). pino writes what waits when the process exits; a
 * process killed outright loses at most that much. Lines wait in strings of at most
 * LINES_PER_WRITE_BYTES: sonic-boom measures the string a line joins on every line, which costs
 * more the longer it grows.
 */
export function lineDestination(fd: number) {
  return destination({
    dest: fd,
    sync: false,
    minLength: LINES_WAIT_BYTES,
    maxWrite: LINES_PER_WRITE_BYTES,
    periodicFlush: LINES_WAIT_MS,
  });
}

/** Whether the lines are for a person: LOG_FORMAT, or when `auto`, whether stdout is a terminal. */
export const prettyLogs = (format: Config['logFormat'], stdoutIsTTY = Boolean(process.stdout.isTTY)) =>
  format === 'pretty' || (format === 'auto' && stdoutIsTTY);

/**
 * Readable lines for a person at a terminal, formatted by pino-pretty in pino's worker thread:
 * the request path only writes the JSON line to that thread, as it writes it to stdout otherwise.
 */
const prettyTransport = () => ({
  target: createRequire(import.meta.url).resolve('pino-pretty'),
  options: { colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
});

/**
 * The gateway's pino options: secrets redacted wherever a log object holds them, database
 * errors logged by SQLSTATE and statement name only (@app/db log-safety), and a request logged
 * as its method and censored URL (Fastify's own serializer would give the raw URL).
 * `stream` is where the lines go (stdout unless a test reads them); without one, `format`
 * chooses JSON lines on stdout or pretty ones (prettyLogs).
 */
export function gatewayLoggerOptions(
  level: Config['logLevel'],
  stream?: DestinationStream,
  format: Config['logFormat'] = 'json',
): LoggerOptions & { stream?: DestinationStream } {
  const output = stream
    ? { stream }
    : prettyLogs(format)
      ? { name: 'gateway', transport: prettyTransport() }
      : { stream: lineDestination(1) };
  return {
    level,
    redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR },
    serializers: {
      err: logSafeError,
      error: logSafeError,
      // A request as Fastify's own lines log it (`{ req: request }`): method and censored URL only.
      req: (req: unknown) =>
        typeof req === 'object' && req !== null && 'url' in req && typeof req.url === 'string'
          ? { method: 'method' in req ? req.method : undefined, url: loggableUrl(req.url) }
          : req,
    },
    ...output,
  };
}

/**
 * One line per request, at info, once the answer is sent: method, censored URL, status and
 * response time; the request id comes from the request's logger. It replaces Fastify's pair of
 * lines ("incoming request", "request completed", which log the raw URL) and its "Route … not
 * found" line (the 404 is in the request's line); a response that fails while being sent is
 * that line at error, with the error.
 */
class OneLinePerRequest extends LogController {
  /** Writes the request lines of the app it first saw (a controller serves one app). */
  private write: RequestLineWriter | undefined;

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const url = loggableUrl(request.url);
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      reply.log.error(
        { method: request.method, url, statusCode: reply.statusCode, responseTime, err: error },
        'request errored',
      );
      return;
    }
    this.write ??= requestLineWriter(request.server.log);
    this.write(request.id, request.method, url, reply.statusCode, responseTime);
  }
}

type RequestLineWriter = (
  reqId: string,
  method: string,
  url: string,
  statusCode: number,
  responseTime: number,
) => void;

/**
 * The request line, written straight to the logger's stream as pino writes a line at info
 * (its level, time and bindings, then the fields, then the message): it is the one line every
 * request writes, and pino's general path (serializers, redaction, a child logger per app)
 * has nothing to do on fields that are built here, the URL already censored. The logger's
 * level still decides. `lineWriter.test` holds it to pino's own line for the same fields.
 */
export function requestLineWriter(logger: FastifyBaseLogger): RequestLineWriter {
  // Fastify's logger is the pino logger it was given options for (gatewayLoggerOptions).
  const pinoLogger = logger as unknown as Logger;
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[symbols.streamSym] as DestinationStream;
  const bindings = internals[symbols.chindingsSym] as string;
  const info = `{"level":${levels.values.info}`;
  return (reqId, method, url, statusCode, responseTime) => {
    if (!pinoLogger.isLevelEnabled('info')) return;
    stream.write(
      `${info},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"statusCode":${statusCode},"responseTime":${responseTime},"msg":"request"}\n`,
    );
  };
}

export const requestLogController = () => new OneLinePerRequest();

type RequestLogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger (`request.log`), made when the request first logs through it. Fastify gives
 * every request a child logger bound to its id, and making one runs the redaction paths over the
 * bindings; most requests never log through theirs (their line is OneLinePerRequest's).
 */
class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.#logger ??= this.parent.child(this.bindings, this.options);
    return this.#logger;
  }

  get level(): string {
    return this.#logger?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private write(level: RequestLogLevel, args: unknown[]): void {
    const logger = this.logger;
    (logger[level] as (...args: unknown[]) => void).apply(logger, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(...args: unknown[]): void {
    this.write('silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a RequestLogger. */
export const requestLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new RequestLogger(logger, bindings, options);
