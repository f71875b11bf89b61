import type { Trade } from '@app/shared';
import { type IPriceLine, type ISeriesApi, LineStyle, type SeriesType } from 'lightweight-charts';
import { CHART_COLORS } from './chart-theme.ts';

/** The title a trade's line carries on the price scale: "Up ₹100.00". */
export type LineTitle = (trade: Trade) => string;

/**
 * One dashed price line per running trade at its entry price (INR at the display rate), in
 * the colour of its direction. `sync` draws exactly the given trades: new ones are added,
 * settled ones removed, and all of them moved when the rate changes.
 */
export function entryLines(series: ISeriesApi<SeriesType>) {
  const lines = new Map<string, { line: IPriceLine; price: number }>();

  const sync = (trades: readonly Trade[], rate: number, title: LineTitle) => {
    const keep = new Set(trades.map((t) => t.id));
    for (const [id, { line }] of lines) {
      if (!keep.has(id)) {
        series.removePriceLine(line);
        lines.delete(id);
      }
    }
    for (const trade of trades) {
      const price = trade.entry.price * rate;
      const known = lines.get(trade.id);
      if (known) {
        if (known.price !== price) {
          known.line.applyOptions({ price });
          known.price = price;
        }
        continue;
      }
      const line = series.createPriceLine({
        price,
        color: trade.direction === 'up' ? CHART_COLORS.up : CHART_COLORS.down,
        lineWidth: 2,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title: title(trade),
      });
      lines.set(trade.id, { line, price });
    }
  };

  const clear = () => sync([], 1, () => '');
  return { sync, clear };
}
