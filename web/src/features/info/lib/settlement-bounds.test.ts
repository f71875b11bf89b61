import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_PRICE_MAX_AGE_MS, EXIT_PRICE_STALE_AFTER_MS } from './settlement-bounds.ts';

/** The workspace root: the nearest folder up from here that holds pnpm-workspace.yaml. */
function workspaceRoot(from = process.cwd()): string {
  if (existsSync(join(from, 'pnpm-workspace.yaml'))) return from;
  const up = dirname(from);
  if (up === from) throw new Error('no pnpm-workspace.yaml above the working directory');
  return workspaceRoot(up);
}
const source = (path: string) => readFileSync(join(workspaceRoot(), path), 'utf8');
const number = (text: string) => Number(text.replaceAll('_', ''));

describe('the bounds the rules page states', () => {
  it("are the gateway's default oldest entry price", () => {
    const match = /TRADE_MAX_PRICE_AGE_MS:[^\n]*\.default\(([\d_]+)\)/.exec(source('gateway/src/config.ts'));
    expect(match?.[1]).toBeDefined();
    expect(number(match?.[1] ?? '')).toBe(ENTRY_PRICE_MAX_AGE_MS);
  });

  it("are the settlement workers' default staleness bound", () => {
    const match = /TRADE_STALE_AFTER_MS:\s*ms\([^,]+,[^,]+,\s*([\d_]+)\)/.exec(
      source('workers/src/config.ts'),
    );
    expect(match?.[1]).toBeDefined();
    expect(number(match?.[1] ?? '')).toBe(EXIT_PRICE_STALE_AFTER_MS);
  });
});
