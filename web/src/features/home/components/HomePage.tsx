import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/index.ts';
import { usePageTitle } from '../../../lib/site.ts';
import { PromoCarousel } from './PromoCarousel.tsx';

const STEPS = ['step1', 'step2', 'step3'] as const;
const AUDIENCES = ['beginner', 'trader', 'investor'] as const;
/** The spec's fixed payout labels of the three duration buttons, shortest first. */
const RETURNS = [
  { percent: 20, key: 'returnsShort' },
  { percent: 40, key: 'returnsMedium' },
  { percent: 60, key: 'returnsLong' },
] as const;

/**
 * The landing page. The live market table comes from the market feature through `market`
 * (the app composes features; they do not import each other).
 */
export function HomePage({ market }: { market?: ReactNode }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  usePageTitle(t('home.title'));
  return (
    <div className="home">
      <section className="hero">
        <div className="hero-copy">
          <h1>{t('home.heroTitle')}</h1>
          <p className="hero-text">{t('home.heroText')}</p>
          <div className="hero-actions">
            <Link to="/trade" className="btn btn-primary btn-lg">
              {t('home.start')}
            </Link>
            {!user && (
              <Link to="/register" className="btn btn-ghost btn-lg">
                {t('home.openAccount')}
              </Link>
            )}
          </div>
        </div>
        <div className="hero-art" aria-hidden="true">
          <svg viewBox="0 0 320 200" role="presentation">
            <defs>
              <linearGradient id="heroFill" x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="var(--accent)" stopOpacity="0.35" />
                <stop offset="100%" stopColor="var(--accent)" stopOpacity="0" />
              </linearGradient>
            </defs>
            <path
              d="M0 160 L40 140 L80 150 L120 110 L160 120 L200 80 L240 90 L280 50 L320 40 L320 200 L0 200 Z"
              fill="url(#heroFill)"
            />
            <path
              d="M0 160 L40 140 L80 150 L120 110 L160 120 L200 80 L240 90 L280 50 L320 40"
              fill="none"
              stroke="var(--accent)"
              strokeWidth="3"
            />
          </svg>
        </div>
      </section>

      <PromoCarousel />

      {market}

      <section className="section">
        <h2>{t('home.introTitle')}</h2>
        <div className="grid grid-3">
          {STEPS.map((step, i) => (
            <article key={step} className="card feature-card">
              <span className="feature-index">{i + 1}</span>
              <h3>{t(`home.${step}Title`)}</h3>
              <p className="muted">{t(`home.${step}Text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="returns-title">
        <h2 id="returns-title">{t('home.returnsTitle')}</h2>
        <p className="muted">{t('home.returnsText')}</p>
        <div className="grid grid-3">
          {RETURNS.map((r) => (
            <article key={r.key} className="card returns-card">
              <p className="returns-percent">{r.percent}%</p>
              <p className="muted">{t(`home.${r.key}`)}</p>
            </article>
          ))}
        </div>
        <p className="muted small">{t('home.returnsRisk')}</p>
      </section>

      <section className="section">
        <h2>{t('home.audienceTitle')}</h2>
        <div className="grid grid-3">
          {AUDIENCES.map((who) => (
            <article key={who} className="card feature-card">
              <h3>{t(`home.${who}Title`)}</h3>
              <p className="muted">{t(`home.${who}Text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="earn-title">
        <h2 id="earn-title">{t('home.earnTitle')}</h2>
        <div className="grid grid-2">
          <article className="card feature-card">
            <h3>{t('home.tradeCardTitle')}</h3>
            <p className="muted">{t('home.tradeCardText')}</p>
            <Link to="/trade" className="btn btn-primary">
              {t('home.start')}
            </Link>
          </article>
          <article className="card feature-card">
            <h3>{t('home.stakingTitle')}</h3>
            <p className="muted">{t('home.stakingText')}</p>
            <span className="badge badge-muted">{t('home.stakingSoon')}</span>
          </article>
        </div>
      </section>
    </div>
  );
}
