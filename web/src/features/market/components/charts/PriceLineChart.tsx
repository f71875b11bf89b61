import type { Candle } from '@app/shared';
import {
  type AreaData,
  AreaSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS, chartOptions, priceFormatFor } from './chart-theme.ts';
import { followCandles } from './follow-candles.ts';

const toPoint = (c: Candle): AreaData<UTCTimestamp> => ({ time: c.time as UTCTimestamp, value: c.close });

type Handle = { chart: IChartApi; series: ISeriesApi<'Area'> };

/** The coin page's USD line over a timeframe; the last point follows the live price. */
export function PriceLineChart({
  symbol,
  candles,
  intervalSeconds,
}: {
  symbol: string;
  candles: readonly Candle[] | undefined;
  intervalSeconds: number;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const handle = useRef<Handle | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, {
      ...chartOptions(),
      localization: {
        priceFormatter: (p: number) => p.toLocaleString('en-US', { maximumFractionDigits: 8 }),
      },
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: CHART_COLORS.accent,
      topColor: 'rgba(240, 185, 11, 0.28)',
      bottomColor: 'rgba(240, 185, 11, 0)',
      lineWidth: 2,
    });
    handle.current = { chart, series };
    return () => {
      handle.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const h = handle.current;
    if (!h) return;
    if (!candles) {
      h.series.setData([]);
      return;
    }
    h.series.applyOptions({ priceFormat: priceFormatFor(candles[candles.length - 1]?.close) });
    return followCandles({
      symbol,
      intervalSeconds,
      history: candles,
      draw: (all) => {
        h.series.setData(all.map(toPoint));
        h.chart.timeScale().fitContent();
      },
      update: (candle) => h.series.update(toPoint(candle)),
    });
  }, [candles, symbol, intervalSeconds]);

  return (
    <div className="chart-box">
      {/* A figure, not an img: the chart library puts its attribution link inside, and an
          img's content is presentational, so that link would be a nested control. */}
      <figure
        ref={box}
        className="chart-canvas"
        data-testid="price-chart"
        aria-label={t('market.priceChart', { symbol })}
      ></figure>
    </div>
  );
}
