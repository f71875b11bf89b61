import '../i18n/index.ts';
import { MSG } from '@app/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from '../features/auth/components/RegisterForm.tsx';
import { useSession } from '../lib/session/index.ts';
import { mockApi } from '../test/api-router.ts';
import { render } from '../test/render.tsx';
import { Field, PasswordField } from './Field.tsx';

beforeEach(() => useSession.setState({ token: null, user: null, status: 'ready' }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
/** The text of the elements that describe an input, as a screen reader reads them. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('Field', () => {
  it('has a label and is described by its hint; valid fields are not marked invalid', () => {
    render(<Field label="Referral key" value="" onChange={() => {}} hint="8 letters and digits" />);
    const el = input('Referral key');
    expect(description(el)).toBe('8 letters and digits');
    expect(el.hasAttribute('aria-invalid')).toBe(false);
  });

  it('an invalid field says so and is described by its hint and then its error', () => {
    render(
      <>
        <p id="the-error">Too short.</p>
        <PasswordField
          label="Password"
          value=""
          onChange={() => {}}
          hint="At least 8"
          invalid
          errorId="the-error"
        />
      </>,
    );
    const el = input('Password');
    expect(el.getAttribute('aria-invalid')).toBe('true');
    expect(description(el)).toBe('At least 8 | Too short.');
  });
});

describe('FormField in a form', () => {
  it('marks refused fields invalid, ties the shown message to its field and focuses it; fixed fields clear', async () => {
    mockApi({});
    render(<RegisterForm onSuccess={() => {}} switchTo={null} />);
    type('Username', 'a!');
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MSG.usernameInvalid);

    // Every refused field is invalid; the one the message is about is described by it.
    await waitFor(() => expect(description(input('Username'))).toBe(MSG.usernameInvalid));
    expect(input('Username').getAttribute('aria-invalid')).toBe('true');
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(description(input('Email'))).toBe('');
    expect(input('First name').getAttribute('aria-invalid')).toBe('true');
    // A refused field with a hint is described by the hint alone: the message is not about it.
    expect(input('Referral key').getAttribute('aria-invalid')).toBe('true');
    expect(description(input('Referral key'))).toBe('8 characters, letters A-Z and digits 0-9.');
    // The field the message is about has focus, so both are read together.
    expect(document.activeElement).toBe(input('Username'));

    // Fixed fields lose the mark at the next submit; the message moves to the next field.
    type('First name', 'Asha');
    type('Last name', 'Verma');
    type('Username', 'asha_v');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MSG.emailInvalid));
    await waitFor(() => expect(description(input('Email'))).toBe(MSG.emailInvalid));
    expect(document.activeElement).toBe(input('Email'));
    expect(input('Username').hasAttribute('aria-invalid')).toBe(false);
    expect(description(input('Username'))).toBe('');
    expect(input('First name').hasAttribute('aria-invalid')).toBe(false);
  });
});
