import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Label/value rows of a card. An empty value shows a dash. */
export function Details({
  rows,
  testId,
}: {
  rows: Array<[label: string, value: ReactNode]>;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className="meta" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? t('adminWallet.none') : value}</dd>
        </div>
      ))}
    </dl>
  );
}
