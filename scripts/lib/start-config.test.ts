import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadStartConfig } from './start-config.ts';

describe('loadStartConfig', () => {
  it('runs a gateway per core but one, leaving a core to PostgreSQL, Redis and the workers, and at least one', () => {
    expect(loadStartConfig({}, '/srv/app').GATEWAY_PROCESSES).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadStartConfig({ GATEWAY_PROCESSES: '3' }, '/srv/app').GATEWAY_PROCESSES).toBe(3);
    expect(() => loadStartConfig({ GATEWAY_PROCESSES: '0' }, '/srv/app')).toThrow(/GATEWAY_PROCESSES/);
  });
});
