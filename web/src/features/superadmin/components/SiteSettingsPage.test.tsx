import '../../../i18n/admin-texts.ts';
import { MSG, type SiteSettings } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import { expectToast, render } from '../../../test/render.tsx';
import { SiteSettingsPage } from './SiteSettingsPage.tsx';

const stored: SiteSettings = {
  title: 'CoinPulse',
  currency: 'INR',
  logoUrl: '',
  faviconUrl: '',
  updatedAt: null,
};

beforeEach(() => {
  useSession.setState({ token: 'tok', user: user({ role: 'superadmin' }), status: 'ready' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const title = () => screen.getByLabelText('Title') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('site settings', () => {
  it('saves the title and says so in a toast, leaving nothing under the form', async () => {
    const puts: unknown[] = [];
    mockApi({
      'GET /api/superadmin/site': () => ({ settings: stored }),
      'PUT /api/superadmin/site': ({ body }) => {
        puts.push(body);
        return { settings: { ...stored, title: 'Pulse Markets' }, message: MSG.settingsSaved };
      },
    });
    render(<SiteSettingsPage />);
    await waitFor(() => expect(title().value).toBe('CoinPulse'));
    fireEvent.change(title(), { target: { value: 'Pulse Markets' } });
    save();
    await expectToast(MSG.settingsSaved);
    expect(puts).toEqual([
      { title: 'Pulse Markets', siteTitle: 'Pulse Markets', currency: 'INR', logoUrl: '', faviconUrl: '' },
    ]);
  });

  it('keeps a refusal under the form, and no toast', async () => {
    mockApi({
      'GET /api/superadmin/site': () => ({ settings: stored }),
      'PUT /api/superadmin/site': () => json({ statusCode: 500, message: 'boom' }, 500),
    });
    render(<SiteSettingsPage />);
    await waitFor(() => expect(title().value).toBe('CoinPulse'));
    fireEvent.change(title(), { target: { value: '' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.titleRequired);
    fireEvent.change(title(), { target: { value: 'Pulse Markets' } });
    save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(WEB_MSG.settingsSaveFailed));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
