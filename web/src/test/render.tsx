import { notifyManager } from '@tanstack/react-query';
import { type RenderOptions, render as rtlRender, screen, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { expect } from 'vitest';
import { Toaster } from '../components/Toaster.tsx';
import { createQueryClient } from '../lib/query/index.ts';
import { QueryProvider } from '../lib/query/provider.tsx';
import { useToast } from '../lib/toast.ts';

// A cache update reaches the screen inside the `act` that caused it, as a store update does.
notifyManager.setScheduler((run) => run());

/**
 * Testing Library's render inside a fresh server-state cache (one per render, so no answer
 * leaks between tests), kept current by the socket as in the app, with the root layout's
 * toast, emptied first. The cache is returned too.
 */
export function render(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const client = createQueryClient();
  useToast.getState().dismiss();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryProvider client={client}>
      {children}
      <Toaster />
    </QueryProvider>
  );
  return { client, ...rtlRender(ui, { ...options, wrapper }) };
}

/**
 * Waits for the toast to show `text` and checks that the page shows it nowhere else: a success
 * that is a toast leaves no notice behind.
 */
export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(screen.queryByTestId('toast')?.textContent).toBe(text));
  expect(screen.getAllByText(text)).toHaveLength(1);
}
