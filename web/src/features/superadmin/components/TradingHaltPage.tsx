import { MSG, tradingHaltUpdateSchema } from '@app/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAdminTradingHalt, useHaltableCoins, useSaveTradingHalt } from '../api/trading-halt.ts';

/** The select's value for the whole platform (a coin symbol is never empty). */
const ALL = '';

/**
 * The trading halt: the halts standing now, and a form that starts or ends one for the whole
 * platform or one coin, with the reason users see on the trade page. Running trades still
 * settle; placement is refused on every gateway within moments.
 */
export function TradingHaltPage() {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  const state = useAdminTradingHalt();
  const coins = useHaltableCoins();
  const save = useSaveTradingHalt();
  const [halted, setHalted] = useState(true);
  const [symbol, setSymbol] = useState(ALL);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const switchId = useId();
  const coinId = useId();
  const halts = state.data?.halts ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = tradingHaltUpdateSchema.safeParse({ halted, symbol: symbol || null, reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      const answer = await save.mutateAsync(checked.data);
      showToast(answer.message ?? MSG.tradingHaltSaved);
      setReason('');
    } catch (err) {
      setError(serverMessageOr(err, WEB_MSG.settingsSaveFailed));
    }
  };

  return (
    <Page title={t('admin.nav.tradingHalt')}>
      <p className="muted">{t('admin.halt.intro')}</p>
      <section className="card" aria-label={t('admin.halt.current')} data-testid="halt-state">
        <h2 className="card-label">{t('admin.halt.current')}</h2>
        {state.error ? (
          <Notice text={WEB_MSG.settingsLoadFailed} />
        ) : halts.length === 0 ? (
          <p data-testid="halt-none">{state.isPending ? t('common.loading') : t('admin.halt.none')}</p>
        ) : (
          <ul className="plain-list">
            {halts.map((h) => (
              <li key={h.symbol ?? ALL} data-testid="halt-row">
                <strong>{h.symbol ?? t('admin.halt.allCoins')}</strong>: {h.reason}{' '}
                <span className="muted small">{t('admin.halt.since', { time: dateTime(h.since) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className="card form form-narrow" onSubmit={submit} noValidate data-testid="halt-form">
        <div className="field field-inline">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            aria-checked={halted}
            checked={halted}
            onChange={(event) => setHalted(event.target.checked)}
            disabled={save.isPending}
          />
          <label htmlFor={switchId}>{t('admin.halt.switch')}</label>
        </div>
        <div className="field">
          <label htmlFor={coinId}>{t('admin.halt.coin')}</label>
          <select
            id={coinId}
            value={symbol}
            onChange={(event) => setSymbol(event.target.value)}
            disabled={save.isPending}
          >
            <option value={ALL}>{t('admin.halt.allCoins')}</option>
            {(coins.data ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('admin.halt.reason')}
          hint={t('admin.halt.reasonHint')}
          value={reason}
          onChange={setReason}
          maxLength={200}
          disabled={save.isPending}
        />
        <Notice text={error} />
        <div>
          <button
            type="submit"
            className={`btn ${halted ? 'btn-danger' : 'btn-primary'}`}
            disabled={save.isPending}
          >
            {halted ? t('admin.halt.start') : t('admin.halt.end')}
          </button>
        </div>
      </form>
    </Page>
  );
}
