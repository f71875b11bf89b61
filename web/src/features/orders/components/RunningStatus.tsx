import type { Trade } from '@app/shared';
import { useTranslation } from 'react-i18next';
import {
  formatCountdown,
  knownClockOffset,
  remainingMs,
  secondsLeft,
  useNow,
} from '../../../lib/server-clock.ts';

/** "Running · 0:12": the time left on the server's clock. */
export function RunningStatus({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const seconds = secondsLeft(remainingMs(trade.expiresAt, knownClockOffset(), now), trade.durationSeconds);
  return (
    <span data-testid="order-status">
      {t('orders.statusRunning')}{' '}
      <span className="muted" data-testid="order-remaining" data-seconds={seconds}>
        {seconds > 0 ? formatCountdown(seconds) : t('orders.settling')}
      </span>
    </span>
  );
}
