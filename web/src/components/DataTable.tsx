import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
}

interface DataTableProps<Row> {
  columns: Array<Column<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
  caption?: string;
  /** What the table holds, for the scroll area's name (defaults to the caption). */
  label?: string;
  loading?: boolean;
  loadingText?: string;
}

/**
 * The box a wide table scrolls sideways in. It can take focus and is a named region, so
 * keyboard users can scroll it with the arrow keys and screen readers say what it holds.
 */
export function TableScroll({
  label,
  children,
  testId,
}: {
  label?: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="table-wrap"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus to be scrolled from the keyboard
      tabIndex={0}
      aria-label={label || t('common.table')}
      data-testid={testId}
    >
      {children}
    </section>
  );
}

/** A plain table that scrolls sideways on small screens and says so when it is empty. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  caption,
  label,
  loading,
  loadingText,
}: DataTableProps<Row>) {
  return (
    <TableScroll label={label ?? caption}>
      <table className="table">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {loading ? loadingText : empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className} data-label={c.header}>
                    {c.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
