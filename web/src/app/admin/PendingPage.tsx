import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Page } from '../../components/Page.tsx';

/** An admin page whose tools arrive in a later release: its title and an honest empty state. */
export function PendingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`admin.nav.${titleKey}`)}>
      <EmptyState>
        <p>{t('admin.empty')}</p>
        <p className="muted small">{t('common.comingLater')}</p>
      </EmptyState>
    </Page>
  );
}
