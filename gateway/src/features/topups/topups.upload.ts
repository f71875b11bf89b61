import { MSG, VOUCHER_MAX_BYTES } from '@app/shared';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { VoucherUpload } from './topups.voucher.ts';

/**
 * Reading POST /api/topups. Everything stays in memory and is bounded: busboy stops passing a
 * file on at VOUCHER_MAX_BYTES (and flags it truncated), fields are short and few. Nothing
 * touches the disk here: the service writes the voucher only once every rule has passed.
 */

export const TOPUP_MULTIPART_OPTIONS: FastifyMultipartOptions = {
  limits: {
    fileSize: VOUCHER_MAX_BYTES,
    files: 1,
    fields: 10,
    fieldSize: 1024,
    parts: 12,
    headerPairs: 20,
  },
  // A file over the limit is reported by its truncated flag, with the spec's message.
  throwFileSizeLimit: false,
  // Keep the name as sent: a path in it is a reason to refuse the file, not to trim it.
  preservePath: true,
};

export type TopupUpload = {
  fields: { amount?: unknown; currency?: unknown };
  voucher: VoucherUpload | null;
};

const FIELDS = ['amount', 'currency'] as const;
const isField = (name: string): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name);

/** The multipart parser's own refusals (too many parts, files or fields). */
const LIMIT_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The answer to a body the multipart parser could not read. Reading only moves the request's
 * bytes into memory, so whatever stops it is the body's fault: a missing or wrong boundary, a
 * body cut short, a malformed part header, a field declared JSON that is not, a part named
 * like a prototype property, the client going away. Each is a 400 with a message, never a
 * 500; the parser's limits keep their "Invalid input".
 */
function uploadRefusal(request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && LIMIT_ERRORS.has(code)) return badRequest(MSG.invalidInput);
  request.log.info({ err: error }, 'unreadable multipart body refused');
  return badRequest(MSG.uploadInvalid);
}

export async function readTopupUpload(request: FastifyRequest): Promise<TopupUpload> {
  const fields: TopupUpload['fields'] = {};
  // A JSON body cannot carry a voucher, but its amount is still checked first.
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const name of FIELDS) if (name in body) fields[name] = (body as Record<string, unknown>)[name];
    }
    return { fields, voucher: null };
  }

  let voucher: VoucherUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Each file has to be read to its end before the parser moves on to the next part.
        const keep = part.fieldname === 'voucher' && !voucher;
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) if (keep) chunks.push(chunk as Buffer);
        if (keep) {
          voucher = {
            filename: part.filename,
            mimetype: part.mimetype,
            bytes: Buffer.concat(chunks),
            truncated: part.file.truncated,
          };
        }
      } else if (isField(part.fieldname) && !(part.fieldname in fields)) {
        // A value cut at the field size limit is not the value that was sent.
        fields[part.fieldname] = part.valueTruncated ? '' : part.value;
      }
    }
  } catch (error) {
    throw uploadRefusal(request, error);
  }
  return { fields, voucher };
}
