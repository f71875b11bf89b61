import { COOL_OFF_MAX_HOURS, MSG, type ResponsibleTrading, SELF_EXCLUSION_MIN_MONTHS } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCoolOff, useSelfExclusion } from '../api/responsible-trading.ts';

/** Cool-off lengths offered, in hours: 24 hours to 6 weeks. */
const COOL_OFF_HOURS = [24, 72, 7 * 24, 14 * 24, 28 * 24, COOL_OFF_MAX_HOURS] as const;
/** Self-exclusion lengths offered, in months: 6 or more. */
const EXCLUSION_MONTHS = [SELF_EXCLUSION_MIN_MONTHS, 12, 24, 60] as const;

type Asked = { kind: 'coolOff'; hours: number } | { kind: 'selfExclusion'; months: number };

/** A cool-off or a self-exclusion, each started only after a confirmation. */
export function PauseTrading({ settings }: { settings: ResponsibleTrading }) {
  const { t } = useTranslation();
  const coolOff = useCoolOff();
  const exclusion = useSelfExclusion();
  const [hours, setHours] = useState<number>(COOL_OFF_HOURS[0]);
  const [months, setMonths] = useState<number>(EXCLUSION_MONTHS[0]);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = coolOff.isPending || exclusion.isPending;
  const closed = settings.selfExcludedUntil !== null;
  const id = useId();

  const confirm = async () => {
    if (!asked) return;
    setError(null);
    try {
      const answer =
        asked.kind === 'coolOff'
          ? await coolOff.mutateAsync({ hours: asked.hours })
          : await exclusion.mutateAsync({ months: asked.months });
      if (answer.message) showToast(answer.message);
      setAsked(null);
    } catch (err) {
      setError(serverMessageOr(err, MSG.serverError));
    }
  };

  const period =
    asked?.kind === 'coolOff'
      ? t('limits.hoursOption', { count: asked.hours })
      : t('limits.monthsOption', { count: asked?.months ?? 0 });

  return (
    <div className="form">
      <div className="field">
        <label htmlFor={`${id}-cool-off`}>{t('limits.coolOff')}</label>
        <select
          id={`${id}-cool-off`}
          value={hours}
          onChange={(e) => setHours(Number(e.target.value))}
          disabled={pending || closed}
        >
          {COOL_OFF_HOURS.map((h) => (
            <option key={h} value={h}>
              {h % 168 === 0
                ? t('limits.weeksOption', { count: h / 168 })
                : t('limits.hoursOption', { count: h })}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={pending || closed}
        onClick={() => setAsked({ kind: 'coolOff', hours })}
      >
        {t('limits.startCoolOff')}
      </button>
      <div className="field">
        <label htmlFor={`${id}-exclusion`}>{t('limits.selfExclusion')}</label>
        <select
          id={`${id}-exclusion`}
          value={months}
          onChange={(e) => setMonths(Number(e.target.value))}
          disabled={pending}
        >
          {EXCLUSION_MONTHS.map((m) => (
            <option key={m} value={m}>
              {t('limits.monthsOption', { count: m })}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn btn-danger"
        disabled={pending}
        onClick={() => setAsked({ kind: 'selfExclusion', months })}
      >
        {t('limits.startSelfExclusion')}
      </button>
      {asked && (
        <Modal label={t('limits.confirmTitle')} onClose={() => setAsked(null)} closable={!pending}>
          <div className="form" data-testid="pause-confirm">
            <p>
              {t(asked.kind === 'coolOff' ? 'limits.confirmCoolOff' : 'limits.confirmSelfExclusion', {
                period,
              })}
            </p>
            <Notice text={error} />
            <button type="button" className="btn btn-danger btn-block" disabled={pending} onClick={confirm}>
              {t('limits.confirm')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
