import {
  CANDLE_INTERVAL_SECONDS,
  CANDLES_DEFAULT_LIMIT,
  type Candle,
  type CandleInterval,
  formatRupees,
} from '@app/shared';
import {
  type CandlestickData,
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { runningOf, useRunningTrades } from '../../../../lib/running-trades.ts';
import { useCandles } from '../../api/get-candles.ts';
import { useMarketStore } from '../../stores/market-store.ts';
import { ChartOverlay } from './ChartOverlay.tsx';
import { CHART_COLORS, chartOptions, priceFormatFor } from './chart-theme.ts';
import { EntryMarks } from './EntryMarks.tsx';
import { entryLines } from './entry-lines.ts';
import { followCandles } from './follow-candles.ts';

const toBar = (c: Candle, rate: number): CandlestickData<UTCTimestamp> => ({
  time: c.time as UTCTimestamp,
  open: c.open * rate,
  high: c.high * rate,
  low: c.low * rate,
  close: c.close * rate,
});

type Handle = {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  lines: ReturnType<typeof entryLines>;
};

/**
 * INR candlesticks: history from GET /api/candles, the last candle moved by live ticks, and
 * the entry line of each of the user's running trades on this coin.
 */
export function CandleChart({ symbol, interval }: { symbol: string; interval: CandleInterval }) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const handle = useRef<Handle | null>(null);
  const { data, error, isFetching, refetch } = useCandles(symbol, interval, CANDLES_DEFAULT_LIMIT);
  const current = data && data.symbol === symbol && data.interval === interval ? data : undefined;
  const allRunning = useRunningTrades((s) => s.trades);
  const running = useMemo(() => runningOf(allRunning, symbol), [allRunning, symbol]);
  const rate = useMarketStore((s) => s.usdtInr);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, chartOptions());
    const series = chart.addSeries(CandlestickSeries, {
      upColor: CHART_COLORS.up,
      downColor: CHART_COLORS.down,
      wickUpColor: CHART_COLORS.up,
      wickDownColor: CHART_COLORS.down,
      borderVisible: false,
    });
    handle.current = { chart, series, lines: entryLines(series) };
    return () => {
      handle.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const h = handle.current;
    if (!h) return;
    if (!current) {
      h.series.setData([]);
      return;
    }
    let precisionSet = false;
    return followCandles({
      symbol,
      intervalSeconds: CANDLE_INTERVAL_SECONDS[interval],
      history: current.candles,
      draw: (candles, rate) => {
        const last = candles[candles.length - 1];
        h.series.applyOptions({ priceFormat: priceFormatFor(last ? last.close * rate : undefined) });
        precisionSet = last !== undefined;
        h.series.setData(candles.map((c) => toBar(c, rate)));
      },
      update: (candle, rate) => {
        if (!precisionSet) {
          h.series.applyOptions({ priceFormat: priceFormatFor(candle.close * rate) });
          precisionSet = true;
        }
        h.series.update(toBar(candle, rate));
      },
    });
  }, [current, symbol, interval]);

  useEffect(() => {
    handle.current?.lines.sync(running, rate, (trade) =>
      t('running.line', { direction: t(`tradeInfo.${trade.direction}`), amount: formatRupees(trade.amount) }),
    );
  }, [running, rate, t]);

  let overlay: string | null = null;
  if (error && !current) overlay = t('market.chartError');
  else if (isFetching && !current) overlay = t('market.chartLoading');
  else if (current && current.candles.length === 0) overlay = t('market.chartEmpty');

  return (
    <div className="chart-box chart-box-candles">
      {/* A figure, not an img: the chart library puts its attribution link inside, and an
          img's content is presentational, so that link would be a nested control. */}
      <figure
        ref={box}
        className="chart-canvas"
        data-testid="candle-chart"
        aria-label={t('trade.candles')}
      ></figure>
      <EntryMarks
        trades={running}
        rate={rate}
        series={() => handle.current?.series ?? null}
        height={() => box.current?.clientHeight ?? 0}
      />
      {overlay && (
        <ChartOverlay
          text={overlay}
          onRetry={error && !current ? () => void refetch() : undefined}
          subtle={!!current}
        />
      )}
    </div>
  );
}
