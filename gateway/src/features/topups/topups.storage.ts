import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { isUuid, type VoucherType } from '@app/shared';
import { VOUCHER_EXTENSIONS } from './topups.voucher.ts';

/**
 * Voucher files on disk. A file's name is a random key chosen here (UUID + the extension of
 * the detected type), the only thing ever joined to the directory: nothing a client sends
 * becomes part of a path. Files are private to the gateway's user (0600 in a 0700 directory).
 */

const EXTENSIONS = new Set<string>(Object.values(VOUCHER_EXTENSIONS));

/** A key this store made: a uuid, a dot, the extension of a voucher type. */
function isVoucherKey(key: string): boolean {
  const dot = key.indexOf('.');
  return dot > 0 && isUuid(key.slice(0, dot)) && EXTENSIONS.has(key.slice(dot + 1));
}

export type VoucherFile = { stream: Readable; size: number };

export function createVoucherStore(directory: string) {
  const root = resolve(directory);

  /** The file of a stored key, refusing anything that is not one of our keys or leaves the directory. */
  function pathOf(key: string): string {
    const path = resolve(root, key);
    if (!isVoucherKey(key) || dirname(path) !== root)
      throw new Error(`not a voucher key: ${JSON.stringify(key)}`);
    return path;
  }

  return {
    directory: root,

    /** Write a new file (never over an existing one); returns its key. */
    async save(bytes: Buffer, type: VoucherType): Promise<string> {
      await mkdir(root, { recursive: true, mode: 0o700 });
      const key = `${randomUUID()}.${VOUCHER_EXTENSIONS[type]}`;
      await writeFile(pathOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },

    async remove(key: string): Promise<void> {
      await rm(pathOf(key), { force: true });
    },

    /** The file to stream, or null when it is not there (never following a symlink). */
    async open(key: string): Promise<VoucherFile | null> {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(key), constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ELOOP') return null;
        throw error;
      }
      const stat = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      // The stream closes the handle when it ends or is destroyed (a client going away).
      return { stream: handle.createReadStream(), size: stat.size };
    },
  };
}

export type VoucherStore = ReturnType<typeof createVoucherStore>;
