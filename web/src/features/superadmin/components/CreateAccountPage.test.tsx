import '../../../i18n/admin-texts.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session/index.ts';
import { json, mockApi, user } from '../../../test/api-router.ts';
import { expectToast, render } from '../../../test/render.tsx';
import { CreateAccountPage } from './CreateAccountPage.tsx';

beforeEach(() => {
  useSession.setState({ token: 'tok', user: user({ role: 'superadmin' }), status: 'ready' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillIn() {
  type('First name', 'Meera');
  type('Last name', 'Iyer');
  type('Username', 'meera.iyer');
  type('Email', 'meera@example.com');
  type('Password', 'Quiet-Harbour-Lantern-42');
}

describe.each([
  ['user', 'Create user', MSG.userCreated],
  ['admin', 'Create admin', MSG.adminCreated],
] as const)('create %s', (kind, submit, created) => {
  it(`says ${created} in a toast and empties the form`, async () => {
    const posts: unknown[] = [];
    mockApi({
      [`POST /api/superadmin/create-${kind}`]: ({ body }) => {
        posts.push(body);
        return json({ user: user({ id: 'u7', username: 'meera.iyer', role: kind }), message: created }, 201);
      },
    });
    render(<CreateAccountPage kind={kind} />);
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: submit }));
    await expectToast(created);
    expect(posts).toEqual([
      {
        firstName: 'Meera',
        lastName: 'Iyer',
        username: 'meera.iyer',
        email: 'meera@example.com',
        password: 'Quiet-Harbour-Lantern-42',
        country: 'India',
      },
    ]);
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe(''));
  });

  it('keeps the server’s refusal under the form, and no toast', async () => {
    mockApi({
      [`POST /api/superadmin/create-${kind}`]: () =>
        json({ statusCode: 409, error: 'Conflict', message: MSG.usernameTaken }, 409),
    });
    render(<CreateAccountPage kind={kind} />);
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.usernameTaken);
    expect(screen.queryByTestId('toast')).toBeNull();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('meera.iyer');
  });
});
