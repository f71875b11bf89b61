import { mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG, VOUCHER_MAX_BYTES } from '@app/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { jpegBytes, pngBytes, webpBytes } from './topups.fixtures.ts';
import { createVoucherStore } from './topups.storage.ts';
import { checkVoucher, detectImageType, isUnsafeFileName, type VoucherUpload } from './topups.voucher.ts';

const upload = (overrides: Partial<VoucherUpload> = {}): VoucherUpload => ({
  filename: 'receipt.png',
  mimetype: 'image/png',
  bytes: pngBytes(),
  truncated: false,
  ...overrides,
});

describe('detectImageType', () => {
  it.each([
    ['JPEG', jpegBytes(), 'image/jpeg'],
    ['PNG', pngBytes(), 'image/png'],
    ['WebP', webpBytes(), 'image/webp'],
    ['HTML', Buffer.from('<html><body>hi</body></html>'), null],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['a RIFF that is not WebP', Buffer.from('RIFF\0\0\0\0WAVEfmt '), null],
    ['a cut-off PNG signature', pngBytes().subarray(0, 7), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s', (_name, bytes, type) => {
    expect(detectImageType(bytes)).toBe(type);
  });
});

describe('isUnsafeFileName', () => {
  it.each(['../../evil.png', '..\\evil.png', 'a/b.png', 'a..png', 'a\x00.png', 'a\x1f.png', 'a\x7f.png'])(
    'refuses %j',
    (name) => {
      expect(isUnsafeFileName(name)).toBe(true);
    },
  );
  it.each(['receipt.png', 'IMG 2024-01-01 (1).jpeg', 'रसीद.webp', ''])('accepts %j', (name) => {
    expect(isUnsafeFileName(name)).toBe(false);
  });
});

describe('checkVoucher', () => {
  it('applies the rules in the spec’s order', () => {
    expect(checkVoucher(null)).toEqual({ error: MSG.voucherRequired });
    expect(checkVoucher(upload({ bytes: Buffer.alloc(0), filename: '../x' }))).toEqual({
      error: MSG.voucherRequired,
    });
    // Not an image comes before too large.
    expect(checkVoucher(upload({ bytes: Buffer.from('<html>'), truncated: true }))).toEqual({
      error: MSG.voucherNotImage,
    });
    expect(checkVoucher(upload({ truncated: true }))).toEqual({ error: MSG.voucherTooLarge });
    expect(checkVoucher(upload({ bytes: pngBytes(VOUCHER_MAX_BYTES + 1) }))).toEqual({
      error: MSG.voucherTooLarge,
    });
  });

  it('accepts a declared type that agrees with the bytes or claims nothing', () => {
    expect(checkVoucher(upload({ mimetype: 'application/octet-stream' }))).toMatchObject({
      type: 'image/png',
    });
    expect(checkVoucher(upload({ bytes: jpegBytes(), mimetype: 'image/jpg' }))).toMatchObject({
      type: 'image/jpeg',
    });
    for (const mimetype of ['image/jpeg', 'image/webp', 'text/html', 'image/svg+xml', 'text/plain']) {
      expect(checkVoucher(upload({ mimetype }))).toEqual({ error: MSG.voucherNotImage });
    }
  });
});

describe('createVoucherStore', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });
  const newStore = async () => {
    const parent = await mkdtemp(join(tmpdir(), 'voucher-store-'));
    dirs.push(parent);
    return { parent, store: createVoucherStore(join(parent, 'vouchers')) };
  };

  it('writes private files under random names and reads them back', async () => {
    const { store } = await newStore();
    const bytes = webpBytes();
    const key = await store.save(bytes, 'image/webp');
    expect(key).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect((await stat(store.directory)).mode & 0o777).toBe(0o700);
    expect((await stat(join(store.directory, key))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(store.directory, key))).equals(bytes)).toBe(true);

    const file = await store.open(key);
    expect(file?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    await store.remove(key);
    expect(await store.open(key)).toBeNull();
  });

  it('refuses any key that is not one of its own names', async () => {
    const { store } = await newStore();
    for (const key of ['../secret.png', '/etc/passwd', 'voucher.png', `${'a'.repeat(36)}.png`, '']) {
      await expect(store.open(key)).rejects.toThrow(/not a voucher key/);
      await expect(store.remove(key)).rejects.toThrow(/not a voucher key/);
    }
  });

  it('does not follow a symlink planted in the directory', async () => {
    const { parent, store } = await newStore();
    const key = await store.save(pngBytes(), 'image/png');
    await store.remove(key);
    await symlink(join(parent, 'outside.txt'), join(store.directory, key));
    expect(await store.open(key)).toBeNull();
  });
});
