import '../i18n/index.ts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canPromptInstall, registerServiceWorker } from '../lib/install.ts';
import { InstallModal } from './InstallModal.tsx';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

function device({
  ua,
  standalone = false,
  touchPoints = 0,
}: {
  ua: string;
  standalone?: boolean;
  touchPoints?: number;
}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
  Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, get: () => touchPoints });
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: standalone && query === '(display-mode: standalone)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** What Chromium fires when the app can be installed; `outcome` is the user's answer to the prompt. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

// The kept prompt and the installed flag live in lib/install.ts for the whole page, as in
// the browser: a shown prompt is used up, and the test that installs the app comes last.
async function openDialog() {
  const onClose = vi.fn();
  render(<InstallModal onClose={onClose} />);
  return { onClose };
}

beforeEach(() => {
  vi.restoreAllMocks();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('install dialog', () => {
  it('running as the installed app: says it is already installed, nothing else', async () => {
    device({ ua: UA.android, standalone: true });
    await openDialog();
    expect(screen.getByText('The app is already installed on this device.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('iOS home-screen app (navigator.standalone) counts as installed', async () => {
    device({ ua: UA.iphone });
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    try {
      await openDialog();
      expect(screen.getByText('The app is already installed on this device.')).toBeTruthy();
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
  });

  it('desktop: the not-supported message (use Chrome or upgrade)', async () => {
    device({ ua: UA.desktop });
    await openDialog();
    expect(screen.getByText(/not supported in this browser.*Chrome.*upgrade/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('iOS: three Safari steps with two pictures', async () => {
    device({ ua: UA.iphone });
    await openDialog();
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Tap the Share button in Safari.',
      'Choose "Add to Home Screen".',
      'Tap "Add" to finish.',
    ]);
    const images = [...document.querySelectorAll<HTMLImageElement>('.install-shot')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/install/ios-share.svg',
      '/install/ios-add.svg',
    ]);
  });

  it('iPadOS (Safari presents itself as a Mac with a touch screen) gets the iOS steps', async () => {
    device({ ua: UA.ipad, touchPoints: 5 });
    await openDialog();
    expect(screen.getByText('Tap the Share button in Safari.')).toBeTruthy();
  });

  it('Android with the native prompt: Install shows it, and accepting closes the dialog', async () => {
    device({ ua: UA.android });
    const { onClose } = await openDialog();
    // The browser offers installing after the dialog opened: the button appears.
    expect(screen.getByText('Install the app in three steps:')).toBeTruthy();
    const { prompt, event } = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('Android, prompt declined: falls back to the three manual steps', async () => {
    device({ ua: UA.android });
    const { onClose } = await openDialog();
    const { prompt } = offerInstall('dismissed');
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
    await screen.findByText('Install the app in three steps:');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('listitem').map((s) => s.textContent)).toEqual([
      'Open the browser menu (three dots).',
      'Tap "Install app" or "Add to Home screen".',
      'Confirm with "Install".',
    ]);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Android without a native prompt: the three manual steps', async () => {
    device({ ua: UA.android });
    expect(canPromptInstall()).toBe(false);
    await openDialog();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('after the browser reports the app installed, the dialog says it is installed', async () => {
    device({ ua: UA.android });
    await openDialog();
    offerInstall('accepted');
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(await screen.findByText('The app is already installed on this device.')).toBeTruthy();
    expect(canPromptInstall()).toBe(false);
  });
});

describe('service worker registration', () => {
  let register = vi.fn(async () => ({}));
  beforeEach(() => {
    register = vi.fn(async () => ({}));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.unstubAllEnvs();
  });

  it('registers /sw.js for the whole site in a production build', () => {
    vi.stubEnv('PROD', true);
    registerServiceWorker();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('is not registered in development (Vite replaces the bundles on every edit)', () => {
    vi.stubEnv('PROD', false);
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });
});
