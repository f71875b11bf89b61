import { acceptDisclosure, type Db } from '@app/db';
import {
  type CoolOffBody,
  changeLimit,
  coolOffEnd,
  DISCLOSURE_VERSION,
  type LimitsUpdateBody,
  MSG,
  type ResponsibleTrading,
  type ResponsibleTradingResponse,
  rupeesToPaise,
  type SelfExclusionBody,
  selfExclusionEnd,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { depositLimitState, lossLimitState, toResponsibleTrading } from './responsible-trading.mapper.ts';
import { dailyFigures, lockSettings, readSettings, writeSettings } from './responsible-trading.repository.ts';

export type ResponsibleTradingDeps = { db: Db; log: FastifyBaseLogger; now?: () => number };

const paiseOrNull = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));

/**
 * A user's own limits and the risk disclosure. Only ever stricter at once: a lower limit, a
 * cool-off or a self-exclusion applies immediately; a higher limit or its removal after 24
 * hours (shared `changeLimit`); a running cool-off or self-exclusion is never shortened, by the
 * user or anyone else (no route changes it but these two, which only lengthen). The checks
 * themselves run in the database, in the statement that moves the money.
 */
export function createResponsibleTradingService({ db, log, now = Date.now }: ResponsibleTradingDeps) {
  async function read(userId: string): Promise<ResponsibleTrading> {
    const at = new Date(now());
    const [row, used] = await Promise.all([readSettings(db, userId), dailyFigures(db, userId, at)]);
    return toResponsibleTrading(row, used, at);
  }

  async function answer(userId: string, message: string): Promise<ResponsibleTradingResponse> {
    return { settings: await read(userId), message };
  }

  return {
    read,

    async acceptDisclosure(userId: string, version: number): Promise<ResponsibleTradingResponse> {
      if (version !== DISCLOSURE_VERSION) throw badRequest(MSG.disclosureOutdated);
      await acceptDisclosure(db, userId, version);
      log.info({ userId, version }, 'risk disclosure accepted');
      return answer(userId, MSG.disclosureAccepted);
    },

    async updateLimits(userId: string, body: LimitsUpdateBody): Promise<ResponsibleTradingResponse> {
      await db.transaction(async (tx) => {
        const row = await lockSettings(tx, userId);
        const at = new Date(now());
        const loss = changeLimit(lossLimitState(row), paiseOrNull(body.dailyLossLimit), at);
        const deposit = changeLimit(depositLimitState(row), paiseOrNull(body.dailyDepositLimit), at);
        await writeSettings(tx, userId, {
          dailyLossLimit: loss.current,
          pendingDailyLossLimit: loss.pending,
          dailyLossLimitPendingFrom: loss.pendingFrom,
          dailyDepositLimit: deposit.current,
          pendingDailyDepositLimit: deposit.pending,
          dailyDepositLimitPendingFrom: deposit.pendingFrom,
        });
      });
      log.info({ userId }, 'responsible trading limits changed');
      return answer(userId, MSG.limitsSaved);
    },

    async coolOff(userId: string, body: CoolOffBody): Promise<ResponsibleTradingResponse> {
      await db.transaction(async (tx) => {
        const row = await lockSettings(tx, userId);
        await writeSettings(tx, userId, {
          coolOffUntil: coolOffEnd(new Date(now()), body.hours, row.coolOffUntil),
        });
      });
      log.info({ userId, hours: body.hours }, 'cool-off started');
      return answer(userId, MSG.coolOffStarted);
    },

    async selfExclude(userId: string, body: SelfExclusionBody): Promise<ResponsibleTradingResponse> {
      await db.transaction(async (tx) => {
        const row = await lockSettings(tx, userId);
        const until = selfExclusionEnd(new Date(now()), body.months, row.selfExcludedUntil);
        await writeSettings(tx, userId, { selfExcludedUntil: until });
      });
      log.info({ userId, months: body.months }, 'self-exclusion started');
      return answer(userId, MSG.selfExclusionStarted);
    },
  };
}

export type ResponsibleTradingService = ReturnType<typeof createResponsibleTradingService>;
