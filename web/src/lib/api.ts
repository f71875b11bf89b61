import { WEB_MSG } from './messages.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/**
 * Why a call failed: the server answered with an error status (`http`), no answer came
 * (`network`, status 0), or a 2xx answer did not have the shape its schema promises (`schema`:
 * the request may have been taken, so a caller that moves money says to check the list).
 */
export type ApiErrorKind = 'http' | 'network' | 'schema';

/** Every failure of the API client. `serverMessage` is the `{ message }` the API sent, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  readonly kind: ApiErrorKind;
  /** The refusal's code when the API sent one (e.g. `disclosure_required`). */
  readonly code: string | null;

  constructor(status: number, serverMessage: string | null, kind?: ApiErrorKind, code: string | null = null) {
    const k = kind ?? (status === 0 ? 'network' : 'http');
    super(serverMessage ?? defaultMessage(status, k));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.kind = k;
    this.code = code;
  }
}

/**
 * A refusal the user can settle on the spot (the risk disclosure): the handler asks them and
 * answers true once it is settled, and the request is sent once more as it was (with its
 * Idempotency-Key, so nothing happens twice).
 */
type RefusalHandler = () => Promise<boolean>;
const refusalHandlers = new Map<string, RefusalHandler>();

export function handleRefusal(code: string, handler: RefusalHandler): void {
  refusalHandlers.set(code, handler);
}

function defaultMessage(status: number, kind: ApiErrorKind): string {
  if (kind === 'network') return WEB_MSG.networkError;
  if (kind === 'schema') return WEB_MSG.unexpectedAnswer;
  return `Request failed with status ${status}`;
}

/** What the client needs of a response schema (a zod schema from `@app/shared`). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData sent as multipart (the browser sets its boundary). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Extra request headers (e.g. the Idempotency-Key of a trade). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function getToken(): string | null {
  return storage.get(STORAGE_KEYS.token);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function codeOf(body: unknown): string | null {
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
    ? body.code
    : null;
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = body.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

function requestInit(options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  // No content-type without a body: the API refuses an empty JSON body.
  const json = options.body !== undefined && !form;
  if (json) headers['content-type'] = 'application/json';
  return {
    method: options.method ?? 'GET',
    headers,
    body: form ? (options.body as FormData) : json ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    credentials: 'same-origin',
  };
}

/** The request with the stored bearer token; an error status or no answer raises ApiError. */
async function send(path: string, options: RequestOptions, retried = false): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), requestInit(options));
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, null, 'network');
  }
  if (!response.ok) {
    const body = await readJson(response);
    const code = codeOf(body);
    const settle = code === null || retried ? undefined : refusalHandlers.get(code);
    if (settle && (await settle())) return send(path, options, true);
    throw new ApiError(response.status, messageOf(body), 'http', code);
  }
  return response;
}

/**
 * JSON over fetch with the stored bearer token; the answer is parsed with `schema` (the one the
 * gateway declares for the route), so a caller only ever sees a checked value. No default
 * timeout: a slow answer is still an answer (pass a signal to cancel).
 */
export async function api<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(path, options);
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) throw new ApiError(response.status, null, 'schema');
  return parsed.data;
}

/** A binary answer (an image the API serves only with the token), with the same failures as `api`. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, { ...options, headers: { accept: '*/*', ...options.headers } })).blob();
}

/** The server's message when it sent one, else the given fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
