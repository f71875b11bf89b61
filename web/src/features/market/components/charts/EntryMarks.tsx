import { formatRupees, type Trade } from '@app/shared';
import type { ISeriesApi, SeriesType } from 'lightweight-charts';
import { useTranslation } from 'react-i18next';
import { StandingText, TimeLeft } from '../../../../components/RunningTradeInfo.tsx';
import { useNow } from '../../../../lib/server-clock.ts';
import { useMarketStore } from '../../stores/market-store.ts';

/** Keeps a label inside the chart when its price is off the visible scale. */
const EDGE_PX = 12;
/** Labels closer than this are moved apart, so two trades at one price stay readable. */
const LABEL_GAP_PX = 24;

/**
 * Where each label goes: on its line (y from the chart, null when the chart cannot say), kept
 * inside the box, and below the one above it when two would overlap.
 */
export function labelTops(ys: readonly (number | null)[], boxHeight: number): number[] {
  const bottom = Math.max(EDGE_PX, boxHeight - EDGE_PX);
  const wanted = ys.map((y) => Math.min(Math.max(y ?? EDGE_PX, EDGE_PX), bottom));
  const order = wanted.map((_, i) => i).sort((a, b) => (wanted[a] ?? 0) - (wanted[b] ?? 0));
  const tops = [...wanted];
  let previous = Number.NEGATIVE_INFINITY;
  for (const i of order) {
    const top = Math.max(wanted[i] ?? EDGE_PX, previous + LABEL_GAP_PX);
    tops[i] = top;
    previous = top;
  }
  return tops;
}

/**
 * A label on each running trade's entry line: direction and stake, time left, and whether it
 * is winning or losing at the latest price. It follows the line as the scale moves.
 */
export function EntryMarks({
  trades,
  rate,
  series,
  height,
}: {
  trades: readonly Trade[];
  rate: number;
  series: () => ISeriesApi<SeriesType> | null;
  height: () => number;
}) {
  const { t } = useTranslation();
  // Redrawn a few times a second: the scale moves with the price, and so do the labels.
  useNow(250, trades.length > 0);
  const symbol = trades[0]?.symbol ?? '';
  const priceE8 = useMarketStore((s) => s.ticks[symbol]?.priceE8 ?? null);
  if (trades.length === 0) return null;
  const s = series();
  const box = height();
  const tops = labelTops(
    trades.map((trade) => s?.priceToCoordinate(trade.entry.price * rate) ?? null),
    box,
  );
  return (
    <ul className="entry-marks" aria-label={t('running.title')}>
      {trades.map((trade, i) => {
        const top = tops[i] ?? EDGE_PX;
        return (
          <li
            key={trade.id}
            className={`entry-mark entry-${trade.direction}`}
            style={{ top: `${top}px` }}
            data-testid="entry-line"
            data-trade-id={trade.id}
            data-direction={trade.direction}
          >
            <span className="entry-title">
              {t('running.line', {
                direction: t(`tradeInfo.${trade.direction}`),
                amount: formatRupees(trade.amount),
              })}
            </span>
            <TimeLeft trade={trade} testId="entry-time-left" />
            <StandingText trade={trade} priceE8={priceE8} />
          </li>
        );
      })}
    </ul>
  );
}
