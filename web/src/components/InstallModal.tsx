import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canPromptInstall, installPlatform, promptInstall } from '../lib/install.ts';
import { Modal } from './Modal.tsx';

/** "Download the APP": what installing means on this device. */
export function InstallModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const platform = installPlatform();
  const [manual, setManual] = useState(platform === 'android' && !canPromptInstall());

  let body: ReactNode;
  if (platform === 'standalone') body = <p>{t('install.installed')}</p>;
  else if (platform === 'desktop') body = <p>{t('install.unsupported')}</p>;
  else if (platform === 'ios')
    body = (
      <>
        <p>{t('install.iosIntro')}</p>
        <ol className="steps">
          <li>{t('install.iosStep1')}</li>
          <li>{t('install.iosStep2')}</li>
          <li>{t('install.iosStep3')}</li>
        </ol>
      </>
    );
  else if (manual)
    body = (
      <>
        <p>{t('install.androidIntro')}</p>
        <ol className="steps">
          <li>{t('install.androidStep1')}</li>
          <li>{t('install.androidStep2')}</li>
          <li>{t('install.androidStep3')}</li>
        </ol>
      </>
    );
  else
    body = (
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={async () => {
          if (await promptInstall()) onClose();
          else setManual(true);
        }}
      >
        {t('install.install')}
      </button>
    );

  return (
    <Modal label={t('install.title')} onClose={onClose}>
      {body}
    </Modal>
  );
}
