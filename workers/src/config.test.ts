import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const valid = { REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app' };

describe('workers config', () => {
  it('applies defaults to a minimal environment', () => {
    expect(loadConfig(valid)).toMatchObject({
      REDIS_PREFIX: '',
      LOG_LEVEL: 'info',
      HEARTBEAT_EVERY_MS: 10_000,
    });
  });

  it('names every missing or malformed variable', () => {
    const error = (() => {
      try {
        loadConfig({ REDIS_URL: 'http://nope', LOG_LEVEL: 'loud' });
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(message).toMatch(/DATABASE_URL is required/);
    expect(message).toMatch(/LOG_LEVEL/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...valid, REDIS_PREFIX: '', LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });
});
