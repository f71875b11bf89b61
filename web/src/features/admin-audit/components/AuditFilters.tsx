import { AUDIT_ACTIONS, type AuditFilter, auditFilterSchema } from '@app/shared';
import { useEffect, useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, useSchemaForm } from '../../../lib/forms.ts';

type Fields = { actor: string; user: string; action: string; from: string; to: string };
const EMPTY: Fields = { actor: '', user: '', action: '', from: '', to: '' };

/** The trail's filters, checked by the schema the gateway checks them with; applied on submit. */
export function AuditFilters({
  value,
  onApply,
}: {
  value: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation();
  const actionId = useId();
  const { control, handleSubmit, formState, reset } = useSchemaForm(auditFilterSchema, EMPTY);
  useEffect(() => {
    reset({ ...EMPTY, ...value });
  }, [value.actor, value.user, value.action, value.from, value.to]);
  const message = formMessage(formState.errors);

  return (
    <form className="card form audit-filters" onSubmit={handleSubmit(onApply)} noValidate>
      <div className="toolbar">
        <div className="field field-inline">
          <label htmlFor={actionId}>{t('adminAudit.action')}</label>
          <Controller
            control={control}
            name="action"
            render={({ field }) => (
              <select id={actionId} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                <option value="">{t('adminAudit.allActions')}</option>
                {AUDIT_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {t(`auditActions.${a}`, { defaultValue: a })}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <FormField control={control} name="actor" label={t('adminAudit.actorFilter')} spellCheck={false} />
        <FormField control={control} name="user" label={t('adminAudit.userFilter')} spellCheck={false} />
        <FormField control={control} name="from" label={t('adminAudit.from')} type="date" />
        <FormField control={control} name="to" label={t('adminAudit.to')} type="date" />
        <button type="submit" className="btn btn-primary">
          {t('adminAudit.apply')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            reset(EMPTY);
            onApply({});
          }}
        >
          {t('adminAudit.clear')}
        </button>
      </div>
      <Notice text={message} />
    </form>
  );
}
