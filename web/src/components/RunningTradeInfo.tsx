import { formatRupees, type Trade } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { type Standing, standingAt } from '../lib/running-trades.ts';
import { formatCountdown, knownClockOffset, remainingMs, secondsLeft, useNow } from '../lib/server-clock.ts';

/**
 * The live figures of a running trade, wherever the trade page shows one (the Running panel
 * and the chart's entry line): time left on the server's clock, and how it stands now.
 */

/** "0:14" until expiry on the server's clock (the last offset measured), redrawn a few times a second. */
export function TimeLeft({ trade, testId = 'time-left' }: { trade: Trade; testId?: string }) {
  const now = useNow(250);
  const seconds = secondsLeft(remainingMs(trade.expiresAt, knownClockOffset(), now), trade.durationSeconds);
  return (
    <span className="time-left" data-testid={testId} data-seconds={seconds}>
      {formatCountdown(seconds)}
    </span>
  );
}

const TONE: Record<Standing['kind'], string> = {
  winning: 'up',
  losing: 'down',
  level: 'muted',
  void: 'muted',
};

/** "Winning by ₹20.00" / "Losing by ₹100.00" / "Level" at the given price (e8); "—" without one. */
export function StandingText({ trade, priceE8 }: { trade: Trade; priceE8: string | null }) {
  const { t } = useTranslation();
  if (priceE8 === null) {
    return (
      <span className="standing muted" data-testid="standing">
        —
      </span>
    );
  }
  const standing = standingAt(trade, priceE8);
  return (
    <span className={`standing ${TONE[standing.kind]}`} data-testid="standing" data-standing={standing.kind}>
      {t(`running.${standing.kind}`, { amount: formatRupees(standing.by) })}
    </span>
  );
}
