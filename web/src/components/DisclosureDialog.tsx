import { DISCLOSURE_VERSION, MSG, responsibleTradingResponseSchema } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, serverMessageOr } from '../lib/api.ts';
import { useDisclosure } from '../lib/disclosure.ts';
import { Modal } from './Modal.tsx';
import { Notice } from './Notice.tsx';

/** POST /api/user/me/disclosure with the version the dialog shows. */
function acceptDisclosure() {
  return api('/api/user/me/disclosure', responsibleTradingResponseSchema, {
    method: 'POST',
    body: { version: DISCLOSURE_VERSION },
  });
}

/**
 * The risk disclosure and terms, accepted once before the first real-money trade, top-up or
 * withdrawal. Accepting sends the refused request again; closing leaves it refused.
 */
export function DisclosureDialog() {
  const { t } = useTranslation();
  const open = useDisclosure((s) => s.open);
  const answer = useDisclosure((s) => s.answer);
  const [read, setRead] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open) return null;

  const accept = async () => {
    setPending(true);
    setError(null);
    try {
      await acceptDisclosure();
      setRead(false);
      answer(true);
    } catch (err) {
      setError(serverMessageOr(err, MSG.serverError));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal label={t('disclosure.title')} onClose={() => answer(false)} closable={!pending} size="md">
      <div className="disclosure" data-testid="disclosure-dialog">
        <p>{t('disclosure.intro')}</p>
        <ul>
          <li>{t('disclosure.risk1')}</li>
          <li>{t('disclosure.risk2')}</li>
          <li>{t('disclosure.risk3')}</li>
          <li>{t('disclosure.risk4')}</li>
        </ul>
        <p className="muted">{t('disclosure.terms')}</p>
        <label className="check">
          <input
            type="checkbox"
            checked={read}
            onChange={(e) => setRead(e.target.checked)}
            disabled={pending}
          />{' '}
          {t('disclosure.confirm')}
        </label>
        <Notice text={error} />
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!read || pending}
          onClick={accept}
        >
          {pending ? t('common.saving') : t('disclosure.accept')}
        </button>
      </div>
    </Modal>
  );
}
