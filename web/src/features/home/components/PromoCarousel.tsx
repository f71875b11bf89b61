import { TIMINGS } from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nextSlide, slideFromScroll } from '../lib/carousel.ts';

const BANNERS = [
  { id: 'promo1', to: '/trade' },
  { id: 'promo2', to: '/assets/topup' },
  { id: 'promo3', to: '/support' },
] as const;

/**
 * Three promo banners: the next one every bannerRotateMs (paused while pointed at or
 * focused), a dot per banner, and a swipe/scroll picks the banner it stops on once the
 * scrolling has been quiet for bannerScrollDebounceMs.
 */
export function PromoCarousel() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((i: number) => {
    setIndex(i);
    const el = track.current;
    if (el && typeof el.scrollTo === 'function')
      el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
  }, []);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => show(nextSlide(index, BANNERS.length)), TIMINGS.bannerRotateMs);
    return () => clearTimeout(timer);
  }, [index, paused, show]);

  useEffect(() => () => clearTimeout(settle.current), []);

  const onScroll = () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const el = track.current;
      if (el) setIndex(slideFromScroll(el.scrollLeft, el.clientWidth, BANNERS.length));
    }, TIMINGS.bannerScrollDebounceMs);
  };

  return (
    <section
      className="promo"
      aria-roledescription="carousel"
      aria-label={t('home.promoLabel')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="promo-track" ref={track} onScroll={onScroll} data-testid="promo-track">
        {BANNERS.map((b, i) => (
          <article
            key={b.id}
            className={`promo-slide promo-slide-${i + 1}`}
            aria-roledescription="slide"
            aria-label={t('home.promoSlide', { n: i + 1, count: BANNERS.length })}
            aria-hidden={i !== index}
            data-testid="promo-slide"
          >
            <h2>{t(`home.${b.id}Title`)}</h2>
            <p>{t(`home.${b.id}Text`)}</p>
            <Link to={b.to} className="btn btn-primary btn-sm" tabIndex={i === index ? 0 : -1}>
              {t(`home.${b.id}Cta`)}
            </Link>
          </article>
        ))}
      </div>
      <div className="promo-dots">
        {BANNERS.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className={`promo-dot ${i === index ? 'is-active' : ''}`}
            aria-label={t('home.promoDot', { n: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => show(i)}
          />
        ))}
      </div>
    </section>
  );
}
