import type { SiteSettings } from '@app/shared';
import type { PasswordOwner } from '@app/shared/password-strength';
import { badRequest } from '../../lib/errors.ts';

export type { PasswordOwner };

/**
 * The server's half of the password rule (docs/adr/0022). The route's schema refuses short and
 * all-space passwords; then the service that sets the password asks `refuseWeak`, with the
 * account's own words: registration, password change, reset, a password an admin sets, an
 * account a superadmin creates. The estimator is imported on the first such request, so a
 * gateway that never sets a password never loads its dictionaries.
 */
export type PasswordPolicy = {
  /** Throws a 400 with the shared message when the password is too easy to guess. */
  refuseWeak(password: string, owner: PasswordOwner): Promise<void>;
};

/** `site`: the site settings, whose title (a superadmin may change it) is a word to refuse too. */
export function createPasswordPolicy(site: { get(): Promise<Pick<SiteSettings, 'title'>> }): PasswordPolicy {
  return {
    async refuseWeak(password, owner) {
      const [{ passwordStrengthIssue }, { title }] = await Promise.all([
        import('@app/shared/password-strength'),
        site.get(),
      ]);
      const issue = passwordStrengthIssue(password, owner, title);
      if (issue) throw badRequest(issue);
    },
  };
}
