import { formatINR, MSG } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LiveAnnouncer } from '../../../components/LiveAnnouncer.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { PriceText, TradeSummary } from '../../../components/TradeResult.tsx';
import { useAccountMode } from '../../../lib/account-mode.ts';
import { formatCountdown, remainingMs, secondsLeft, useNow } from '../../../lib/server-clock.ts';
import { outcomeOf } from '../../../lib/trades.ts';
import { useTradeFlow } from '../stores/use-trade-flow.ts';

/** The remaining time on the server's clock, redrawn a few times a second. */
function Countdown({ expiresAt, offset, total }: { expiresAt: string; offset: number; total: number }) {
  const { t } = useTranslation();
  const now = useNow(200);
  const left = remainingMs(expiresAt, offset, now);
  const seconds = secondsLeft(left, total);
  const share = total > 0 ? Math.min(1, left / (total * 1000)) : 0;
  return (
    <div className="countdown">
      <p className="countdown-value" data-testid="countdown" data-seconds={seconds} aria-live="off">
        {formatCountdown(seconds)}
      </p>
      <div
        className="countdown-bar"
        role="progressbar"
        aria-label={t('tradeModal.remaining')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={seconds}
      >
        <span style={{ width: `${share * 100}%` }} />
      </div>
      {/* The visible count changes every second; screen readers hear it every few seconds. */}
      <LiveAnnouncer
        text={`${t('tradeModal.remaining')}: ${formatCountdown(seconds)}`}
        testId="countdown-announcer"
      />
    </div>
  );
}

/**
 * Placing → countdown → settling → result (or the reason it was not placed). Closing the
 * countdown leaves the trade on the page (the Running panel, the chart's entry line) and the
 * result opens here when it comes; Close on the result goes to the orders.
 */
export function TradeModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phase = useTradeFlow((s) => s.phase);
  const trade = useTradeFlow((s) => s.trade);
  const offset = useTradeFlow((s) => s.offset);
  const error = useTradeFlow((s) => s.error);
  const direction = useTradeFlow((s) => s.direction);
  const reset = useTradeFlow((s) => s.reset);
  const hide = useTradeFlow((s) => s.hide);
  const hidden = useTradeFlow((s) => s.hidden);
  const mode = useAccountMode((s) => s.mode);
  const setMode = useAccountMode((s) => s.setMode);

  if (phase === 'idle' || hidden) return null;
  const running = phase === 'countdown' || phase === 'settling';
  const closable = running || phase === 'result' || phase === 'failed';
  const close = () => {
    if (running) {
      hide();
      return;
    }
    const toOrders = phase === 'result';
    reset();
    if (toOrders) void navigate('/orders');
  };

  let title = t('tradeModal.placing');
  if (phase === 'countdown' || phase === 'settling') title = t('tradeModal.countdownTitle');
  else if (phase === 'failed') title = t('tradeModal.failedTitle');
  else if (phase === 'result' && trade) title = t(`tradeInfo.outcome.${outcomeOf(trade)}`);

  return (
    <Modal label={t('tradeModal.label')} title={title} closable={closable} onClose={close}>
      <div className="trade-modal" data-testid="trade-modal" data-phase={phase}>
        {trade && (
          <p className="trade-modal-line">
            <strong>{trade.pair}</strong>{' '}
            <span className={trade.direction === 'up' ? 'up' : 'down'}>
              {t(`tradeInfo.${trade.direction}`)}
            </span>{' '}
            · ₹{formatINR(trade.amount)} · {t(`accountMode.${trade.account}`)}
          </p>
        )}
        {phase === 'placing' && (
          <p className="muted" role="status">
            {direction ? t(`tradeModal.placingDirection.${direction}`) : t('tradeModal.placing')}
          </p>
        )}
        {(phase === 'countdown' || phase === 'settling') && trade && (
          <>
            {phase === 'countdown' ? (
              <Countdown expiresAt={trade.expiresAt} offset={offset} total={trade.durationSeconds} />
            ) : (
              <p className="countdown-value settling" role="status" data-testid="settling">
                {t('tradeModal.settling')}
              </p>
            )}
            <dl className="meta">
              <div>
                <dt>{t('tradeInfo.entry')}</dt>
                <dd>
                  <PriceText price={trade.entry} testId="entry-price" />
                </dd>
              </div>
            </dl>
            <p className="muted small">
              {phase === 'countdown' ? t('tradeModal.countdownHint') : t('tradeModal.settlingHint')}
            </p>
            <button
              type="button"
              className="btn btn-ghost btn-block"
              data-testid="hide-countdown"
              onClick={close}
            >
              {t('running.hideCountdown')}
            </button>
          </>
        )}
        {phase === 'result' && trade && (
          <div data-testid="trade-result" data-outcome={outcomeOf(trade)}>
            <TradeSummary trade={trade} />
          </div>
        )}
        {phase === 'failed' && (
          <>
            <Notice text={error} />
            {error === MSG.simulatedRealRefused && mode === 'real' && (
              <button
                type="button"
                className="btn btn-ghost btn-block"
                onClick={() => {
                  setMode('practice');
                  reset();
                }}
              >
                {t('quickTrade.switchToPractice')}
              </button>
            )}
          </>
        )}
        {closable && !running && (
          <button type="button" className="btn btn-primary btn-block trade-modal-close" onClick={close}>
            {t('common.close')}
          </button>
        )}
      </div>
    </Modal>
  );
}
