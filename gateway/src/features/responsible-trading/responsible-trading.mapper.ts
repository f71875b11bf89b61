import type { ResponsibleTradingRow } from '@app/db';
import {
  type DailyLimit,
  DISCLOSURE_VERSION,
  effectiveLimit,
  indianDayStart,
  type LimitState,
  paiseToRupees,
  type ResponsibleTrading,
} from '@app/shared';

const rupees = (paise: bigint | null) => (paise === null ? null : paiseToRupees(paise));
const running = (until: Date | null, now: Date) =>
  until !== null && until.getTime() > now.getTime() ? until.toISOString() : null;

export function lossLimitState(row: ResponsibleTradingRow | undefined): LimitState {
  return {
    current: row?.dailyLossLimit ?? null,
    pending: row?.pendingDailyLossLimit ?? null,
    pendingFrom: row?.dailyLossLimitPendingFrom ?? null,
  };
}

export function depositLimitState(row: ResponsibleTradingRow | undefined): LimitState {
  return {
    current: row?.dailyDepositLimit ?? null,
    pending: row?.pendingDailyDepositLimit ?? null,
    pendingFrom: row?.dailyDepositLimitPendingFrom ?? null,
  };
}

function toDailyLimit(state: LimitState, used: bigint, now: Date): DailyLimit {
  const waiting = state.pendingFrom !== null && state.pendingFrom.getTime() > now.getTime();
  return {
    current: rupees(effectiveLimit(state, now)),
    pending:
      waiting && state.pendingFrom
        ? { value: rupees(state.pending), appliesAt: state.pendingFrom.toISOString() }
        : null,
    usedToday: paiseToRupees(used),
  };
}

/** The settings as the user and the admin user detail read them, at `now`. */
export function toResponsibleTrading(
  row: ResponsibleTradingRow | undefined,
  used: { loss: bigint; deposits: bigint },
  now: Date,
): ResponsibleTrading {
  return {
    disclosure: {
      acceptedVersion: row?.disclosureVersion ?? null,
      acceptedAt: row?.disclosureAcceptedAt?.toISOString() ?? null,
      currentVersion: DISCLOSURE_VERSION,
    },
    dailyLossLimit: toDailyLimit(lossLimitState(row), used.loss, now),
    dailyDepositLimit: toDailyLimit(depositLimitState(row), used.deposits, now),
    coolOffUntil: running(row?.coolOffUntil ?? null, now),
    selfExcludedUntil: running(row?.selfExcludedUntil ?? null, now),
    dayStartsAt: indianDayStart(now).toISOString(),
  };
}
