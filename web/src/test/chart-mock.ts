/**
 * lightweight-charts needs a real canvas, which jsdom does not have. Tests mock the module
 * with `vi.mock('lightweight-charts', () => chartModuleMock(charts))` and read what the
 * components drew from `charts.series`.
 */
export class FakeSeries {
  data: unknown[] = [];
  updates: unknown[] = [];
  constructor(readonly type: string) {}
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
