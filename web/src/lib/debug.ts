/**
 * Hooks for tests: render counters and handles the browser tests call through `window.__app`.
 * They exist in development, in unit tests and in the end-to-end build (VITE_E2E=1); a
 * production build compiles them away.
 */
export const DEBUG_HOOKS: boolean = import.meta.env.DEV || import.meta.env.VITE_E2E === '1';

export interface DebugRegistry {
  renders: Record<string, number>;
  [handle: string]: unknown;
}

declare global {
  interface Window {
    __app?: DebugRegistry;
  }
}

function registry(): DebugRegistry | null {
  if (!DEBUG_HOOKS || typeof window === 'undefined') return null;
  window.__app ??= { renders: {} };
  return window.__app;
}

/** Counts the renders of a component (called in its body). */
export function countRender(name: string): void {
  const reg = registry();
  if (reg) reg.renders[name] = (reg.renders[name] ?? 0) + 1;
}

export function renderCount(name: string): number {
  return registry()?.renders[name] ?? 0;
}

/** Makes a handle reachable as `window.__app[key]` for the browser tests. */
export function exposeDebug(key: string, value: unknown): void {
  const reg = registry();
  if (reg) reg[key] = value;
}
