import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Copy" beside a value, "Copied" for a moment once it is on the clipboard. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // clipboard refused (no permission): the value is on screen to copy by hand
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm copy-button" data-testid={testId} onClick={copy}>
      {copied ? t('common.copied') : t('common.copy')} <span className="sr-only">{label}</span>
    </button>
  );
}
