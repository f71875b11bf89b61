import { cancelTradeSchema, formatINR, type TradeLogEntry } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useCancelTrade } from '../api/cancel-trade.ts';

/**
 * Cancel a running trade: the stake is refunded and the reason, required, is shown to its
 * owner. A settled trade cannot be cancelled (the server refuses it) and no result is edited.
 */
export function CancelTradeDialog({
  trade,
  onCancelled,
  onClose,
}: {
  trade: TradeLogEntry;
  onCancelled: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const cancel = useCancelTrade();
  const pending = cancel.isPending;
  const { register, handleSubmit, setError, formState } = useSchemaForm(cancelTradeSchema, { reason: '' });

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await cancel.mutateAsync({ id: trade.id, reason });
      onCancelled();
    } catch (error) {
      setError('root.server', serverError(error, WEB_MSG.actionFailed));
    }
  });

  return (
    <Modal label={t('adminTradeLog.cancelTitle')} onClose={onClose} closable={!pending}>
      <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="muted">
          {t('adminTradeLog.cancelIntro', {
            user: trade.username,
            pair: trade.pair,
            amount: `₹${formatINR(trade.amount)}`,
          })}
        </p>
        <div className="field">
          <label htmlFor={id}>{t('adminTradeLog.reason')}</label>
          <textarea id={id} rows={3} maxLength={500} {...register('reason')} disabled={pending} />
        </div>
        <Notice text={formMessage(formState.errors)} />
        <div className="row">
          <button type="submit" className="btn btn-danger" disabled={pending}>
            {t('adminTradeLog.cancelTrade')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={pending} onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
