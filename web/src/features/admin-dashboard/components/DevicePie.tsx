import { useTranslation } from 'react-i18next';

export type DeviceCounts = { mobile: number; desktop: number; tablet: number; unknown: number };

const SLICES = [
  { key: 'mobile', color: 'var(--accent)' },
  { key: 'desktop', color: 'var(--green)' },
  { key: 'tablet', color: 'var(--blue)' },
  { key: 'unknown', color: 'var(--muted)' },
] as const;

/** Arc path for a slice from `start` to `end` (fractions of the circle). */
function arc(start: number, end: number, r = 80): string {
  const point = (f: number) => {
    const a = 2 * Math.PI * f - Math.PI / 2;
    return `${(r * Math.cos(a)).toFixed(3)} ${(r * Math.sin(a)).toFixed(3)}`;
  };
  const large = end - start > 0.5 ? 1 : 0;
  return `M 0 0 L ${point(start)} A ${r} ${r} 0 ${large} 1 ${point(end)} Z`;
}

export function DevicePie({ devices }: { devices: DeviceCounts }) {
  const { t } = useTranslation();
  const total = SLICES.reduce((sum, s) => sum + devices[s.key], 0);
  let cursor = 0;
  return (
    <div className="pie">
      {total === 0 ? (
        <p className="muted">{t('admin.dashboard.noLogins')}</p>
      ) : (
        <svg
          viewBox="-90 -90 180 180"
          className="pie-chart"
          role="img"
          aria-label={t('admin.dashboard.devices')}
        >
          {SLICES.map((s) => {
            const value = devices[s.key];
            if (value === 0) return null;
            const start = cursor;
            cursor += value / total;
            return value === total ? (
              <circle key={s.key} r="80" fill={s.color} />
            ) : (
              <path key={s.key} d={arc(start, cursor)} fill={s.color} />
            );
          })}
        </svg>
      )}
      <ul className="pie-legend">
        {SLICES.map((s) => (
          <li key={s.key}>
            <span className="swatch" style={{ background: s.color }} aria-hidden="true" />
            <span>{t(`admin.dashboard.${s.key}`)}</span>
            <strong>{devices[s.key]}</strong>
            <span className="muted small">
              {total ? `${Math.round((devices[s.key] / total) * 100)}%` : '0%'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
