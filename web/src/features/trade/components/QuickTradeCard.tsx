import { formatRupees, haltFor, MSG, type TradeDirection } from '@app/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PracticeBadge } from '../../../components/AccountModeSwitch.tsx';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { useMessage } from '../../../i18n/index.ts';
import { useAccountMode, useSelectedBalance } from '../../../lib/account-mode.ts';
import { useHasLivePrices } from '../../../lib/running-trades.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useConnection } from '../../../lib/socket.ts';
import { useTradeSettings } from '../api/get-trade-settings.ts';
import { useTradingHalt } from '../api/get-trading-halt.ts';
import { breakEvenPercent, durationParts, profitFor } from '../lib/format.ts';
import { canTrade, formMessage, parseAmount, type TradeInput } from '../lib/validation.ts';
import { useRunningSync } from '../stores/running-sync.ts';
import { useTradeFlow } from '../stores/use-trade-flow.ts';
import { RunningTrades } from './RunningTrades.tsx';
import { TradeModal } from './TradeModal.tsx';
import '../trade.css';

interface QuickTradeCardProps {
  symbol: string;
  /** The live price, drawn by the market feature (it owns the price feed). */
  price?: ReactNode;
}

/**
 * Duration, amount, Trade Up / Trade Down (the trade ticket). Before placing, the card shows
 * the payout and the break-even win rate it implies; the server decides everything else. On
 * the trade page the Running panel follows it.
 */
export function QuickTradeCard({ symbol, price }: QuickTradeCardProps) {
  const { t } = useTranslation();
  const translate = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSession((s) => s.user !== null);
  const mode = useAccountMode((s) => s.mode);
  const setMode = useAccountMode((s) => s.setMode);
  const balance = useSelectedBalance();
  const simulated = useConnection((s) => s.feed?.simulated === true);
  const settings = useTradeSettings();
  const phase = useTradeFlow((s) => s.phase);
  const place = useTradeFlow((s) => s.place);
  const abandon = useTradeFlow((s) => s.abandon);
  const hidden = useTradeFlow((s) => s.hidden);
  const show = useTradeFlow((s) => s.show);
  const running = useRunningSync();
  const onTradePage = useHasLivePrices();
  // A superadmin's halt of the platform or of this coin: no new trade, running ones still settle.
  const halt = haltFor(useTradingHalt().data?.halts ?? [], symbol);

  const showButton = useRef<HTMLButtonElement>(null);
  // A closed countdown hands focus to the button that opens it again (its trigger, Trade Up,
  // is disabled while the trade runs).
  useEffect(() => {
    if (hidden) showButton.current?.focus();
  }, [hidden]);

  const [amountText, setAmountText] = useState('');
  const [touched, setTouched] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  // Signing out drops a trade on screen (the server still settles it; it shows under Orders).
  useEffect(() => {
    if (!signedIn) abandon();
  }, [signedIn, abandon]);

  const list = settings.data ?? [];
  // The shortest duration is selected until another is chosen.
  const setting = list.find((s) => s.id === selectedId) ?? list[0] ?? null;
  // The spec's rule: no new trade while one is in progress, here or (after a reload, or from
  // another tab) on the server.
  const waiting = phase === 'countdown' || phase === 'settling' || running.trades.length > 0;
  const inProgress = phase !== 'idle' || running.trades.length > 0;
  const input: TradeInput = { amountText, balance, setting, inProgress, signedIn };
  const enabled = canTrade(input) && !halt;
  const message = signedIn && !settings.isFetching ? formMessage(input, touched) : null;
  const amount = parseAmount(amountText);
  const profit = profitFor(amount, setting);

  const trade = (direction: TradeDirection) => {
    if (!signedIn) {
      void navigate('/login', {
        state: { from: `${location.pathname}${location.search}`, notice: MSG.loginToTrade },
      });
      return;
    }
    if (!setting || amount === null || !enabled) {
      setTouched(true);
      return;
    }
    void place({ amount, settingId: setting.id, symbol, direction, account: mode });
  };

  return (
    <>
      <section
        className="card quick-trade"
        data-slot="quick-trade"
        data-symbol={symbol}
        data-testid="quick-trade"
        aria-label={t('quickTrade.title')}
      >
        <header className="qt-head">
          <h2 className="card-label">{t('quickTrade.title')}</h2>
          <PracticeBadge />
        </header>

        <p className="qt-price">
          <span className="muted">{t('quickTrade.price')}</span> {price}
        </p>

        <fieldset className="qt-durations" disabled={inProgress}>
          <legend>{t('quickTrade.duration')}</legend>
          {settings.isPending ? (
            <p className="muted small">{t('quickTrade.loadingSettings')}</p>
          ) : (
            list.map((s) => {
              const d = durationParts(s);
              const active = s.id === setting?.id;
              return (
                <button
                  key={s.id}
                  type="button"
                  className={`qt-duration ${active ? 'is-active' : ''}`}
                  aria-pressed={active}
                  data-testid="duration"
                  data-seconds={s.seconds}
                  onClick={() => setSelectedId(s.id)}
                >
                  <strong>{s.payoutPercent}%</strong>
                  <span>{t(d.key, { count: d.count })}</span>
                </button>
              );
            })
          )}
        </fieldset>

        {halt && (
          <div className="notice notice-error qt-halt" role="status" data-testid="trading-halt">
            <p>
              {halt.symbol === null
                ? t('quickTrade.halted', { reason: halt.reason })
                : t('quickTrade.coinHalted', { symbol: halt.symbol, reason: halt.reason })}
            </p>
            <p className="small">{t('quickTrade.haltedHint')}</p>
          </div>
        )}
        {!signedIn && <p className="notice notice-info">{translate(MSG.loginToTrade)}</p>}
        {signedIn && simulated && mode === 'real' && (
          <div className="notice notice-info qt-simulated" data-testid="simulated-real">
            <p>{translate(MSG.simulatedRealRefused)}</p>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode('practice')}>
              {t('quickTrade.switchToPractice')}
            </button>
          </div>
        )}

        {/* Amount, Trade Up and Trade Down next to each other in the tab order; on a phone this
            block stays pinned at the bottom of the screen. */}
        <div className="qt-dock" data-testid="trade-dock">
          <Notice text={message} />
          <Field
            label={t('quickTrade.amount')}
            className="qt-amount"
            type="number"
            inputMode="decimal"
            min={0}
            step={1}
            value={amountText}
            onChange={(value) => {
              setAmountText(value);
              setTouched(true);
            }}
            disabled={inProgress}
            aria-invalid={message === MSG.tradeAmountInvalid || message === MSG.insufficientBalance}
          />
          <div className="qt-actions">
            <button type="button" className="btn btn-up" disabled={!enabled} onClick={() => trade('up')}>
              {t('quickTrade.up')}
            </button>
            <button type="button" className="btn btn-down" disabled={!enabled} onClick={() => trade('down')}>
              {t('quickTrade.down')}
            </button>
          </div>
        </div>
        {waiting && (
          <div className="notice notice-info qt-waiting" role="status" data-testid="trade-waiting">
            <p>{t('running.waiting')}</p>
            {hidden && (
              <button ref={showButton} type="button" className="btn btn-ghost btn-sm" onClick={show}>
                {t('running.showCountdown')}
              </button>
            )}
          </div>
        )}

        <dl className="meta qt-figures">
          {signedIn && (
            <div>
              <dt>{mode === 'practice' ? t('quickTrade.practiceBalance') : t('quickTrade.balance')}</dt>
              <dd data-testid="trade-balance">{balance === null ? '—' : formatRupees(balance)}</dd>
            </div>
          )}
          <div>
            <dt>{t('quickTrade.potentialProfit')}</dt>
            <dd data-testid="potential-profit">{profit === null ? '—' : formatRupees(profit)}</dd>
          </div>
          <div>
            <dt>{t('quickTrade.payout')}</dt>
            <dd data-testid="payout">{setting ? `${setting.payoutPercent}%` : '—'}</dd>
          </div>
        </dl>
        {setting && (
          <div className="qt-break-even">
            <p data-testid="break-even">
              {t('quickTrade.breakEven', { rate: breakEvenPercent(setting.payoutPercent) })}
            </p>
            <p className="muted small">
              {t('quickTrade.breakEvenHint', {
                percent: setting.payoutPercent,
                rate: breakEvenPercent(setting.payoutPercent),
              })}
            </p>
          </div>
        )}
        <p className="small qt-rules">
          <Link to="/rules" data-testid="rules-link">
            {t('rules.linkLabel')}
          </Link>
        </p>
        <TradeModal />
      </section>
      {onTradePage && <RunningTrades trades={running.trades} />}
    </>
  );
}
