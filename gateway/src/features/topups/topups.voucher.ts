import { MSG, VOUCHER_MAX_BYTES, type VoucherType } from '@app/shared';

/**
 * Which voucher uploads are accepted. An image is decided by its bytes, never by the name or
 * the declared type a client sends: those can only make us refuse a file, not accept one.
 */

/** A file part as it was read from the request, at most VOUCHER_MAX_BYTES of it. */
export type VoucherUpload = {
  filename: string;
  /** The part's declared Content-Type (busboy's text/plain when the part declares none). */
  mimetype: string;
  bytes: Buffer;
  /** The file was longer than VOUCHER_MAX_BYTES (only its first bytes are in `bytes`). */
  truncated: boolean;
};

export const VOUCHER_EXTENSIONS: Record<VoucherType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** The image type the bytes' magic number says, or null for anything else. */
export function detectImageType(bytes: Uint8Array): VoucherType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}

/**
 * Declared types that agree with each detected type. Some clients label JPEGs image/jpg or
 * image/pjpeg; application/octet-stream claims nothing. Anything else (another image type,
 * text/html, a part without a type) contradicts the bytes.
 */
const AGREEING: Record<VoucherType, readonly string[]> = {
  'image/jpeg': ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  'image/png': ['image/png'],
  'image/webp': ['image/webp'],
};
const NO_CLAIM = 'application/octet-stream';

/** A name with a path in it or control characters: a client up to something, or a broken one. */
export function isUnsafeFileName(name: string): boolean {
  if (name.includes('/') || name.includes('\\') || name.includes('..')) return true;
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

export type CheckedVoucher = { type: VoucherType; bytes: Buffer };

/**
 * The voucher rules in the spec's order: present (an empty file counts as missing), an image
 * (name, bytes, declared type), then the size. Returns the refusal's message or the voucher.
 */
export function checkVoucher(upload: VoucherUpload | null): { error: string } | CheckedVoucher {
  if (!upload || upload.bytes.length === 0) return { error: MSG.voucherRequired };
  if (isUnsafeFileName(upload.filename)) return { error: MSG.voucherNotImage };
  const type = detectImageType(upload.bytes);
  if (!type) return { error: MSG.voucherNotImage };
  const declared = upload.mimetype.trim().toLowerCase();
  if (declared !== NO_CLAIM && !AGREEING[type].includes(declared)) return { error: MSG.voucherNotImage };
  if (upload.truncated || upload.bytes.length > VOUCHER_MAX_BYTES) return { error: MSG.voucherTooLarge };
  return { type, bytes: upload.bytes };
}
