import { PASSWORD_MIN } from '@app/shared';
import type { PasswordOwner } from '@app/shared/password-strength';
import { useEffect, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { useSite } from './site.ts';

type Estimator = typeof import('@app/shared/password-strength');

let loading: Promise<Estimator> | undefined;

/**
 * The gateway's password estimator (docs/adr/0022), imported on first use: only the password
 * forms ask for it, so no other page downloads its dictionaries. A failed download is tried
 * again on the next ask.
 */
function loadEstimator(): Promise<Estimator> {
  loading ??= import('@app/shared/password-strength').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The rule's verdict on a new password, as the gateway words it; undefined when it passes, or
 * when the estimator could not be loaded (the gateway judges it anyway).
 */
export async function passwordIssue(password: string, owner: PasswordOwner): Promise<string | undefined> {
  try {
    const { passwordStrengthIssue } = await loadEstimator();
    return passwordStrengthIssue(password, owner, useSite.getState().title);
  } catch {
    return undefined;
  }
}

/** Which field of a form holds the new password, and whose account it is for. */
export type PasswordCheck<V extends FieldValues> = {
  field: FieldPath<V>;
  owner: (values: V) => PasswordOwner;
};

/** Typing pauses this long before the verdict is worked out again. */
const SETTLE_MS = 150;

/**
 * The verdict on the password as it is typed, for the form to show under the field. None
 * while the password is too short or blank: the schema's own messages for those come on
 * submit, as they always have.
 */
export function usePasswordVerdict<V extends FieldValues, Out>(
  control: Control<V, unknown, Out>,
  check: PasswordCheck<V>,
): string | undefined {
  const values = useWatch({ control }) as V;
  const password = String(values[check.field] ?? '');
  const { username, firstName, lastName, email } = check.owner(values);
  const title = useSite((s) => s.title);
  const [verdict, setVerdict] = useState<string>();

  useEffect(() => {
    // Fetched as the form opens, so the first verdict does not wait for the download.
    void loadEstimator().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (password.length < PASSWORD_MIN || password.trim() === '') {
      setVerdict(undefined);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      void passwordIssue(password, { username, firstName, lastName, email }).then((issue) => {
        if (current) setVerdict(issue);
      });
    }, SETTLE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
    // The site's title is read by passwordIssue; a change of it judges the password again.
  }, [password, username, firstName, lastName, email, title]);

  return verdict;
}
