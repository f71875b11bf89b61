import '../../../i18n/index.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { mockApi, user } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { stubObjectUrls } from '../../../test/wallet-fixtures.ts';
import { StatementDownload } from './StatementDownload.tsx';

beforeEach(() => {
  useSession.setState({ token: 'tok', user: user(), status: 'ready' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const setDates = (from: string, to: string) => {
  fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
};

describe('the statement download on Financial Records', () => {
  it('asks for the period and format chosen and saves the answer under its file name', async () => {
    const { revoked } = stubObjectUrls();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const asked: URLSearchParams[] = [];
    mockApi({
      'GET /api/user/me/statement': ({ url }) => {
        asked.push(url.searchParams);
        return new Response('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } });
      },
    });
    render(<StatementDownload />);
    setDates('2025-03-22', '2025-04-10');
    fireEvent.change(screen.getByLabelText('File type'), { target: { value: 'pdf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    await waitFor(() => expect(saved).toEqual(['statement-2025-03-22-to-2025-04-10.pdf']));
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      from: '2025-03-22',
      to: '2025-04-10',
      format: 'pdf',
    });
    await waitFor(() => expect(revoked).toHaveLength(1));
  });

  it('refuses a backwards period with the gateway’s message, asking nothing', async () => {
    const fetch = mockApi({});
    render(<StatementDownload />);
    setDates('2025-04-10', '2025-03-22');
    fireEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.dateRangeInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });
});
