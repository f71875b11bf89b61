import { type ChartOptions, ColorType, CrosshairMode, type DeepPartial } from 'lightweight-charts';
import { formatPrice, priceDigits } from '../../lib/format.ts';
import { CHART_COLORS } from './chart-colors.ts';

export { CHART_COLORS };

export function chartOptions(): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: CHART_COLORS.background },
      textColor: CHART_COLORS.text,
      fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    },
    grid: {
      vertLines: { color: CHART_COLORS.grid },
      horzLines: { color: CHART_COLORS.grid },
    },
    rightPriceScale: { borderColor: CHART_COLORS.border },
    timeScale: { borderColor: CHART_COLORS.border, timeVisible: true, secondsVisible: false },
    crosshair: { mode: CrosshairMode.Normal },
    localization: { priceFormatter: (price: number) => formatPrice(price) },
  };
}

/** Price-scale precision for a price of this size (small coins need more decimals). */
export function priceFormatFor(price: number | undefined) {
  const precision = priceDigits(price ?? 1);
  return { type: 'price' as const, precision, minMove: 10 ** -precision };
}
