/** Test data for the top-up tests: voucher bytes of each kind and multipart bodies built like a browser's. */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { auth, buildIsolatedApp, suffix } from '../../test/helpers.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** `size` bytes that start like a PNG (the rest is noise: only the magic number is checked). */
export const pngBytes = (size = 256) => {
  const bytes = randomBytes(size);
  bytes.set(PNG_SIGNATURE.slice(0, size));
  return bytes;
};
export const jpegBytes = (size = 256) => {
  const bytes = randomBytes(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
};
export const webpBytes = (size = 256) => {
  const bytes = randomBytes(size);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WEBPVP8 ', 8, 'latin1');
  return bytes;
};

export type VoucherPart = { bytes: Uint8Array; name: string; type: string };
export type TopupForm = { amount?: string; currency?: string; voucher?: VoucherPart };

/** A multipart/form-data body as fetch would send it. */
export async function multipartOf(form: TopupForm): Promise<{ payload: Buffer; contentType: string }> {
  const data = new FormData();
  if (form.amount !== undefined) data.append('amount', form.amount);
  if (form.currency !== undefined) data.append('currency', form.currency);
  if (form.voucher) {
    const { bytes, name, type } = form.voucher;
    data.append('voucher', new Blob([bytes], { type }), name);
  }
  const response = new Response(data);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** A multipart body written by hand, for what FormData will not produce (odd names, no part type). */
export function rawMultipart(parts: Array<{ headers: string[]; body: Uint8Array | string }>) {
  const boundary = `----test${suffix()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers.join('\r\n')}\r\n\r\n`, 'latin1'));
    chunks.push(typeof part.body === 'string' ? Buffer.from(part.body) : Buffer.from(part.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const aPng = (size?: number): VoucherPart => ({
  bytes: pngBytes(size),
  name: 'receipt.png',
  type: 'image/png',
});

export async function postTopup(
  app: FastifyInstance,
  token: string,
  body: { payload: Buffer; contentType: string },
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/topups',
    headers: { ...auth(token), 'content-type': body.contentType, ...headers },
    payload: body.payload,
  });
}

/** POST a valid top-up of `amount` rupees; answers the created top-up. */
export async function requestTopup(app: FastifyInstance, token: string, amount = '1234.50') {
  const res = await postTopup(app, token, await multipartOf({ amount, currency: 'INR', voucher: aPng() }));
  if (res.statusCode !== 201) throw new Error(`top-up refused: ${res.statusCode} ${res.body}`);
  return res.json().topup as { id: string; amount: number; status: string };
}

/** An app on a database of its own (the badge counts are global) and a voucher directory of its own. */
export async function buildTopupsApp(overrides: Partial<Config> = {}) {
  const voucherDir = join(tmpdir(), `vouchers-${suffix()}`);
  const built = await buildIsolatedApp({ ...overrides, voucherDir });
  return {
    ...built,
    voucherDir,
    close: async () => {
      await built.close();
      await rm(voucherDir, { recursive: true, force: true });
    },
  };
}

/** The files in the voucher directory (none when it was never created). */
export const voucherFiles = (dir: string) => readdir(dir).catch(() => [] as string[]);
