import { LANGUAGES } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, setLanguage } from '../i18n/index.ts';
import { Modal } from './Modal.tsx';

/** Every language the app speaks, each named in itself; the picker modal and the More sheet list these. */
export function LanguageChoices({ onChosen }: { onChosen: () => void }) {
  const { i18n } = useTranslation();
  return (
    <ul className="choice-list">
      {LANGUAGES.map((lng) => (
        <li key={lng}>
          <button
            type="button"
            lang={lng}
            className={`choice ${i18n.language === lng ? 'is-active' : ''}`}
            aria-pressed={i18n.language === lng}
            onClick={() => {
              void setLanguage(lng);
              onChosen();
            }}
          >
            <span>{LANGUAGE_NAMES[lng]}</span>
            <span className="choice-code">{lng.toUpperCase()}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function LanguageModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal label={t('language.title')} onClose={onClose}>
      <LanguageChoices onChosen={onClose} />
    </Modal>
  );
}
