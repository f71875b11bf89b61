import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page.tsx';
import { useSession } from '../../../lib/session/index.ts';
import { useFreshProfile } from '../api/get-profile.ts';
import { MyWithdrawals } from './MyWithdrawals.tsx';
import { WalletNav } from './WalletNav.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';

/** /assets/withdraw: bank details, amount and confirm; then My Withdrawals. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [sent, setSent] = useState(0);
  const profile = useFreshProfile();
  if (!user) return null;
  return (
    <Page title={t('assets.withdraw')} className="wallet-page">
      <WalletNav />
      <WithdrawForm user={user} bankError={profile.error} onSent={() => setSent((n) => n + 1)} />
      <MyWithdrawals userId={user.id} sent={sent} />
    </Page>
  );
}
