import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartOverlay } from './ChartOverlay.tsx';

// lightweight-charts loads with the first chart, not with the app shell.
const CandleChartImpl = lazy(() => import('./CandleChart.tsx').then((m) => ({ default: m.CandleChart })));
const PriceLineChartImpl = lazy(() =>
  import('./PriceLineChart.tsx').then((m) => ({ default: m.PriceLineChart })),
);

function ChartPlaceholder({ tall = false }: { tall?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`chart-box ${tall ? 'chart-box-candles' : ''}`}>
      <div className="chart-canvas" />
      <ChartOverlay text={t('market.chartLoading')} />
    </div>
  );
}

export function CandleChart(props: ComponentProps<typeof CandleChartImpl>) {
  return (
    <Suspense fallback={<ChartPlaceholder tall />}>
      <CandleChartImpl {...props} />
    </Suspense>
  );
}

export function PriceLineChart(props: ComponentProps<typeof PriceLineChartImpl>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <PriceLineChartImpl {...props} />
    </Suspense>
  );
}
