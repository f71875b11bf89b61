import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveAnnouncer } from './LiveAnnouncer.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const region = () => screen.getByTestId('live-announcer');

describe('LiveAnnouncer', () => {
  it('is a polite, atomic live region that does not interrupt', () => {
    render(<LiveAnnouncer text="BTC ₹1,00,000" />);
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().getAttribute('aria-atomic')).toBe('true');
    expect(region().textContent).toBe('BTC ₹1,00,000');
  });

  it('shows the first change at once, then at most one change per interval, the latest one', () => {
    const { rerender } = render(<LiveAnnouncer text="price 1" intervalMs={5000} />);
    rerender(<LiveAnnouncer text="price 2" intervalMs={5000} />);
    expect(region().textContent).toBe('price 2');

    // Ten ticks a second for three seconds: none of them reaches the region yet.
    for (let i = 3; i < 33; i++) {
      act(() => vi.advanceTimersByTime(100));
      rerender(<LiveAnnouncer text={`price ${i}`} intervalMs={5000} />);
      expect(region().textContent).toBe('price 2');
    }
    // When the interval since the last announcement ends, only the latest value is announced.
    act(() => vi.advanceTimersByTime(1999));
    expect(region().textContent).toBe('price 2');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe('price 32');

    // The next change waits a full interval again.
    rerender(<LiveAnnouncer text="price 33" intervalMs={5000} />);
    act(() => vi.advanceTimersByTime(4999));
    expect(region().textContent).toBe('price 32');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe('price 33');
  });

  it('a minute of 5 Hz changes makes one announcement every five seconds, not 300', () => {
    const { rerender } = render(<LiveAnnouncer text="0" intervalMs={5000} />);
    const announced: string[] = [];
    const look = () => {
      const text = region().textContent ?? '';
      if (announced.at(-1) !== text) announced.push(text);
    };
    look();
    for (let i = 1; i <= 300; i++) {
      act(() => vi.advanceTimersByTime(200));
      look();
      rerender(<LiveAnnouncer text={String(i)} intervalMs={5000} />);
      look();
    }
    act(() => vi.advanceTimersByTime(5000));
    look();
    // The first value, then one every five seconds for a minute.
    expect(announced.length).toBeGreaterThanOrEqual(13);
    expect(announced.length).toBeLessThanOrEqual(14);
    // The last value is not lost.
    expect(announced.at(-1)).toBe('300');
  });

  it('a change back to what is shown cancels the pending one', () => {
    const { rerender } = render(<LiveAnnouncer text="a" intervalMs={5000} />);
    rerender(<LiveAnnouncer text="b" intervalMs={5000} />);
    rerender(<LiveAnnouncer text="c" intervalMs={5000} />);
    rerender(<LiveAnnouncer text="b" intervalMs={5000} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(region().textContent).toBe('b');
  });
});
