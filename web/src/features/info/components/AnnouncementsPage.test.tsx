import '../../../i18n/page-texts.ts';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { AnnouncementsPage } from './AnnouncementsPage.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SAMPLES = ['Welcome to the platform', 'Keep your account safe'];
const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

function renderPage() {
  return render(
    <MemoryRouter>
      <AnnouncementsPage />
    </MemoryRouter>,
  );
}

describe('announcements page', () => {
  it('shows what the server lists, newest first as it comes, with its time', async () => {
    const api = mockApi({
      'GET /api/announcements': () => ({
        items: [
          {
            id: 'a2',
            title: 'New coin listed',
            body: 'SOL can be traded.',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
          {
            id: 'a1',
            title: 'Maintenance',
            body: 'Sunday 02:00 IST.',
            createdAt: '2026-11-10T10:00:00.000Z',
          },
        ],
      }),
    });
    renderPage();
    expect(await screen.findByText('SOL can be traded.')).toBeTruthy();
    expect(titles()).toEqual(['New coin listed', 'Maintenance']);
    expect(document.querySelectorAll('time')).toHaveLength(2);
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
    for (const sample of SAMPLES) expect(screen.queryByText(sample)).toBeNull();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('shows the two built-in samples when the server lists nothing', async () => {
    mockApi({ 'GET /api/announcements': () => ({ items: [] }) });
    renderPage();
    expect(await screen.findByText(SAMPLES[0] as string)).toBeTruthy();
    expect(titles()).toEqual(SAMPLES);
    // Samples carry no date.
    expect(document.querySelectorAll('time')).toHaveLength(0);
  });

  it('shows the two built-in samples when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/announcements': () => json({ statusCode: 500, message: 'boom' }, 500) });
    renderPage();
    expect(await screen.findByText(SAMPLES[1] as string)).toBeTruthy();
    expect(titles()).toEqual(SAMPLES);
  });

  it('shows the samples when the answer is not what the schema says', async () => {
    mockApi({ 'GET /api/announcements': () => ({ rows: [{ nope: true }] }) });
    renderPage();
    expect(await screen.findByText(SAMPLES[0] as string)).toBeTruthy();
    expect(titles()).toEqual(SAMPLES);
  });
});
