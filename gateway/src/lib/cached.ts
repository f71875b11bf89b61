import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Values a gateway keeps in memory instead of reading them per request. Each is read once and
 * kept until dropped or, when it has one, until its lifetime ends; a read that fails is not kept.
 * Dropping removes the entry at once, so a read started before the drop is never stored after
 * it: callers that were already waiting get that answer, the next caller reads again.
 *
 * They know nothing of Redis: the cache bus (plugins/cache-bus.ts) drops them on every gateway.
 */

export type CacheOptions = {
  /** Longest time an entry is used; none: until dropped. */
  ttlMs?: number;
  now?: () => number;
};

export interface CachedValue<T> {
  get(): Promise<T>;
  drop(): void;
}

type Entry<T> = { at: number; value: Promise<T> };

export function cachedValue<T>(
  load: () => Promise<T>,
  { ttlMs, now = Date.now }: CacheOptions = {},
): CachedValue<T> {
  let entry: Entry<T> | undefined;
  return {
    get() {
      const t = now();
      if (entry && (ttlMs === undefined || t - entry.at < ttlMs)) return entry.value;
      const fresh: Entry<T> = { at: t, value: load() };
      entry = fresh;
      fresh.value.catch(() => {
        if (entry === fresh) entry = undefined;
      });
      return fresh.value;
    },
    drop() {
      entry = undefined;
    },
  };
}

export interface CachedByKey<V> {
  get(key: string): Promise<V>;
  drop(key: string): void;
  clear(): void;
}

/**
 * One value per key, each kept at most `ttlMs`. Entries live in two generations swapped every
 * `ttlMs`, so memory holds the keys read in the last two lifetimes and nothing sweeps.
 */
export function cachedByKey<V>(
  load: (key: string) => Promise<V>,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): CachedByKey<V> {
  let current = new Map<string, Entry<V>>();
  let previous = new Map<string, Entry<V>>();
  let swappedAt = now();
  return {
    get(key) {
      const t = now();
      if (t - swappedAt >= ttlMs) {
        // Two lifetimes or more since the last swap: nothing in either generation is usable.
        previous = t - swappedAt >= 2 * ttlMs ? new Map() : current;
        current = new Map();
        swappedAt = t;
      }
      const found = current.get(key) ?? previous.get(key);
      if (found && t - found.at < ttlMs) return found.value;
      const fresh: Entry<V> = { at: t, value: load(key) };
      current.set(key, fresh);
      previous.delete(key);
      fresh.value.catch(() => {
        if (current.get(key) === fresh) current.delete(key);
      });
      return fresh.value;
    },
    drop(key) {
      current.delete(key);
      previous.delete(key);
    },
    clear() {
      current = new Map();
      previous = new Map();
    },
  };
}

/**
 * The lifetime of a value that every change drops through the cache bus: it only bounds how long
 * a gateway stays behind when the publish of a drop failed.
 */
export const DROPPED_VALUE_MAX_AGE_MS = 60_000;

const encoded = new WeakMap<object, string>();

/**
 * The JSON answer of a value held in memory, encoded by the route's response schema once per
 * value (`key`: the cached object it is made from) instead of on every request as the route's
 * serializer would. Send it with `sendJson`.
 */
export function jsonOnce(key: object, schema: z.ZodType, answer: () => unknown): string {
  let json = encoded.get(key);
  if (json === undefined) {
    json = JSON.stringify(z.encode(schema, answer()));
    encoded.set(key, json);
  }
  return json;
}

/** Send JSON made by `jsonOnce` as it is (a route's typed reply takes only its schema's type). */
export function sendJson(reply: unknown, json: string): FastifyReply {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
}
