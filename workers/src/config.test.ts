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

  it('defaults the market feed to Binance with the documented settings', () => {
    expect(loadConfig(valid)).toMatchObject({
      MARKET_ENABLED: true,
      MARKET_SOURCE: 'binance',
      BINANCE_WS_URL: 'wss://stream.binance.com:9443',
      BINANCE_REST_URL: 'https://api.binance.com',
      USDT_INR_RATE: 83.4,
      TICK_RETENTION_DAYS: 30,
      MARKET_LEADER_TTL_MS: 6_000,
      MARKET_STREAM_RENEW_MS: 23 * 3_600_000,
      MARKET_PRICE_MAX_PER_SECOND: 10,
      MARKET_BOOK_MAX_PER_SECOND: 2,
      MARKET_STATS_MAX_PER_SECOND: 1,
      MARKET_TICKER_MAX_PER_SECOND: 1,
    });
    expect(loadConfig(valid).USDT_INR_URL).toBeUndefined();
  });

  it('reads market switches and refuses bad market settings by name', () => {
    const config = loadConfig({
      ...valid,
      MARKET_ENABLED: 'false',
      MARKET_SOURCE: 'simulated',
      MARKET_SYMBOLS: 'BTC,eth',
      MARKET_BOOK_MAX_PER_SECOND: '5',
    });
    expect(config).toMatchObject({
      MARKET_ENABLED: false,
      MARKET_SOURCE: 'simulated',
      MARKET_SYMBOLS: 'BTC,eth',
      MARKET_BOOK_MAX_PER_SECOND: 5,
    });
    const message = (() => {
      try {
        loadConfig({
          ...valid,
          MARKET_SOURCE: 'kraken',
          BINANCE_WS_URL: 'https://stream.binance.com',
          USDT_INR_RATE: '-1',
          MARKET_ENABLED: 'maybe',
          MARKET_SYMBOLS: 'BTC;ETH',
          MARKET_STATS_MAX_PER_SECOND: '0',
        });
      } catch (err) {
        return (err as ConfigError).message;
      }
      return '';
    })();
    expect(message).toMatch(/MARKET_SOURCE/);
    expect(message).toMatch(/BINANCE_WS_URL must be a ws:\/\/ or wss:\/\/ URL/);
    expect(message).toMatch(/USDT_INR_RATE/);
    expect(message).toMatch(/MARKET_ENABLED must be true or false/);
    expect(message).toMatch(/MARKET_SYMBOLS must be coin symbols/);
    expect(message).toMatch(/MARKET_STATS_MAX_PER_SECOND/);
  });

  it('defaults settlement, the reconciler and the ledger check', () => {
    expect(loadConfig(valid)).toMatchObject({
      SETTLEMENT_ENABLED: true,
      SETTLEMENT_CONCURRENCY: 64,
      TRADE_STALE_AFTER_MS: 10_000,
      SETTLEMENT_RECHECK_MS: 50,
      SETTLEMENT_EXPIRY_BATCH: 1_000,
      RECONCILE_EVERY_MS: 5_000,
      RECONCILE_GRACE_MS: 3_000,
      RECONCILE_BATCH: 500,
      LEDGER_CHECK_EVERY_MS: 60_000,
      // Settlement waits for the archive: it is written often, and at once when a second completes.
      MARKET_ARCHIVE_EVERY_MS: 200,
    });
  });

  it('reads settlement settings and refuses bad ones by name', () => {
    expect(
      loadConfig({
        ...valid,
        SETTLEMENT_ENABLED: 'no',
        SETTLEMENT_CONCURRENCY: '32',
        TRADE_STALE_AFTER_MS: '5000',
        RECONCILE_GRACE_MS: '0',
      }),
    ).toMatchObject({
      SETTLEMENT_ENABLED: false,
      SETTLEMENT_CONCURRENCY: 32,
      TRADE_STALE_AFTER_MS: 5_000,
      RECONCILE_GRACE_MS: 0,
    });
    const message = (() => {
      try {
        loadConfig({
          ...valid,
          SETTLEMENT_CONCURRENCY: '0',
          TRADE_STALE_AFTER_MS: 'soon',
          RECONCILE_EVERY_MS: '10',
          LEDGER_CHECK_EVERY_MS: '-1',
        });
      } catch (err) {
        return (err as ConfigError).message;
      }
      return '';
    })();
    for (const name of [
      'SETTLEMENT_CONCURRENCY',
      'TRADE_STALE_AFTER_MS',
      'RECONCILE_EVERY_MS',
      'LEDGER_CHECK_EVERY_MS',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...valid, REDIS_PREFIX: '', LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });
});
