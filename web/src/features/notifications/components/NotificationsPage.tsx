import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Page } from '../../../components/Page.tsx';

export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notifications.title')}>
      <EmptyState>
        <p>{t('notifications.empty')}</p>
      </EmptyState>
    </Page>
  );
}
