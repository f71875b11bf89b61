import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UsdtInrRate } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { captureLogger, waitFor } from './testing/harness.ts';
import { readRate, UsdtInrSource } from './usdt-inr.ts';

describe('USDT-INR rate', () => {
  it('reads a number (or numeric string) from inr, price or rate', () => {
    expect(readRate({ inr: 84.12 })).toBe(84.12);
    expect(readRate({ price: '83.95' })).toBe(83.95);
    expect(readRate({ rate: 85 })).toBe(85);
    expect(readRate({ inr: 'n/a', rate: 86 })).toBe(86);
    expect(readRate({ inr: 0 })).toBeUndefined();
    expect(readRate({ usd: 1 })).toBeUndefined();
    expect(readRate([84])).toBeUndefined();
  });

  it('writes the configured rate, then the source rate, and keeps it when the source fails', async () => {
    let answer: unknown = { price: '84.25' };
    let status = 200;
    const server = createServer((_, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rate`;
    const written: Array<{ rate: UsdtInrRate; onlyIfMissing: boolean }> = [];
    const { logger, lines } = captureLogger();
    const source = new UsdtInrSource({
      rate: 83.4,
      url,
      refreshMs: 50,
      timeoutMs: 1_000,
      logger,
      write: async (rate, onlyIfMissing) => {
        written.push({ rate, onlyIfMissing });
      },
    });
    try {
      await source.start();
      expect(written[0]).toMatchObject({ rate: { inr: 83.4, source: 'config' }, onlyIfMissing: true });
      expect(written[1]).toMatchObject({
        rate: { inr: 84.25, source: new URL(url).host },
        onlyIfMissing: false,
      });
      status = 500;
      answer = { error: 'down' };
      await waitFor('a failed refresh', () =>
        lines.find((l) => l.msg === 'USDT-INR rate not loaded; keeping the last one'),
      );
      expect(written.every((w) => w.rate.inr !== 0)).toBe(true);
      expect(written.at(-1)?.rate.inr).toBe(84.25);
    } finally {
      source.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
