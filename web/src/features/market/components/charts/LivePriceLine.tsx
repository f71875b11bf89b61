import { LIVE_PRICE_POINTS } from '@app/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarketStore } from '../../stores/market-store.ts';
import { drawLine } from './draw-line.ts';

const nextFrame = (fn: () => void): number =>
  typeof window.requestAnimationFrame === 'function'
    ? window.requestAnimationFrame(fn)
    : window.setTimeout(fn, 16);
const cancelFrame = (id: number) =>
  typeof window.cancelAnimationFrame === 'function'
    ? window.cancelAnimationFrame(id)
    : window.clearTimeout(id);

/** The last LIVE_PRICE_POINTS prices, drawn on a canvas straight from the store (no re-render). */
export function LivePriceLine({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const waiting = useMarketStore((s) => (s.recent[symbol]?.length ?? 0) < 2);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let frame = 0;
    const draw = () => {
      frame = 0;
      drawLine(
        el,
        (useMarketStore.getState().recent[symbol] ?? []).map((tick) => tick.price),
      );
    };
    const schedule = () => {
      if (!frame) frame = nextFrame(draw);
    };
    schedule();
    const unsubscribe = useMarketStore.subscribe((state, prev) => {
      if (state.recent[symbol] !== prev.recent[symbol]) schedule();
    });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    resize?.observe(el);
    return () => {
      unsubscribe();
      resize?.disconnect();
      if (frame) cancelFrame(frame);
    };
  }, [symbol]);

  return (
    <div className="live-line-box">
      <canvas
        ref={canvas}
        className="live-line"
        data-testid="live-line"
        role="img"
        aria-label={t('trade.livePricesHint', { count: LIVE_PRICE_POINTS })}
      />
      {waiting && <p className="live-line-waiting muted small">{t('trade.waitingPrices')}</p>}
    </div>
  );
}
