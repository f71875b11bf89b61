import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SOCKET_LIMITS, DEFAULT_WRITE_LIMITS, loadConfig } from './config.ts';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(32),
};

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig(base)).toEqual({
      port: 3000,
      host: '0.0.0.0',
      behindLauncher: false,
      databaseUrl: base.DATABASE_URL,
      redisUrl: base.REDIS_URL,
      redisPrefix: '',
      jwtSecret: base.JWT_SECRET,
      jwtExpiresIn: '7d',
      webDist: undefined,
      logLevel: 'info',
      logFormat: 'auto',
      sessionCacheMs: 5000,
      loginRateLimit: 10,
      registerRateLimit: 5,
      accountMailRateLimit: 5,
      changePasswordRateLimit: 10,
      loginLock: { threshold: 10, windowMs: 15 * 60_000 },
      writeLimits: {
        tickets: { perHour: 10, open: 5 },
        topups: { perHour: 10, pending: 5, voucherBytes: 20 * 1024 * 1024 },
        withdrawals: { pending: 3 },
        accountMailsPerHour: 5,
      },
      trustProxy: false,
      socketCorsOrigins: [],
      socketLimits: {
        eventsPerSecond: 10,
        eventBurst: 60,
        floodDisconnectAfter: 50,
        maxPayloadBytes: 16 * 1024,
        maxConnectionsPerIp: 100,
        floodHoldsMax: 10_000,
        marketBufferBytes: 64 * 1024,
      },
      tradeMaxPriceAgeMs: 5000,
      voucherDir: resolve('.data/vouchers'),
      broadcastSyncMax: 1000,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      ...base,
      PORT: '8080',
      HOST: '127.0.0.1',
      REDIS_PREFIX: 'prod:',
      JWT_EXPIRES_IN: '3600',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '20',
      REGISTER_RATE_LIMIT: '3',
      TRUST_PROXY: '1',
      TRADE_MAX_PRICE_AGE_MS: '2500',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      redisPrefix: 'prod:',
      jwtExpiresIn: 3600,
      webDist: '/srv/web',
      logLevel: 'warn',
    });
    expect(config).toMatchObject({ loginRateLimit: 20, registerRateLimit: 3, trustProxy: 1 });
    expect(config.tradeMaxPriceAgeMs).toBe(2500);
    expect(loadConfig({ ...base, LOG_FORMAT: 'pretty', SESSION_CACHE_MS: '0' })).toMatchObject({
      logFormat: 'pretty',
      sessionCacheMs: 0,
    });
    expect(() => loadConfig({ ...base, SESSION_CACHE_MS: '5001' })).toThrow(/SESSION_CACHE_MS/);
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(loadConfig({ ...base, LOGIN_LOCK_THRESHOLD: '5', LOGIN_LOCK_MINUTES: '30' }).loginLock).toEqual({
      threshold: 5,
      windowMs: 30 * 60_000,
    });
    expect(() => loadConfig({ ...base, LOGIN_LOCK_MINUTES: '0' })).toThrow(/LOGIN_LOCK_MINUTES/);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(
      loadConfig({ ...base, SOCKET_CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' })
        .socketCorsOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(
      loadConfig({
        ...base,
        SOCKET_EVENTS_PER_SECOND: '5',
        SOCKET_EVENT_BURST: '30',
        SOCKET_FLOOD_DISCONNECT_AFTER: '12',
        SOCKET_MAX_PAYLOAD_BYTES: '4096',
        SOCKET_MAX_CONNECTIONS_PER_IP: '6000',
        SOCKET_FLOOD_HOLDS_MAX: '500',
        SOCKET_MARKET_BUFFER_BYTES: '8192',
      }).socketLimits,
    ).toEqual({
      eventsPerSecond: 5,
      eventBurst: 30,
      floodDisconnectAfter: 12,
      maxPayloadBytes: 4096,
      maxConnectionsPerIp: 6000,
      floodHoldsMax: 500,
      marketBufferBytes: 8192,
    });
    expect(loadConfig(base).socketLimits).toEqual(DEFAULT_SOCKET_LIMITS);
    expect(
      loadConfig({
        ...base,
        TICKETS_PER_HOUR: '4',
        TICKETS_OPEN_MAX: '2',
        TOPUPS_PER_HOUR: '6',
        TOPUPS_PENDING_MAX: '1',
        TOPUP_VOUCHER_STORAGE_MB: '50',
        WITHDRAWALS_PENDING_MAX: '7',
        ACCOUNT_MAILS_PER_HOUR: '2',
      }).writeLimits,
    ).toEqual({
      tickets: { perHour: 4, open: 2 },
      topups: { perHour: 6, pending: 1, voucherBytes: 50 * 1024 * 1024 },
      withdrawals: { pending: 7 },
      accountMailsPerHour: 2,
    });
    expect(loadConfig(base).writeLimits).toEqual(DEFAULT_WRITE_LIMITS);
    // One voucher of the largest size must fit.
    expect(() => loadConfig({ ...base, TOPUP_VOUCHER_STORAGE_MB: '4' })).toThrow(/TOPUP_VOUCHER_STORAGE_MB/);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('names every bad or missing variable', () => {
    let error: unknown;
    try {
      loadConfig({
        JWT_SECRET: 'short',
        PORT: 'eighty',
        LOGIN_RATE_LIMIT: '0',
        JWT_EXPIRES_IN: 'forever',
        SOCKET_CORS_ORIGINS: 'not an origin',
        TRADE_MAX_PRICE_AGE_MS: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'JWT_SECRET',
      'PORT',
      'LOGIN_RATE_LIMIT',
      'JWT_EXPIRES_IN',
      'SOCKET_CORS_ORIGINS',
      'TRADE_MAX_PRICE_AGE_MS',
    ])
      expect(message).toContain(name);
    expect(message).not.toContain('REGISTER_RATE_LIMIT');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ ...base, PORT: '', WEB_DIST: '' })).toMatchObject({ port: 3000, webDist: undefined });
  });
});
