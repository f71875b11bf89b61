import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { coinName, pairLabel, pairOf } from '../lib/coins.ts';
import { useTickerChannel } from '../stores/market-feed.ts';
import { useMarketStore } from '../stores/market-store.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { LivePrice, QuoteChange } from './LiveValues.tsx';

function PickerPanel({
  current,
  listId,
  onChoose,
  onClose,
}: {
  current: string;
  listId: string;
  onChoose: (symbol: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useTickerChannel();
  const coins = useMarketStore((s) => s.coins);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => {
    const q = query.trim().toUpperCase();
    if (!q) return coins;
    return coins.filter((c) => c.symbol.includes(q) || coinName(c.symbol, c.name).toUpperCase().includes(q));
  }, [coins, query]);
  const activeSymbol = matches[Math.min(active, matches.length - 1)]?.symbol;

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeSymbol) onChoose(activeSymbol);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className="picker-panel">
      <input
        type="search"
        className="picker-search"
        role="combobox"
        aria-label={t('trade.searchMarket')}
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={activeSymbol ? `${listId}-${activeSymbol}` : undefined}
        placeholder={t('trade.searchMarket')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKey}
        autoComplete="off"
        spellCheck={false}
        // biome-ignore lint/a11y/noAutofocus: the panel opens for typing a coin; focus belongs in its search box
        autoFocus
      />
      <div id={listId} role="listbox" aria-label={t('trade.chooseMarket')} className="picker-list">
        {matches.length === 0 && <p className="muted small picker-empty">{t('trade.noMatch', { query })}</p>}
        {matches.map((coin) => (
          <div
            key={coin.symbol}
            id={`${listId}-${coin.symbol}`}
            role="option"
            tabIndex={-1}
            aria-selected={coin.symbol === current}
            className={`picker-option ${coin.symbol === activeSymbol ? 'is-active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(coin.symbol)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onChoose(coin.symbol);
            }}
          >
            <CoinIcon symbol={coin.symbol} icon={coin.icon} size={22} />
            <span className="picker-pair">
              <strong>{pairLabel(coin.symbol)}</strong>
              <span className="muted small">{coinName(coin.symbol, coin.name)}</span>
            </span>
            <span className="picker-quote">
              <LivePrice symbol={coin.symbol} currency="inr" testId="picker-price" />
              <QuoteChange symbol={coin.symbol} />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The pair switcher: a button that opens a searchable list of the enabled coins. */
export function MarketPicker({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="picker" ref={root}>
      <button
        ref={button}
        type="button"
        className="picker-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <CoinIcon key={symbol} symbol={symbol} size={28} />
        {/* The name holds the visible pair (WCAG 2.5.3): "Choose a market: BTC/INR". */}
        <span className="sr-only">{`${t('trade.chooseMarket')}:`}</span>{' '}
        <span className="picker-button-pair">{pairLabel(symbol)}</span>
        <span aria-hidden="true" className="picker-caret">
          ▾
        </span>
      </button>
      {open && (
        <PickerPanel
          current={symbol}
          listId={listId}
          onClose={close}
          onChoose={(next) => {
            setOpen(false);
            if (next !== symbol) void navigate(`/trade/${pairOf(next)}`);
          }}
        />
      )}
    </div>
  );
}
