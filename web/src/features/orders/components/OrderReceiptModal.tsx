import type { Trade } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { TradeReceipt } from '../../../components/TradeReceipt.tsx';
import { useTrade } from '../api/get-trade.ts';

/** The receipt of one order, as the server has it now (the row on screen until it answers). */
export function OrderReceiptModal({
  id,
  known,
  onClose,
}: {
  id: string;
  known: Trade | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useTrade(id);
  const trade = query.data ?? known;
  return (
    <Modal label={t('tradeInfo.receiptTitle')} size="md" onClose={onClose}>
      {trade ? (
        <TradeReceipt trade={trade} />
      ) : query.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <Notice text={t('tradeInfo.receiptFailed')} />
      )}
    </Modal>
  );
}
