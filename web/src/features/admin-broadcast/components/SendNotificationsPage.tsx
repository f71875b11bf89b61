import {
  BROADCAST_AUDIENCES,
  type BroadcastAudience,
  type BroadcastBody,
  type BroadcastResponse,
  broadcastBodySchema,
  MSG,
  NOTIFICATION_TYPES,
  parseBroadcastData,
  ROLES,
  splitRecipientList,
} from '@app/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { formMessage, useSchemaForm } from '../../../lib/forms.ts';
import { showToast } from '../../../lib/toast.ts';
import { findUserId } from '../api/find-user.ts';
import { useBroadcastJob, useSendNotification } from '../api/send-notification.ts';
import { addBalancePath, TEMPLATE_TYPES, TEMPLATES, type TemplateName } from './templates.ts';
import '../admin-broadcast.css';

type FormValues = {
  audience: BroadcastAudience;
  user: string;
  userIds: string;
  emails: string;
  role: string;
  type: string;
  title: string;
  body: string;
  data: string;
};

const DEFAULTS: FormValues = {
  audience: 'user',
  user: '',
  userIds: '',
  emails: '',
  role: '',
  type: 'system',
  title: '',
  body: '',
  data: '',
};

/** Types an admin can send: credits are announced by their balance adjustment. */
const SENDABLE_TYPES = NOTIFICATION_TYPES.filter((type) => type !== 'credit');

/** The request: the chosen audience's field only, as typed (the schema splits and parses). */
export function toBody(values: FormValues): BroadcastBody {
  const body: Record<string, unknown> = {
    audience: values.audience,
    type: values.type,
    title: values.title,
    body: values.body,
    data: values.data,
  };
  if (values.audience === 'user') body.user = values.user;
  if (values.audience === 'userIds') body.userIds = values.userIds;
  if (values.audience === 'emails') body.emails = values.emails;
  if (values.audience === 'role' && values.role) body.role = values.role;
  return body as BroadcastBody;
}

/**
 * Send Notifications (admin-side §2, §5, §8): audience, type, title, body and JSON data, a live
 * preview and the four quick templates. A large audience is sent by a workers job: its progress
 * shows until it is done, then the same "Sent to N user(s)" toast.
 */
export function SendNotificationsPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const send = useSendNotification();
  const [jobId, setJobId] = useState<string | null>(null);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const job = useBroadcastJob(jobId);
  const { register, handleSubmit, watch, setValue, setError, clearErrors, formState } = useSchemaForm(
    broadcastBodySchema,
    DEFAULTS,
    toBody,
  );
  const values = watch();
  const invalid = formMessage(formState.errors);

  const submit = handleSubmit(async () => {
    setJobId(null);
    setTemplateError(null);
    try {
      const answer: BroadcastResponse = await send.mutateAsync(toBody(values));
      if ('jobId' in answer) setJobId(answer.jobId);
      else showToast(t('adminBroadcast.sent', { recipients: answer.recipients, created: answer.created }));
    } catch (error) {
      setError('root.server', { type: 'server', message: serverMessageOr(error, MSG.broadcastFailed) });
    }
  });

  const applyTemplate = async (name: TemplateName) => {
    setTemplateError(null);
    clearErrors();
    if (name === 'creditAdded') {
      const who = values.audience === 'user' ? values.user.trim() : '';
      if (!who) {
        setTemplateError(t('adminBroadcast.creditNeedsUser'));
        return;
      }
      try {
        const userId = await findUserId(who);
        if (userId) void navigate(addBalancePath(userId));
        else setTemplateError(MSG.broadcastNoRecipients);
      } catch (error) {
        setTemplateError(serverMessageOr(error, MSG.broadcastFailed));
      }
      return;
    }
    setValue('type', TEMPLATE_TYPES[name]);
    setValue('title', t(`adminBroadcast.templates.${name}.title`));
    setValue('body', t(`adminBroadcast.templates.${name}.body`));
  };

  const progress = job.data;
  const finished = progress?.state === 'completed' ? progress : null;
  // A queued send's counts are its toast once, when its job completes.
  useEffect(() => {
    if (finished)
      showToast(t('adminBroadcast.sent', { recipients: finished.processed, created: finished.created }));
  }, [jobId, finished !== null]);
  const data = parseBroadcastData(values.data);
  const listCount =
    values.audience === 'userIds'
      ? splitRecipientList(values.userIds).length
      : values.audience === 'emails'
        ? splitRecipientList(values.emails).length
        : null;
  const field = (name: 'user' | 'userIds' | 'emails') => `${id}-${name}`;

  return (
    <Page title={t('admin.nav.notifications')}>
      <div className="broadcast-layout">
        <form
          className="card form"
          onSubmit={submit}
          noValidate
          aria-busy={send.isPending}
          data-testid="broadcast-form"
        >
          <fieldset className="row" aria-label={t('adminBroadcast.templatesLabel')}>
            <legend className="card-label">{t('adminBroadcast.templatesLabel')}</legend>
            {TEMPLATES.map((name) => (
              <button
                key={name}
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => void applyTemplate(name)}
              >
                {t(`adminBroadcast.templates.${name}.label`)}
              </button>
            ))}
          </fieldset>
          <Notice text={templateError} />

          <div className="field">
            <label htmlFor={`${id}-audience`}>{t('adminBroadcast.audience')}</label>
            <select id={`${id}-audience`} {...register('audience')}>
              {BROADCAST_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {t(`adminBroadcast.audiences.${a}`)}
                </option>
              ))}
            </select>
          </div>
          {values.audience === 'user' && (
            <div className="field">
              <label htmlFor={field('user')}>{t('adminBroadcast.user')}</label>
              <input id={field('user')} maxLength={320} autoComplete="off" {...register('user')} />
            </div>
          )}
          {values.audience === 'userIds' && (
            <div className="field">
              <label htmlFor={field('userIds')}>{t('adminBroadcast.userIds')}</label>
              <textarea id={field('userIds')} rows={4} {...register('userIds')} />
              <small className="field-hint">{t('adminBroadcast.listHint', { count: listCount ?? 0 })}</small>
            </div>
          )}
          {values.audience === 'emails' && (
            <div className="field">
              <label htmlFor={field('emails')}>{t('adminBroadcast.emails')}</label>
              <textarea id={field('emails')} rows={4} {...register('emails')} />
              <small className="field-hint">{t('adminBroadcast.listHint', { count: listCount ?? 0 })}</small>
            </div>
          )}
          {values.audience === 'role' && (
            <div className="field">
              <label htmlFor={`${id}-role`}>{t('adminBroadcast.role')}</label>
              <select id={`${id}-role`} {...register('role')}>
                <option value="">{t('adminBroadcast.chooseRole')}</option>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`adminUsers.roles.${r}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-type`}>{t('adminBroadcast.type')}</label>
            <select id={`${id}-type`} {...register('type')}>
              {SENDABLE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`adminBroadcast.types.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-title`}>{t('adminBroadcast.title')}</label>
            <input id={`${id}-title`} maxLength={200} aria-required="true" {...register('title')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-body`}>{t('adminBroadcast.body')}</label>
            <textarea id={`${id}-body`} rows={4} {...register('body')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-data`}>{t('adminBroadcast.data')}</label>
            <textarea
              id={`${id}-data`}
              rows={3}
              placeholder='{"url": "/assets"}'
              aria-invalid={data === undefined}
              {...register('data')}
            />
            <small className="field-hint">{t('adminBroadcast.dataHint')}</small>
          </div>
          <Notice text={invalid} />
          {jobId && progress && !finished && (
            <div className="broadcast-progress" data-testid="broadcast-progress">
              {progress.state === 'failed' ? (
                <Notice text={MSG.broadcastFailed} />
              ) : (
                <>
                  <progress max={Math.max(progress.recipients, 1)} value={progress.processed} />
                  <p role="status" className="muted small">
                    {t('adminBroadcast.progress', {
                      processed: progress.processed,
                      recipients: progress.recipients,
                    })}
                  </p>
                </>
              )}
            </div>
          )}
          {jobId && job.isError && <Notice text={serverMessageOr(job.error, MSG.broadcastFailed)} />}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={send.isPending || (jobId !== null && !finished && progress?.state !== 'failed')}
          >
            {send.isPending ? t('adminBroadcast.sending') : t('adminBroadcast.send')}
          </button>
        </form>

        <section
          className="card broadcast-preview"
          aria-labelledby={`${id}-preview`}
          data-testid="broadcast-preview"
        >
          <h2 className="card-label" id={`${id}-preview`}>
            {t('adminBroadcast.preview')}
          </h2>
          <p className="muted small">
            {t(`adminBroadcast.audiences.${values.audience}`)}
            {listCount !== null && ` · ${t('adminBroadcast.listHint', { count: listCount })}`}
            {values.audience === 'user' && values.user.trim() && ` · ${values.user.trim()}`}
            {values.audience === 'role' && values.role && ` · ${t(`adminUsers.roles.${values.role}`)}`}
          </p>
          <div className="notification-item">
            <span className="badge">{t(`adminBroadcast.types.${values.type}`)}</span>
            <strong>{values.title.trim() || t('adminBroadcast.previewTitle')}</strong>
            {values.body && <p className="preview-body">{values.body}</p>}
            {data === undefined ? (
              <p className="muted small">{t('msg.invalidJson')}</p>
            ) : (
              Object.keys(data).length > 0 && <pre className="small">{JSON.stringify(data, null, 2)}</pre>
            )}
          </div>
        </section>
      </div>
    </Page>
  );
}
