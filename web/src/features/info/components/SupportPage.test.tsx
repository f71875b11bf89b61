import '../../../i18n/index.ts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { mockApi, user } from '../../../test/api-router.ts';
import { render } from '../../../test/render.tsx';
import { SupportPage } from './SupportPage.tsx';

beforeEach(() => useSession.setState({ token: 'tok', user: user(), status: 'ready' }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

describe('support form', () => {
  it("checks in the spec's order and reads a missing tickets service as a failed ticket", async () => {
    const api = mockApi({});
    render(
      <MemoryRouter>
        <SupportPage />
      </MemoryRouter>,
    );
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(WEB_MSG.supportSubject);
    type('Subject', 'Deposit');
    type('Message', 'short');
    send();
    expect((await screen.findByText(WEB_MSG.supportMessage)).getAttribute('role')).toBe('alert');
    expect(api).not.toHaveBeenCalled();

    type('Message', 'My deposit has not arrived yet.');
    send();
    expect(await screen.findByText(WEB_MSG.ticketFailed)).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(1);
  });
});
