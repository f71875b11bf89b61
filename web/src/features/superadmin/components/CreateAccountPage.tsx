import { COUNTRY, createAccountSchema, MSG } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { PasswordVerdict } from '../../../components/PasswordVerdict.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import type { PasswordCheck } from '../../../lib/password-strength.ts';
import { showToast } from '../../../lib/toast.ts';
import { type AccountKind, useCreateAccount } from '../api/create-account.ts';

const EMPTY = { firstName: '', lastName: '', username: '', email: '', password: '', country: COUNTRY };

/** The new account's password, judged with the names and address typed beside it. */
const passwordCheck: PasswordCheck<typeof EMPTY> = {
  field: 'password',
  owner: ({ username, firstName, lastName, email }) => ({ username, firstName, lastName, email }),
};

const TEXT = {
  user: {
    title: 'createUser',
    intro: 'userIntro',
    submit: 'submitUser',
    ok: MSG.userCreated,
    fail: WEB_MSG.createUserFailed,
  },
  admin: {
    title: 'createAdmin',
    intro: 'adminIntro',
    submit: 'submitAdmin',
    ok: MSG.adminCreated,
    fail: WEB_MSG.createAdminFailed,
  },
} as const;

export function CreateAccountPage({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation();
  const text = TEXT[kind];
  const { mutateAsync: create, isPending: pending } = useCreateAccount();
  const { control, handleSubmit, setError, formState, reset } = useSchemaForm(
    createAccountSchema,
    EMPTY,
    undefined,
    passwordCheck,
  );
  const submit = handleSubmit(async (body) => {
    try {
      await create({ kind, body });
      showToast(text.ok);
      reset(EMPTY);
    } catch (err) {
      setError('root.server', serverError(err, text.fail));
    }
  });
  const error = formMessage(formState.errors);

  return (
    <Page title={t(`admin.nav.${text.title}`)}>
      <form className="card form form-narrow" onSubmit={submit} noValidate>
        <p className="muted">{t(`admin.create.${text.intro}`)}</p>
        <div className="form-row">
          <FormField
            control={control}
            name="firstName"
            label={t('admin.create.firstName')}
            disabled={pending}
          />
          <FormField
            control={control}
            name="lastName"
            label={t('admin.create.lastName')}
            disabled={pending}
          />
        </div>
        <FormField
          control={control}
          name="username"
          label={t('admin.create.username')}
          autoComplete="off"
          disabled={pending}
        />
        <FormField
          control={control}
          name="email"
          label={t('admin.create.email')}
          type="email"
          autoComplete="off"
          disabled={pending}
        />
        <FormField
          control={control}
          name="password"
          password
          label={t('admin.create.password')}
          autoComplete="new-password"
          disabled={pending}
        />
        <PasswordVerdict control={control} check={passwordCheck} />
        <FormField control={control} name="country" label={t('admin.create.country')} disabled={pending} />
        <Notice text={error} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? t('admin.create.submitting') : t(`admin.create.${text.submit}`)}
          </button>
        </div>
      </form>
    </Page>
  );
}
