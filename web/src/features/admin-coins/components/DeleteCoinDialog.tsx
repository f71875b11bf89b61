import type { Coin } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';

/** The confirmation before a delete; the server's refusal (running trades, archived prices) shows here. */
export function DeleteCoinDialog({
  coin,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  coin: Coin;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal label={t('adminCoins.deleteTitle')} onClose={onClose} closable={!pending}>
      <p>{t('adminCoins.deleteConfirm', { symbol: coin.symbol, name: coin.name })}</p>
      <p className="muted small">{t('adminCoins.deleteHint')}</p>
      <Notice text={error} />
      <div className="row">
        <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
          {t('adminCoins.delete')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={pending} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
