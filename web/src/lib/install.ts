import { useSyncExternalStore } from 'react';

/** The browser's deferred install prompt (Chromium on Android), kept from page load. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  // The event may come before or after the dialog opens; the dialog follows it either way.
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    changed();
  });
}

export type InstallPlatform = 'standalone' | 'ios' | 'android' | 'desktop';

/** iPadOS Safari presents itself as a Mac; a touch screen tells them apart. */
function isIPad(): boolean {
  return /Macintosh/i.test(navigator.userAgent) && navigator.maxTouchPoints > 1;
}

export function installPlatform(): InstallPlatform {
  const standalone =
    installed ||
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (standalone) return 'standalone';
  const ua = navigator.userAgent;
  if (/iPhone|iPad|iPod/i.test(ua) || isIPad()) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'desktop';
}

/** Shows the native prompt; false when there is none or the user declined. */
export async function promptInstall(): Promise<boolean> {
  if (!deferred) return false;
  const event = deferred;
  // A prompt can be shown once; the browser fires a new event if installing stays possible.
  deferred = null;
  changed();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome === 'accepted';
}

export function canPromptInstall(): boolean {
  return deferred !== null;
}

/** Whether the native prompt is available now, re-rendering when the browser offers or withdraws it. */
export function useCanPromptInstall(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    canPromptInstall,
    () => false,
  );
}

/**
 * The service worker (public/sw.js) only in production builds: in development it would
 * keep bundles that Vite replaces on every edit. A browser without service workers, or
 * one that refuses the registration, simply runs the app without one.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
