import { useEffect, useState } from 'react';

/**
 * The otpauth URI as a QR code image. The encoder loads with the first setup (a dynamic
 * import), so it never weighs on the pages that do not show one.
 */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(value, { margin: 1, width: 200 }))
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        // No image: the key is shown beside it for typing in by hand.
      });
    return () => {
      live = false;
    };
  }, [value]);
  return src ? (
    <img className="two-factor-qr" src={src} alt={alt} width={200} height={200} data-testid="two-factor-qr" />
  ) : (
    <div className="two-factor-qr" aria-hidden="true" />
  );
}
