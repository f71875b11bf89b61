import { PAGE_SIZE_OPTIONS, type Pagination } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Page numbers around the current one, with the first and last always present. */
export function pageWindow(page: number, pages: number, span = 2): Array<number | 'gap'> {
  const out: Array<number | 'gap'> = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= span) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

/** Pages of a list: at least 1 (an empty list is one empty page). */
export function pagesOf(pagination: Pagination | undefined): number {
  return Math.max(1, pagination?.pages ?? 1);
}

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Prev, 'page / pages', Next instead of page numbers (the admin lists). */
  compact?: boolean;
}

/** Prev, the pages, Next; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage, compact = false }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('common.pagination')}>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.prev')}
      </button>
      {compact ? (
        <span className="pager-position">{t('common.pagePosition', { page, pages })}</span>
      ) : (
        pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <span key={`gap-${i}`} className="pager-gap">
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={`btn btn-sm ${p === page ? 'btn-primary' : 'btn-ghost'}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          ),
        )
      )}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}

export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{t('common.rowsPerPage')}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {PAGE_SIZE_OPTIONS.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
