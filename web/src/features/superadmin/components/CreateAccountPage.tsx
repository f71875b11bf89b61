import { COUNTRY, check, createAccountSchema, MSG } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, PasswordField } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { type AccountKind, useCreateAccount } from '../api/create-account.ts';

const EMPTY = { firstName: '', lastName: '', username: '', email: '', password: '', country: COUNTRY };

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
  const { mutateAsync: run, isPending: pending } = useCreateAccount();
  const [form, setForm] = useState(EMPTY);
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(createAccountSchema, form);
    if (!valid.ok) {
      setNotice({ text: valid.message, tone: 'error' });
      return;
    }
    setNotice(null);
    try {
      await run({ kind, body: valid.data });
      setNotice({ text: text.ok, tone: 'success' });
      setForm(EMPTY);
    } catch (err) {
      setNotice({ text: serverMessageOr(err, text.fail), tone: 'error' });
    }
  };

  return (
    <Page title={t(`admin.nav.${text.title}`)}>
      <form className="card form form-narrow" onSubmit={submit} noValidate>
        <p className="muted">{t(`admin.create.${text.intro}`)}</p>
        <div className="form-row">
          <Field
            label={t('admin.create.firstName')}
            value={form.firstName}
            onChange={set('firstName')}
            disabled={pending}
          />
          <Field
            label={t('admin.create.lastName')}
            value={form.lastName}
            onChange={set('lastName')}
            disabled={pending}
          />
        </div>
        <Field
          label={t('admin.create.username')}
          value={form.username}
          onChange={set('username')}
          autoComplete="off"
          disabled={pending}
        />
        <Field
          label={t('admin.create.email')}
          type="email"
          value={form.email}
          onChange={set('email')}
          autoComplete="off"
          disabled={pending}
        />
        <PasswordField
          label={t('admin.create.password')}
          value={form.password}
          onChange={set('password')}
          autoComplete="new-password"
          disabled={pending}
        />
        <Field
          label={t('admin.create.country')}
          value={form.country}
          onChange={set('country')}
          disabled={pending}
        />
        <Notice text={notice?.text} tone={notice?.tone} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? t('admin.create.submitting') : t(`admin.create.${text.submit}`)}
          </button>
        </div>
      </form>
    </Page>
  );
}
