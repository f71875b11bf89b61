import { changePasswordSchema, check, MSG, TIMINGS } from '@app/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/Field.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useChangePassword } from '../api/change-password.ts';

export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const setToken = useSession((s) => s.setToken);
  const { mutateAsync: run, isPending: pending } = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(changePasswordSchema, { currentPassword: current, newPassword: next });
    if (!valid.ok) {
      setNotice({ text: valid.message, tone: 'error' });
      return;
    }
    setNotice(null);
    try {
      const res = await run(valid.data);
      // Older tokens stop working: keep this session on the new one.
      if (res.token) setToken(res.token);
      setDone(true);
      setNotice({ text: MSG.passwordChanged, tone: 'success' });
      timer.current = window.setTimeout(onClose, TIMINGS.modalCloseAfterSaveMs);
    } catch (err) {
      setNotice({ text: serverMessageOr(err, WEB_MSG.passwordFailed), tone: 'error' });
    }
  };

  const locked = pending || done;
  return (
    <Modal label={t('account.changePassword')} onClose={onClose} closable={!pending}>
      <form className="form" onSubmit={submit} noValidate>
        <PasswordField
          label={t('account.currentPassword')}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          disabled={locked}
        />
        <PasswordField
          label={t('account.newPassword')}
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          disabled={locked}
        />
        <Notice text={notice?.text} tone={notice?.tone} />
        <button type="submit" className="btn btn-primary btn-block" disabled={locked}>
          {pending ? t('common.saving') : t('common.save')}
        </button>
      </form>
    </Modal>
  );
}
