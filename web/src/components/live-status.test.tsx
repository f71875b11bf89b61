import '../i18n/index.ts';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { connectionStore } from '../lib/socket.ts';
import { render } from '../test/render.tsx';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { FeedBanner } from './FeedBanner.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('connection indicator and feed banner', () => {
  it('shows the connection state as it changes', () => {
    render(<ConnectionIndicator />);
    const status = screen.getByTestId('connection');
    act(() => connectionStore.getState().setState('live'));
    expect(status.textContent).toBe('Live');
    expect(status.dataset.state).toBe('live');
    act(() => connectionStore.getState().setState('reconnecting'));
    expect(status.textContent).toBe('Reconnecting…');
    act(() => connectionStore.getState().setState('offline'));
    expect(status.textContent).toBe('Offline');
  });

  it('shows the simulated-prices banner only for a simulated feed, translated', async () => {
    render(<FeedBanner />);
    act(() =>
      connectionStore.getState().setFeed({ source: 'binance', state: 'live', simulated: false, since: 1 }),
    );
    expect(screen.queryByTestId('simulated-banner')).toBeNull();
    act(() =>
      connectionStore.getState().setFeed({ source: 'simulated', state: 'live', simulated: true, since: 2 }),
    );
    expect(screen.getByTestId('simulated-banner').textContent).toBe(
      'Simulated prices — demo feed, not real market data',
    );
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByTestId('simulated-banner').textContent).toBe(
      'Simulierte Preise — Demo-Feed, keine echten Marktdaten',
    );
  });

  it('warns when the feed is down', () => {
    render(<FeedBanner />);
    act(() =>
      connectionStore.getState().setFeed({ source: 'binance', state: 'down', simulated: false, since: 3 }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Live prices are interrupted. The figures shown may be out of date.',
    );
  });
});
