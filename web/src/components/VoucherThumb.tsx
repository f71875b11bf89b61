import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/index.ts';
import { useVoucherImage } from '../lib/voucher.ts';
import { Modal } from './Modal.tsx';

interface Props {
  url: string;
  /** The thumbnail button's name. */
  label: string;
  /** The viewer's title. */
  title: string;
  alt: string;
  /** The message shown when the image cannot be loaded. */
  failed: string;
  /** A smaller thumbnail, for the user's own list. */
  compact?: boolean;
}

/** A top-up's voucher: a thumbnail loaded with the token that opens the full image in a viewer. */
export function VoucherThumb({ url, label, title, alt, failed, compact = false }: Props) {
  const { t } = useTranslation();
  const translate = useMessage();
  const { src, error } = useVoucherImage(url);
  const [open, setOpen] = useState(false);
  // The bytes arrived but the browser cannot show them (or a policy blocks the object URL).
  const [broken, setBroken] = useState(false);
  const thumb = compact ? 'voucher-thumb voucher-thumb-sm' : 'voucher-thumb';

  if (error || broken) {
    return (
      <span className="voucher-error small" role="status">
        {translate(failed)}
      </span>
    );
  }
  if (!src) return <span className={`${thumb} voucher-loading muted`}>{t('common.loading')}</span>;
  return (
    <>
      <button type="button" className={thumb} aria-label={label} onClick={() => setOpen(true)}>
        <img src={src} alt="" data-testid="voucher-img" onError={() => setBroken(true)} />
      </button>
      {open && (
        <Modal label={title} onClose={() => setOpen(false)} size="md">
          <img className="voucher-full" src={src} alt={alt} />
        </Modal>
      )}
    </>
  );
}
