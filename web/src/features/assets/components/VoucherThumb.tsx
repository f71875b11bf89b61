import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { useMessage } from '../../../i18n/index.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useVoucherImage } from '../api/get-voucher.ts';

/** A top-up's voucher: a thumbnail loaded with the token that opens the full image. */
export function VoucherThumb({ url, amount }: { url: string; amount: string }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const { src, error } = useVoucherImage(url);
  const [open, setOpen] = useState(false);

  if (error) {
    return (
      <span className="wl-voucher-error small" role="status">
        {translate(WEB_MSG.voucherLoadFailed)}
      </span>
    );
  }
  if (!src)
    return <span className="wl-voucher wl-voucher-loading muted">{t('wallet.topup.imageLoading')}</span>;
  return (
    <>
      <button
        type="button"
        className="wl-voucher"
        aria-label={t('wallet.topup.open', { amount })}
        onClick={() => setOpen(true)}
      >
        <img src={src} alt="" />
      </button>
      {open && (
        <Modal label={t('wallet.topup.imageTitle', { amount })} onClose={() => setOpen(false)} size="md">
          <img className="wl-voucher-full" src={src} alt={t('wallet.topup.alt', { amount })} />
        </Modal>
      )}
    </>
  );
}
