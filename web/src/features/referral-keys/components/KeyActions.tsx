import type { ReferralKey } from '@app/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface Props {
  row: ReferralKey;
  busy: boolean;
  onToggle: () => void;
  onLimit: (maxUses: number) => void;
}

/** Activate/Deactivate, and Edit Limit which cannot go below the uses already made. */
export function KeyActions({ row, busy, onToggle, onLimit }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const { register, reset, watch } = useForm({ defaultValues: { maxUses: String(row.maxUses) } });
  // Checked as the admin types: the limit may not go below the uses already made.
  const value = watch('maxUses');
  const n = Number(value);
  const ignored = value.trim() === '' || !Number.isInteger(n) || n < 1;
  const belowUsed = !ignored && n < row.usedCount;

  if (editing) {
    return (
      <form
        className="row row-tight"
        onSubmit={(event) => {
          event.preventDefault();
          if (belowUsed) return;
          setEditing(false);
          // An empty value or one below 1 changes nothing.
          if (!ignored && n !== row.maxUses) onLimit(n);
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t('admin.keys.newLimit')}
        </label>
        <input
          id={id}
          type="number"
          min={Math.max(1, row.usedCount)}
          step={1}
          className="input-sm"
          {...register('maxUses')}
          aria-invalid={belowUsed}
          title={belowUsed ? t('admin.keys.belowUsed', { used: row.usedCount }) : undefined}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={belowUsed || busy}>
          {t('common.save')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
          {t('common.cancel')}
        </button>
      </form>
    );
  }
  return (
    <div className="row row-tight">
      <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={onToggle}>
        {row.active ? t('admin.keys.deactivate') : t('admin.keys.activate')}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={busy}
        onClick={() => {
          reset({ maxUses: String(row.maxUses) });
          setEditing(true);
        }}
      >
        {t('admin.keys.editLimit')}
      </button>
    </div>
  );
}
