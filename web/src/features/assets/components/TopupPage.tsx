import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page.tsx';
import { useSession } from '../../../lib/session/index.ts';
import { useFreshProfile } from '../api/get-profile.ts';
import { availableOf } from '../lib/assets.ts';
import { MyTopups } from './MyTopups.tsx';
import { TopupForm } from './TopupForm.tsx';
import { WalletNav } from './WalletNav.tsx';

/** /assets/topup: the request form, then My Top-ups. */
export function TopupPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [sent, setSent] = useState(0);
  useFreshProfile();
  if (!user) return null;
  return (
    <Page title={t('assets.topup')} className="wallet-page">
      <WalletNav />
      <TopupForm available={availableOf(user)} onSent={() => setSent((n) => n + 1)} />
      <MyTopups userId={user.id} sent={sent} />
    </Page>
  );
}
