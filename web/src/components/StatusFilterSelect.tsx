import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isStatusFilter, STATUS_FILTERS, type StatusFilter, type StatusWords } from '../lib/status-filter.ts';

/** All, Pending, Approved, Rejected. */
export function StatusFilterSelect({
  words,
  value,
  onChange,
}: {
  words: StatusWords;
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{t(`${words}.status.filter`)}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isStatusFilter(event.target.value)) onChange(event.target.value);
        }}
      >
        {STATUS_FILTERS.map((f) => (
          <option key={f} value={f}>
            {t(`${words}.status.${f}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
