import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { installPlatform, promptInstall, useCanPromptInstall } from '../lib/install.ts';
import { Modal } from './Modal.tsx';

/** Pictures of Safari's Share button and of the share sheet's "Add to Home Screen" row. */
export const IOS_INSTALL_IMAGES = ['/install/ios-share.svg', '/install/ios-add.svg'] as const;

/**
 * "Download the APP": what installing means on this device. Already running as an
 * installed app: says so. iOS: the three Safari steps with two pictures. Android: the
 * browser's own install prompt, or three manual steps when the browser offers none or the
 * user declines it. Desktop: not supported.
 */
export function InstallModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const platform = installPlatform();
  const canPrompt = useCanPromptInstall();
  const [declined, setDeclined] = useState(false);

  let body: ReactNode;
  if (platform === 'standalone') body = <p>{t('install.installed')}</p>;
  else if (platform === 'desktop') body = <p>{t('install.unsupported')}</p>;
  else if (platform === 'ios')
    body = (
      <>
        <p>{t('install.iosIntro')}</p>
        <ol className="steps install-steps">
          <li>
            {t('install.iosStep1')}
            {/* The step's text says what the picture shows. */}
            <img className="install-shot" src={IOS_INSTALL_IMAGES[0]} alt="" width={240} height={150} />
          </li>
          <li>
            {t('install.iosStep2')}
            <img className="install-shot" src={IOS_INSTALL_IMAGES[1]} alt="" width={240} height={150} />
          </li>
          <li>{t('install.iosStep3')}</li>
        </ol>
      </>
    );
  else if (declined || !canPrompt)
    body = (
      <>
        <p>{t('install.androidIntro')}</p>
        <ol className="steps install-steps">
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
          const accepted = await promptInstall().catch(() => false);
          if (accepted) onClose();
          else setDeclined(true);
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
