import { breakEvenWinRate, formatRupees, type TradeSetting } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/Page.tsx';
import { winProfit } from '../../../lib/trades.ts';
import { usePayouts } from '../api/get-payouts.ts';
import { ENTRY_PRICE_MAX_AGE_MS, EXIT_PRICE_STALE_AFTER_MS } from '../lib/settlement-bounds.ts';
import { Contents } from './Contents.tsx';

/** The anchors #outcome, #staleness, #payouts and #receipt are linked from receipts and the trade card. */
const SECTIONS = ['outcome', 'staleness', 'payouts', 'receipt'] as const;
/** The stake the payout table's example is worked out on. */
const EXAMPLE_STAKE = 100;

const seconds = (ms: number) => ms / 1000;

function useFormats() {
  const { i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return { rate: (payoutPercent: number) => percent.format(breakEvenWinRate(payoutPercent)) };
}

/** The trade card's words for a duration: "20 s", "5 min", "1 h". */
function durationKey(s: TradeSetting): string {
  return `quickTrade.${s.unit === 'Hours' ? 'hours' : s.unit === 'Minutes' ? 'minutes' : 'seconds'}`;
}

/** The durations on offer now, each with its payout and the win rate it needs to break even. */
function PayoutTable() {
  const { t } = useTranslation();
  const { rate } = useFormats();
  const { data, isPending, isError } = usePayouts();
  if (isPending) return <p className="muted">{t('common.loading')}</p>;
  if (isError) return <p className="muted">{t('rules.payoutsFailed')}</p>;
  if (data.length === 0) return <p className="muted">{t('rules.payoutsNone')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard
    <section className="table-wrap" tabIndex={0} aria-label={t('rules.payoutsCaption')}>
      <table className="table" data-testid="payout-table">
        <caption className="sr-only">{t('rules.payoutsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rules.colDuration')}</th>
            <th scope="col">{t('rules.colPayout')}</th>
            <th scope="col">{t('rules.colBreakEven')}</th>
            <th scope="col">{t('rules.colExample', { stake: formatRupees(EXAMPLE_STAKE) })}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((s) => (
            <tr key={s.id} data-testid="payout-row">
              <th scope="row">{t(durationKey(s), { count: s.time })}</th>
              <td data-testid="payout-percent">{s.payoutPercent}%</td>
              <td data-testid="payout-break-even">{rate(s.payoutPercent)}</td>
              <td>{formatRupees(EXAMPLE_STAKE + (winProfit(EXAMPLE_STAKE, s.payoutPercent) ?? 0))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * How a trade's result is decided, in the words of the rules the database settles by
 * (shared/src/trade-rules.ts, db/sql/settle_trades.sql): the payouts and break-even rates come
 * from the live trade settings and the shared break-even function, never a copy.
 */
export function RulesPage() {
  const { t } = useTranslation();
  const { rate } = useFormats();
  const entrySeconds = seconds(ENTRY_PRICE_MAX_AGE_MS);
  const staleSeconds = seconds(EXIT_PRICE_STALE_AFTER_MS);
  return (
    <Page title={t('rules.title')} className="prose">
      <p>{t('rules.intro')}</p>
      <Contents page="rules" sections={SECTIONS} />

      <section id="outcome">
        <h2>{t('rules.outcomeTitle')}</h2>
        <p>{t('rules.outcomeEntry', { seconds: entrySeconds })}</p>
        <p>{t('rules.outcomeExpiry')}</p>
        <ul>
          <li>{t('rules.outcomeUp')}</li>
          <li>{t('rules.outcomeDown')}</li>
          <li>{t('rules.outcomeDraw')}</li>
        </ul>
        <p>{t('rules.outcomeFinal')}</p>
      </section>

      <section id="staleness">
        <h2>{t('rules.stalenessTitle')}</h2>
        <p>{t('rules.stalenessText', { seconds: staleSeconds })}</p>
        <ul>
          <li>{t('rules.stalenessNone')}</li>
          <li>{t('rules.stalenessOld', { seconds: staleSeconds })}</li>
          <li>{t('rules.stalenessSimulated')}</li>
        </ul>
        <p>{t('rules.stalenessWait', { seconds: staleSeconds })}</p>
        <p className="muted small">
          {t('rules.stalenessSettings', { entry: entrySeconds, stale: staleSeconds })}
        </p>
      </section>

      <section id="payouts">
        <h2>{t('rules.payoutsTitle')}</h2>
        <p>{t('rules.payoutsText')}</p>
        <PayoutTable />
        <p data-testid="break-even-formula">{t('rules.breakEvenFormula', { percent: 40, rate: rate(40) })}</p>
        <p>{t('rules.payoutsRounding')}</p>
      </section>

      <section id="receipt">
        <h2>{t('rules.receiptTitle')}</h2>
        <p>{t('rules.receiptText')}</p>
        <ul>
          <li>{t('rules.receiptTerms')}</li>
          <li>{t('rules.receiptResult')}</li>
          <li>{t('rules.receiptTimes')}</li>
          <li>{t('rules.receiptPrices')}</li>
        </ul>
        <h3>{t('rules.checkTitle')}</h3>
        <ol>
          <li>{t('rules.check1')}</li>
          <li>{t('rules.check2')}</li>
          <li>{t('rules.check3', { seconds: staleSeconds })}</li>
          <li>{t('rules.check4')}</li>
        </ol>
        <p>
          <Link to="/orders">{t('rules.ordersLink')}</Link>
        </p>
      </section>
    </Page>
  );
}
