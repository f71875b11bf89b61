import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { ApiError, serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { supportFormError, ticketMessage } from './support-form.ts';

const FAQ = ['faq1', 'faq2', 'faq3'] as const;

export function SupportPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { mutateAsync: run, isPending: pending } = useCreateTicket();
  const messageId = useId();
  const [form, setForm] = useState({ subject: '', email: user?.email ?? '', message: '' });
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);

  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const error = supportFormError(form, !!user);
    if (error) {
      setNotice({ text: error, tone: 'error' });
      return;
    }
    setNotice(null);
    try {
      await run({ subject: form.subject.trim(), message: ticketMessage(form) });
      setNotice({ text: WEB_MSG.ticketCreated, tone: 'success' });
      setForm((f) => ({ ...f, subject: '', message: '' }));
    } catch (err) {
      // Until the tickets service answers, a missing endpoint reads as a failed ticket.
      const missing = err instanceof ApiError && err.status === 404;
      setNotice({
        text: missing ? WEB_MSG.ticketFailed : serverMessageOr(err, WEB_MSG.ticketFailed),
        tone: 'error',
      });
    }
  };

  return (
    <Page title={t('support.title')}>
      <div className="grid grid-2 align-start">
        <form className="card form" onSubmit={submit} noValidate>
          <p className="muted">{t('support.intro')}</p>
          <Field
            label={t('support.subject')}
            value={form.subject}
            onChange={set('subject')}
            disabled={pending}
          />
          <Field
            label={t('support.email')}
            type="email"
            value={form.email}
            onChange={set('email')}
            autoComplete="email"
            disabled={pending}
          />
          <div className="field">
            <label htmlFor={messageId}>{t('support.message')}</label>
            <textarea
              id={messageId}
              rows={6}
              value={form.message}
              onChange={(event) => set('message')(event.target.value)}
              disabled={pending}
            />
          </div>
          <Notice text={notice?.text} tone={notice?.tone} />
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
