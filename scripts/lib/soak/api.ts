/**
 * Requests to the platform's public port as its web app sends them, each timed and recorded.
 * Any 5xx other than 503 is a broken invariant: while a part is away the platform answers 503
 * (with Retry-After) or keeps serving, never a 500.
 */
import type { Recorder } from './recorder.ts';

export type Answer<T> = {
  /** 0: no answer (the connection failed or the request timed out). */
  status: number;
  body: T | undefined;
  text: string;
  ms: number;
  retryAfter: string | null;
};

export type RequestOptions = {
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

export type Api = <T = Record<string, unknown>>(
  name: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options?: RequestOptions,
) => Promise<Answer<T>>;

export function apiClient(base: string, recorder: Recorder): Api {
  return async <T>(
    name: string,
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const started = performance.now();
    let status = 0;
    let text = '';
    let retryAfter: string | null = null;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      text = await res.text();
    } catch (err) {
      text = err instanceof Error ? err.message : String(err);
    }
    const ms = performance.now() - started;
    recorder.request(name, status, ms);
    if (status >= 500 && status !== 503) {
      recorder.violation('http-500', `${method} ${path} answered ${status}: ${text.slice(0, 300)}`);
    }
    if (status === 503 && retryAfter === null) recorder.count('503 without Retry-After');
    let parsed: T | undefined;
    if (text && status > 0) {
      try {
        parsed = JSON.parse(text) as T;
      } catch {
        parsed = undefined;
      }
    }
    return { status, body: parsed, text, ms, retryAfter };
  };
}
