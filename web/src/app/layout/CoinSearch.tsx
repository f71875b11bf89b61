import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Enter opens the market page of the typed symbol, trimmed and upper-cased. */
export function CoinSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const symbol = value.trim().toUpperCase();
    if (!symbol) return;
    void navigate(`/market?id=${encodeURIComponent(symbol)}`);
    setValue('');
  };

  return (
    <form className="coin-search" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {t('nav.searchCoin')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={t('nav.searchPlaceholder')}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </form>
  );
}
