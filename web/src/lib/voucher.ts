import { useEffect, useState } from 'react';
import { ApiError, getToken, isAbort } from './api.ts';

/**
 * GET a top-up's voucher image (`voucherUrl`). It is served to its owner and admins only, so it
 * is fetched with the bearer token rather than put in an <img src>.
 */
export async function getVoucher(url: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, credentials: 'same-origin' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, null);
  return response.blob();
}

export type VoucherImage = { src: string | null; error: boolean };

/** The voucher as an object URL for <img>, revoked when the URL changes or the row goes away. */
export function useVoucherImage(url: string): VoucherImage {
  const [image, setImage] = useState<VoucherImage>({ src: null, error: false });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setImage({ src: null, error: false });
    getVoucher(url, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setImage({ src: objectUrl, error: false });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isAbort(error)) setImage({ src: null, error: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return image;
}
