import type { ReferralKey } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function registerLink(code: string): string {
  return `${window.location.origin}/register?ref=${encodeURIComponent(code)}`;
}

/** The key just generated, large, with a copy button and its register link. */
export function GeneratedKey({ keyRow }: { keyRow: ReferralKey }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = registerLink(keyRow.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(keyRow.code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      // clipboard refused (no permission): the code is on screen to copy by hand
    }
  };
  return (
    <article className="card generated-key" aria-live="polite">
      <h2 className="card-label">{t('admin.keys.newKey')}</h2>
      <div className="row">
        <code className="key-code" data-testid="generated-key">
          {keyRow.code}
        </code>
        <button type="button" className="btn btn-ghost btn-sm" onClick={copy}>
          {copied ? t('common.copied') : t('common.copy')}
        </button>
      </div>
      <p className="small">
        <span className="muted">{t('admin.keys.registerLink')}: </span>
        <a href={link}>{link}</a>
      </p>
    </article>
  );
}
