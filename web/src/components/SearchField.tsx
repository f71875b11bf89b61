import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list's search as the admin types: `search` is the box, `q` the trimmed text a moment
 * after the last key, when `onSettled` runs too (a list goes back to its first page).
 */
export function useSearchQuery(onSettled: () => void, ms = 250) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(search.trim());
      onSettled();
    }, ms);
    return () => window.clearTimeout(timer);
  }, [search, ms]);
  return { search, setSearch, q };
}

/** The search box of a list's toolbar. */
export function SearchField({
  value,
  onChange,
  placeholder,
  maxLength,
  inline = true,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
  /** Label beside the box (a toolbar) rather than above it (a filter grid). */
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={inline ? 'field field-inline' : 'field'}>
      <label htmlFor={id}>{t('common.search')}</label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
