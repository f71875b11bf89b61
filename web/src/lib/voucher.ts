import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBlob } from './api.ts';
import { voucherKeys } from './query/index.ts';

/**
 * GET a top-up's voucher image (`voucherUrl`). It is served to its owner and admins only, so it
 * is fetched with the bearer token rather than put in an <img src>.
 */
export function getVoucher(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url, { signal });
}

export type VoucherImage = { src: string | null; error: boolean };

/** The voucher as an object URL for <img>, revoked when the image changes or the row goes away. */
export function useVoucherImage(url: string): VoucherImage {
  // An uploaded voucher never changes: one request per image.
  const { data: blob, isError } = useQuery({
    queryKey: voucherKeys.image(url),
    queryFn: ({ signal }) => getVoucher(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return { src, error: isError };
}
