import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { useMessage } from '../../../i18n/index.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useVoucherImage } from '../api/get-voucher.ts';

interface Props {
  url: string;
  user: string;
  amount: string;
}

/** A row's voucher: a thumbnail loaded with the token that opens the full image in a viewer. */
export function VoucherThumb({ url, user, amount }: Props) {
  const { t } = useTranslation();
  const translate = useMessage();
  const { src, error } = useVoucherImage(url);
  const [open, setOpen] = useState(false);
  const alt = t('adminWallet.topups.voucherAlt', { amount, user });

  if (error) {
    return <span className="voucher-error small">{translate(WEB_MSG.adminVoucherLoadFailed)}</span>;
  }
  if (!src) return <span className="voucher-thumb voucher-loading muted small">{t('common.loading')}</span>;
  return (
    <>
      <button
        type="button"
        className="voucher-thumb"
        aria-label={t('adminWallet.topups.viewVoucher', { user })}
        onClick={() => setOpen(true)}
      >
        <img src={src} alt="" />
      </button>
      {open && (
        <Modal
          label={t('adminWallet.topups.voucherTitle', { amount, user })}
          onClose={() => setOpen(false)}
          size="md"
        >
          <img className="voucher-full" src={src} alt={alt} />
        </Modal>
      )}
    </>
  );
}
