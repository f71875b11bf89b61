import {
  financialYearOf,
  istDay,
  STATEMENT_FORMATS,
  type StatementFormat,
  statementFormSchema,
} from '@app/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { downloadStatement } from '../api/download-statement.ts';

/** The current financial year so far: from 1 April (India time) to today. */
function thisFinancialYear(): { from: string; to: string } {
  const today = istDay();
  return { from: `${financialYearOf(today).slice(0, 4)}-04-01`, to: today };
}

/**
 * The statement of the real balance for a period, as CSV or PDF. Checked by the schema the
 * gateway reads the query with, so the browser shows the gateway's messages.
 */
export function StatementDownload() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(thisFinancialYear);
  const [format, setFormat] = useState<StatementFormat>('csv');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formatId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = statementFormSchema.safeParse({ ...period, format });
    if (!checked.success) {
      setMessage(checked.error.issues[0]?.message ?? null);
      return;
    }
    setMessage(null);
    setPending(true);
    try {
      await downloadStatement(checked.data);
    } catch (error) {
      setMessage(serverMessageOr(error, t('wallet.statement.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="card form wl-statement"
      aria-label={t('wallet.statement.title')}
      onSubmit={submit}
      noValidate
      data-testid="statement-form"
    >
      <h2 className="h3">{t('wallet.statement.title')}</h2>
      <p className="muted small">{t('wallet.statement.hint')}</p>
      <div className="toolbar">
        <Field
          type="date"
          label={t('wallet.statement.from')}
          name="from"
          value={period.from}
          onChange={(from) => setPeriod((p) => ({ ...p, from }))}
          disabled={pending}
        />
        <Field
          type="date"
          label={t('wallet.statement.to')}
          name="to"
          value={period.to}
          onChange={(to) => setPeriod((p) => ({ ...p, to }))}
          disabled={pending}
        />
        <div className="field">
          <label htmlFor={formatId}>{t('wallet.statement.format')}</label>
          <select
            id={formatId}
            name="format"
            value={format}
            disabled={pending}
            onChange={(event) => {
              const value = STATEMENT_FORMATS.find((f) => f === event.target.value);
              if (value) setFormat(value);
            }}
          >
            {STATEMENT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`wallet.statement.${f}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Notice text={message} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('wallet.statement.downloading') : t('wallet.statement.download')}
        </button>
      </div>
    </form>
  );
}
