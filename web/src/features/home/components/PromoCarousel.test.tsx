import '../../../i18n/page-texts.ts';
import { TIMINGS } from '@app/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render.tsx';
import { slideFromScroll } from '../lib/carousel.ts';
import { PromoCarousel } from './PromoCarousel.tsx';

const current = () =>
  screen
    .getAllByRole('button', { name: /Show banner/ })
    .findIndex((b) => b.getAttribute('aria-current') === 'true');

function renderCarousel() {
  const view = render(
    <MemoryRouter>
      <PromoCarousel />
    </MemoryRouter>,
  );
  const track = screen.getByTestId('promo-track');
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: 800 });
  return { ...view, track };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('promo banners', () => {
  it('shows three banners and advances every 4000 ms, back to the first after the last', () => {
    renderCarousel();
    expect(screen.getAllByTestId('promo-slide')).toHaveLength(3);
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(TIMINGS.bannerRotateMs - 1));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(TIMINGS.bannerRotateMs));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(TIMINGS.bannerRotateMs));
    expect(current()).toBe(0);
  });

  it('changes the banner on a dot click and restarts the timer from there', () => {
    renderCarousel();
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3' }));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(0);
  });

  it('follows a scroll once it has been quiet for 120 ms', () => {
    const { track } = renderCarousel();
    track.scrollLeft = 790;
    fireEvent.scroll(track);
    act(() => vi.advanceTimersByTime(100));
    track.scrollLeft = 1610;
    fireEvent.scroll(track);
    act(() => vi.advanceTimersByTime(TIMINGS.bannerScrollDebounceMs - 1));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(2);
  });

  it('pauses while pointed at', () => {
    const { container } = renderCarousel();
    const section = container.querySelector('section');
    if (!section) throw new Error('no carousel');
    fireEvent.mouseEnter(section);
    act(() => vi.advanceTimersByTime(TIMINGS.bannerRotateMs * 2));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(section);
    act(() => vi.advanceTimersByTime(TIMINGS.bannerRotateMs));
    expect(current()).toBe(1);
  });

  it('maps a scroll position to the nearest banner within range', () => {
    expect(slideFromScroll(0, 800, 3)).toBe(0);
    expect(slideFromScroll(390, 800, 3)).toBe(0);
    expect(slideFromScroll(410, 800, 3)).toBe(1);
    expect(slideFromScroll(5000, 800, 3)).toBe(2);
    expect(slideFromScroll(100, 0, 3)).toBe(0);
  });
});
