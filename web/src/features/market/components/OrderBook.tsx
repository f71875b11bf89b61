import { ORDER_BOOK_LEVELS } from '@app/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type BookRow, cumulativeLevels, spreadOf } from '../lib/book.ts';
import { formatFixed, formatInrPrice, formatQuantity, levelDigits } from '../lib/format.ts';
import { useMarketStore } from '../stores/market-store.ts';
import { LivePrice } from './LiveValues.tsx';

type LevelProps = { row: BookRow; side: 'ask' | 'bid'; max: number; rate: number; digits: number };

function Level({ row, side, max, rate, digits }: LevelProps) {
  const depth = max > 0 ? Math.min(100, (row.total / max) * 100) : 0;
  const tint = side === 'ask' ? 'rgb(246 70 93 / 14%)' : 'rgb(14 203 129 / 14%)';
  return (
    <tr
      className={`book-row book-${side}`}
      data-testid={`book-${side}`}
      style={{ background: `linear-gradient(to left, ${tint} ${depth}%, transparent ${depth}%)` }}
    >
      <td className="book-price">₹{formatFixed(row.price * rate, digits)}</td>
      <td>{formatQuantity(row.quantity)}</td>
      <td>{formatQuantity(row.total)}</td>
    </tr>
  );
}

/**
 * `depth` asks over `depth` bids (the spec's 15 unless the view asks for fewer) with the
 * quantity summed from the best price outwards. The table scrolls inside its own box, which
 * takes focus once, so the keyboard scrolls it without a stop on every row.
 */
export function OrderBook({ symbol, depth = ORDER_BOOK_LEVELS }: { symbol: string; depth?: number }) {
  const { t } = useTranslation();
  const book = useMarketStore((s) => s.books[symbol]);
  const rate = useMarketStore((s) => s.usdtInr);
  const { asks, bids, max, spread, digits } = useMemo(() => {
    const a = cumulativeLevels(book?.asks ?? [], depth);
    const b = cumulativeLevels(book?.bids ?? [], depth);
    const prices = [...a]
      .reverse()
      .concat(b)
      .map((row) => row.price * rate);
    return {
      asks: a,
      bids: b,
      max: Math.max(a[a.length - 1]?.total ?? 0, b[b.length - 1]?.total ?? 0),
      spread: book ? spreadOf(book.asks, book.bids) : null,
      digits: levelDigits(prices),
    };
  }, [book, rate, depth]);

  if (!book) return <p className="muted book-status">{t('trade.bookLoading')}</p>;
  if (asks.length === 0 && bids.length === 0)
    return <p className="muted book-status">{t('trade.bookEmpty')}</p>;

  return (
    <section
      className="book-scroll"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus to be scrolled from the keyboard
      tabIndex={0}
      aria-label={t('trade.orderBook')}
      data-testid="book-scroll"
      data-depth={depth}
    >
      <table className="book-table">
        <thead>
          <tr>
            <th scope="col">{t('trade.bookPrice')}</th>
            <th scope="col">{t('trade.bookAmount', { symbol })}</th>
            <th scope="col">{t('trade.bookTotal', { symbol })}</th>
          </tr>
        </thead>
        <tbody aria-label={t('trade.asks')}>
          {/* Highest ask on top, so the best ask sits just above the spread. */}
          {[...asks].reverse().map((row) => (
            <Level key={`a${row.price}`} row={row} side="ask" max={max} rate={rate} digits={digits} />
          ))}
        </tbody>
        <tbody>
          <tr className="book-mid">
            <td>
              <LivePrice symbol={symbol} currency="inr" testId="book-last-price" />
            </td>
            <td colSpan={2} className="muted small">
              {spread === null ? null : t('trade.spread', { value: formatInrPrice(spread, rate) })}
            </td>
          </tr>
        </tbody>
        <tbody aria-label={t('trade.bids')}>
          {bids.map((row) => (
            <Level key={`b${row.price}`} row={row} side="bid" max={max} rate={rate} digits={digits} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
