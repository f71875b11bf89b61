import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AccountMode, useAccountMode } from '../lib/account-mode.ts';
import { useSession } from '../lib/session/index.ts';
import './account-mode.css';

const MODES: readonly AccountMode[] = ['real', 'practice'];

/** Real / Practice: which balance the trade card, the orders and the header show (signed in only). */
export function AccountModeSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const mode = useAccountMode((s) => s.mode);
  const setMode = useAccountMode((s) => s.setMode);
  if (!signedIn) return null;
  if (compact) {
    // One button on a narrow header: it shows the account in use and switches to the other.
    const other: AccountMode = mode === 'real' ? 'practice' : 'real';
    return (
      <button
        type="button"
        className={`mode-toggle mode-${mode}`}
        data-testid="account-mode"
        data-mode={mode}
        aria-label={t('accountMode.toggle', {
          current: t(`accountMode.${mode}`),
          other: t(`accountMode.${other}`),
        })}
        onClick={() => setMode(other)}
      >
        {t(`accountMode.${mode}`)}
      </button>
    );
  }
  return (
    <fieldset className="mode-switch" data-testid="account-mode" data-mode={mode}>
      <legend className="sr-only">{t('accountMode.label')}</legend>
      {MODES.map((m) => (
        <button
          key={m}
          type="button"
          className={`mode-option mode-${m} ${m === mode ? 'is-active' : ''}`}
          aria-pressed={m === mode}
          onClick={() => setMode(m)}
        >
          {t(`accountMode.${m}`)}
        </button>
      ))}
    </fieldset>
  );
}

/** Shown wherever practice money is on screen. */
export function PracticeBadge() {
  const { t } = useTranslation();
  const mode = useAccountMode((s) => s.mode);
  const signedIn = useSession((s) => s.user !== null);
  if (!signedIn || mode !== 'practice') return null;
  return (
    <span className="badge badge-practice" data-testid="practice-badge">
      {t('accountMode.practiceBadge')}
    </span>
  );
}

/**
 * While the app, not the user, put them in Practice (no real money yet): how to trade for
 * real. Either button is a choice, which ends the hint in every tab.
 */
export function PracticeHint() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const noRealMoney = useSession((s) => (s.user?.balance ?? 0) <= 0);
  const shown = useAccountMode((s) => s.mode === 'practice' && !s.chosen);
  const setMode = useAccountMode((s) => s.setMode);
  if (!signedIn || !shown) return null;
  return (
    <div className="practice-hint" role="note" data-testid="practice-hint">
      <p className="practice-hint-text">{t('accountMode.hint')}</p>
      <div className="practice-hint-actions">
        {noRealMoney && (
          <Link to="/assets/topup" className="btn btn-primary btn-sm">
            {t('accountMode.hintTopUp')}
          </Link>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode('real')}>
          {t('accountMode.switchToReal')}
        </button>
        <button
          type="button"
          className="icon-button practice-hint-dismiss"
          aria-label={t('accountMode.stayPractice')}
          title={t('accountMode.stayPractice')}
          onClick={() => setMode('practice')}
        >
          ×
        </button>
      </div>
    </div>
  );
}
