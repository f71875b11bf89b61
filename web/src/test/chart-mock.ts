/**
 * lightweight-charts needs a real canvas, which jsdom does not have. Tests mock the module
 * with `vi.mock('lightweight-charts', () => chartModuleMock(charts))` and read what the
 * components drew from `charts.series`.
 */
export type FakePriceLine = {
  options: Record<string, unknown>;
  applyOptions: (o: Record<string, unknown>) => void;
};

export class FakeSeries {
  data: unknown[] = [];
  updates: unknown[] = [];
  priceLines: FakePriceLine[] = [];
  constructor(readonly type: string) {}
  createPriceLine(options: Record<string, unknown>) {
    const line: FakePriceLine = {
      options: { ...options },
      applyOptions: (o) => Object.assign(line.options, o),
    };
    this.priceLines.push(line);
    return line;
  }
  removePriceLine(line: FakePriceLine) {
    this.priceLines = this.priceLines.filter((l) => l !== line);
  }
  /** A fixed scale: 1 px per rupee from the top. */
  priceToCoordinate(price: number) {
    return price;
  }
  setData(data: unknown[]) {
    this.data = data;
  }
  update(bar: unknown) {
    this.updates.push(bar);
  }
  applyOptions() {}
}

export type ChartRecorder = { series: FakeSeries[]; removed: number };

export function chartModuleMock(recorder: ChartRecorder) {
  return {
    ColorType: { Solid: 'solid', VerticalGradient: 'gradient' },
    CrosshairMode: { Normal: 0, Magnet: 1 },
    LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
    CandlestickSeries: { type: 'Candlestick' },
    AreaSeries: { type: 'Area' },
    LineSeries: { type: 'Line' },
    createChart: () => ({
      addSeries: (definition: { type: string }) => {
        const series = new FakeSeries(definition.type);
        recorder.series.push(series);
        return series;
      },
      timeScale: () => ({ fitContent: () => {}, scrollToRealTime: () => {} }),
      remove: () => {
        recorder.removed += 1;
      },
    }),
  };
}
