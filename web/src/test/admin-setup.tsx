import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { useSession } from '../lib/session/index.ts';
import { realtime } from '../lib/socket.ts';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { user } from './api-router.ts';
import { render } from './render.tsx';
import { type SocketHolder, serverOf } from './socket-mock.ts';

export const ADMIN_TOKEN = 'admin-token';

/** Staff of `role` signed in, as the admin screens find a session. */
export function signInStaff(role: 'admin' | 'superadmin' = 'admin'): void {
  storage.set(STORAGE_KEYS.token, ADMIN_TOKEN);
  useSession.setState({ token: ADMIN_TOKEN, user: user({ role, isAdmin: true }), status: 'ready' });
}

/**
 * The set-up of an admin screen's tests: the realtime client connected over the file's
 * FakeSocket (`holder`, from its `vi.mock` of lib/socket.ts, which must stay in the test file
 * to be hoisted) when there is one; a fresh storage and an admin signed in before each test;
 * the DOM and the mocks cleaned after.
 */
export function setUpAdminScreen(holder?: SocketHolder): void {
  if (holder) {
    beforeAll(() => {
      realtime.start(null);
      serverOf(holder).accept();
    });
  }
  beforeEach(() => {
    localStorage.clear();
    signInStaff();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}

/** An admin screen rendered as the panel's router shows it. */
export const renderAdminScreen = (screen: ReactElement) => render(<MemoryRouter>{screen}</MemoryRouter>);
