import { TIMINGS } from '@app/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/Modal.tsx';
import { useAuthModal } from '../stores/auth-modal.ts';
import { LoginForm, RegisterForm } from './lazy-forms.tsx';

/** The header's Log in and Register dialogs; each offers a switch to the other. */
export function AuthModals() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, busy, open, close, setBusy } = useAuthModal();
  const onBusyChange = useCallback((b: boolean) => setBusy(b), [setBusy]);

  if (modal === 'login') {
    return (
      <Modal label={t('auth.loginTitle')} onClose={close} closable={!busy}>
        <LoginForm
          onBusyChange={onBusyChange}
          onSuccess={(next) => {
            setBusy(false);
            close();
            void navigate(next ?? '/home');
          }}
          switchTo={
            <button type="button" className="link-button" disabled={busy} onClick={() => open('register')}>
              {t('auth.toRegister')}
            </button>
          }
        />
        <p className="form-switch">
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => {
              close();
              void navigate('/forgot-password');
            }}
          >
            {t('auth.forgotLink')}
          </button>
        </p>
      </Modal>
    );
  }
  if (modal === 'register') {
    return (
      <Modal label={t('auth.registerTitle')} onClose={close} closable={!busy} size="md">
        <RegisterForm
          onBusyChange={onBusyChange}
          onSuccess={() => {
            // The dialog shows "Account created!", the page moves to the dashboard after
            // 0.7 s and the dialog closes after 800 ms.
            setBusy(true);
            window.setTimeout(() => navigate('/account'), TIMINGS.signupRedirectMs);
            window.setTimeout(() => {
              useAuthModal.setState({ busy: false, modal: 'none' });
            }, TIMINGS.signupModalCloseMs);
          }}
          switchTo={
            <button type="button" className="link-button" disabled={busy} onClick={() => open('login')}>
              {t('auth.toLogin')}
            </button>
          }
        />
      </Modal>
    );
  }
  return null;
}
