import { check, MSG, topupFieldsSchema, VOUCHER_MAX_BYTES, VOUCHER_TYPES } from '@app/shared';

const amountSchema = topupFieldsSchema.pick({ amount: true });
const IMAGE_EXTENSION = /\.(jpe?g|png|webp)$/i;

/** An image the gateway accepts: by its type, or by its name when the browser gives no type. */
export function isVoucherImage(file: File): boolean {
  if (file.type) return (VOUCHER_TYPES as readonly string[]).includes(file.type);
  return IMAGE_EXTENSION.test(file.name);
}

/** The voucher's own problem, if any: not an image, or over 5 MB. */
export function voucherProblem(file: File): string | null {
  if (!isVoucherImage(file)) return MSG.voucherNotImage;
  if (file.size > VOUCHER_MAX_BYTES) return MSG.voucherTooLarge;
  return null;
}

/**
 * The top-up form in the spec's order: amount above 0, voucher attached, an image, at most
 * 5 MB. The gateway checks the same with the same messages (and the image by its bytes).
 */
export function validateTopup(
  amount: string,
  voucher: File | null,
): { ok: true; data: { amount: number; voucher: File } } | { ok: false; message: string } {
  // Spaces around what was typed are the field's; the amount rule takes the digits alone.
  const valid = check(amountSchema, { amount: amount.trim() });
  if (!valid.ok) return { ok: false, message: MSG.topupAmountInvalid };
  if (!voucher) return { ok: false, message: MSG.voucherRequired };
  const problem = voucherProblem(voucher);
  if (problem) return { ok: false, message: problem };
  return { ok: true, data: { amount: valid.data.amount, voucher } };
}
