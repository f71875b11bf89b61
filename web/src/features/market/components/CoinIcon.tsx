import { useState } from 'react';
import { coinIconUrl } from '../lib/coins.ts';

/** The coin's icon, or its first letter when the image cannot load (no network, unknown coin). */
export function CoinIcon({
  symbol,
  icon,
  size = 28,
}: {
  symbol: string;
  icon?: string | null;
  size?: number;
}) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (failedFor === symbol) {
    return (
      <span className="coin-icon coin-icon-letter" style={style} aria-hidden="true">
        {symbol.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="coin-icon"
      src={coinIconUrl(symbol, icon)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailedFor(symbol)}
    />
  );
}
