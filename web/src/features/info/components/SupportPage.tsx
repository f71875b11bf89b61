import { useId } from 'react';
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { formMessage } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { type SupportInput, supportFormError, ticketMessage } from './support-form.ts';

const FAQ = ['faq1', 'faq2', 'faq3'] as const;

export function SupportPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { mutateAsync: create, isPending: pending } = useCreateTicket();
  const messageId = useId();
  const signedIn = !!user;
  // The contact form checks its four rules in the spec's order (the email and the sign-in are
  // the form's own); POST /api/tickets checks subject and message again with the same messages.
  const resolver: Resolver<SupportInput> = (values) => {
    const error = supportFormError(values, signedIn);
    const result: ResolverResult<SupportInput> = error
      ? { values: {}, errors: { subject: { type: 'validate', message: error } } }
      : { values, errors: {} };
    return result;
  };
  const { control, register, handleSubmit, setError, reset, formState } = useForm<SupportInput>({
    resolver,
    defaultValues: { subject: '', email: user?.email ?? '', message: '' },
    reValidateMode: 'onSubmit',
  });
  const submit = handleSubmit(async (form) => {
    try {
      await create({ subject: form.subject.trim(), message: ticketMessage(form) });
      showToast(WEB_MSG.ticketCreated);
      reset({ ...form, subject: '', message: '' });
    } catch (err) {
      // The server's message when it gives one (a refused subject or message), else the spec's.
      setError('root.server', { type: 'server', message: serverMessageOr(err, WEB_MSG.ticketFailed) });
    }
  });
  const error = formMessage(formState.errors);

  return (
    <Page title={t('support.title')}>
      <div className="grid grid-2 align-start">
        <form className="card form" onSubmit={submit} noValidate>
          <p className="muted">{t('support.intro')}</p>
          <FormField control={control} name="subject" label={t('support.subject')} disabled={pending} />
          <FormField
            control={control}
            name="email"
            label={t('support.email')}
            type="email"
            autoComplete="email"
            disabled={pending}
          />
          <div className="field">
            <label htmlFor={messageId}>{t('support.message')}</label>
            <textarea id={messageId} rows={6} {...register('message')} disabled={pending} />
          </div>
          <Notice text={error} />
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? t('support.submitting') : t('support.submit')}
          </button>
        </form>
        <section className="card">
          <h2>{t('support.faqTitle')}</h2>
          <dl className="faq">
            {FAQ.map((q) => (
              <div key={q}>
                <dt>{t(`support.${q}Q`)}</dt>
                <dd>{t(`support.${q}A`)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </Page>
  );
}
