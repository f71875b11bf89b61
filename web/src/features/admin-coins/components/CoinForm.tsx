import { type Coin, coinInputSchema } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSaveCoin } from '../api/save-coin.ts';

type Values = {
  symbol: string;
  name: string;
  marketSymbol: string;
  sortOrder: string;
  iconUrl: string;
  enabled: boolean;
};

const valuesOf = (coin: Coin | null): Values => ({
  symbol: coin?.symbol ?? '',
  name: coin?.name ?? '',
  marketSymbol: coin?.marketSymbol ?? '',
  sortOrder: String(coin?.sortOrder ?? 0),
  iconUrl: coin?.iconUrl ?? '',
  enabled: coin?.enabled ?? true,
});

const upper = (value: string) => value.toUpperCase();

/**
 * Add Currency / Edit: the coin's fields and nothing else (no prices: INTEGRITY §1). An edit
 * shows the symbol read-only, since the server refuses to change it.
 */
export function CoinForm({
  coin,
  onSaved,
  onClose,
}: {
  /** null: a new coin. */
  coin: Coin | null;
  onSaved: (coin: Coin) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const enabledId = useId();
  const save = useSaveCoin();
  const editing = coin?.symbol;
  const { control, register, handleSubmit, setError, formState } = useSchemaForm(
    coinInputSchema,
    valuesOf(coin),
    (v) => ({ ...v, editing }),
  );
  const pending = save.isPending;

  const submit = handleSubmit(async (body) => {
    try {
      const { coin: saved } = await save.mutateAsync(body);
      onSaved(saved);
    } catch (error) {
      setError('root.server', serverError(error, WEB_MSG.coinSaveFailed));
    }
  });

  const title = editing ? t('adminCoins.editTitle', { symbol: editing }) : t('adminCoins.addTitle');
  return (
    <Modal label={title} onClose={onClose} closable={!pending} size="md">
      <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
        <div className="form-row">
          <FormField
            control={control}
            name="symbol"
            label={t('adminCoins.symbol')}
            maxLength={15}
            readOnly={editing !== undefined}
            hint={editing ? t('adminCoins.symbolFixed') : undefined}
            normalize={upper}
            disabled={pending}
          />
          <FormField
            control={control}
            name="name"
            label={t('adminCoins.name')}
            maxLength={60}
            disabled={pending}
          />
        </div>
        <div className="form-row">
          <FormField
            control={control}
            name="marketSymbol"
            label={t('adminCoins.marketSymbol')}
            hint={t('adminCoins.marketSymbolHint')}
            maxLength={20}
            normalize={upper}
            disabled={pending}
          />
          <FormField
            control={control}
            name="sortOrder"
            label={t('adminCoins.sortOrder')}
            type="number"
            min={0}
            step={1}
            disabled={pending}
          />
        </div>
        <FormField
          control={control}
          name="iconUrl"
          label={t('adminCoins.iconUrl')}
          type="url"
          maxLength={500}
          disabled={pending}
        />
        <div className="row row-tight">
          <input id={enabledId} type="checkbox" {...register('enabled')} disabled={pending} />
          <label htmlFor={enabledId}>{t('adminCoins.enabledLabel')}</label>
        </div>
        <p className="muted small">{t('adminCoins.pricesNote')}</p>
        <Notice text={formMessage(formState.errors)} />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? t('common.saving') : t('common.save')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={pending} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
