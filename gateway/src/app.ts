import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import adminStatsRoutes from './features/admin-stats/admin-stats.routes.ts';
import adminUsersRoutes from './features/admin-users/admin-users.routes.ts';
import announcementsRoutes from './features/announcements/announcements.routes.ts';
import auditRoutes from './features/audit/audit.routes.ts';
import accountMailPlugin from './features/auth/account-mail.plugin.ts';
import { findSession } from './features/auth/auth.repository.ts';
import authRoutes from './features/auth/auth.routes.ts';
import emailVerificationRoutes from './features/auth/email-verification.routes.ts';
import loginLockPlugin from './features/auth/login-lock.plugin.ts';
import loginLockRoutes from './features/auth/login-lock.routes.ts';
import recoveryRoutes from './features/auth/recovery.routes.ts';
import balancesRoutes from './features/balances/balances.routes.ts';
import broadcastRoutes from './features/broadcast/broadcast.routes.ts';
import coinsPlugin from './features/coins/coins.plugin.ts';
import coinsRoutes from './features/coins/coins.routes.ts';
import healthRoutes from './features/health/health.routes.ts';
import marketPlugin from './features/market/market.plugin.ts';
import marketRoutes from './features/market/market.routes.ts';
import notificationsRoutes from './features/notifications/notifications.routes.ts';
import referralKeysRoutes from './features/referral-keys/referral-keys.routes.ts';
import reputationRoutes from './features/reputation/reputation.routes.ts';
import responsibleTradingRoutes from './features/responsible-trading/responsible-trading.routes.ts';
import riskRoutes from './features/risk/risk.routes.ts';
import sessionsPlugin from './features/sessions/sessions.plugin.ts';
import sitePlugin from './features/site/site.plugin.ts';
import siteRoutes from './features/site/site.routes.ts';
import statementsRoutes from './features/statements/statements.routes.ts';
import superadminRoutes from './features/superadmin/superadmin.routes.ts';
import ticketsRoutes from './features/tickets/tickets.routes.ts';
import topupsRoutes from './features/topups/topups.routes.ts';
import tradeSettingsPlugin from './features/trade-settings/trade-settings.plugin.ts';
import tradeSettingsRoutes from './features/trade-settings/trade-settings.routes.ts';
import tradesRoutes from './features/trades/trades.routes.ts';
import tradingHaltPlugin from './features/trading-halt/trading-halt.plugin.ts';
import tradingHaltRoutes from './features/trading-halt/trading-halt.routes.ts';
import twoFactorPlugin from './features/two-factor/two-factor.plugin.ts';
import twoFactorRoutes from './features/two-factor/two-factor.routes.ts';
import usersRoutes from './features/users/users.routes.ts';
import walletRoutes from './features/wallet/wallet.routes.ts';
import withdrawalsRoutes from './features/withdrawals/withdrawals.routes.ts';
import type { FrontChannel } from './front.ts';
import { gatewayLoggerOptions, requestLogController, requestLoggerFactory } from './lib/logger.ts';
import { guardedValidatorCompiler } from './lib/route-schema.ts';
import authPlugin from './plugins/auth.ts';
import cacheBusPlugin from './plugins/cache-bus.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import errorsPlugin from './plugins/errors.ts';
import metricsPlugin from './plugins/metrics.ts';
import queuesPlugin from './plugins/queues.ts';
import redisPlugin from './plugins/redis.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';
import realtimePlugin from './realtime/realtime.plugin.ts';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The whole gateway from a config object. It does not listen: server.ts does, and tests
 * drive it with `app.inject`. Close it with `app.close()` (pools and connections end).
 */
export async function buildApp(
  config: Config,
  options: { logStream?: DestinationStream; front?: FrontChannel } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets redacted, database errors by SQLSTATE and statement name; one line per request
    // instead of Fastify's two (lib/logger.ts).
    logger: gatewayLoggerOptions(config.logLevel, options.logStream, config.logFormat),
    logController: requestLogController(),
    childLoggerFactory: requestLoggerFactory,
    // A hop count becomes the function form (the typings only list the other forms).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { url: config.databaseUrl });
  await app.register(redisPlugin, { url: config.redisUrl, keyPrefix: config.redisPrefix });
  await app.register(queuesPlugin, { url: config.redisUrl, redisPrefix: config.redisPrefix });
  await app.register(cacheBusPlugin, { redisPrefix: config.redisPrefix });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    expiresIn: config.jwtExpiresIn,
    loadUser: (id) => findSession(app.db, id),
    sessionCacheMs: config.sessionCacheMs ?? 0,
  });
  await app.register(securityPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, front: options.front });
  await app.register(docsPlugin);
  await app.register(marketPlugin, { redisPrefix: config.redisPrefix });
  await app.register(tradeSettingsPlugin);
  await app.register(sitePlugin);
  await app.register(tradingHaltPlugin);
  await app.register(realtimePlugin, {
    redisPrefix: config.redisPrefix,
    corsOrigins: config.socketCorsOrigins,
    limits: config.socketLimits,
    trustProxy: config.trustProxy,
  });
  await app.register(sessionsPlugin);
  await app.register(accountMailPlugin);
  await app.register(loginLockPlugin, config.loginLock);
  await app.register(twoFactorPlugin, {
    keyMaterial: config.totpEncKey ?? config.jwtSecret,
    challengeTtlMs: config.twoFactorChallengeTtlMs ?? 5 * 60_000,
  });
  await app.register(coinsPlugin, { redisPrefix: config.redisPrefix });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(authRoutes, {
        loginRateLimit: config.loginRateLimit,
        registerRateLimit: config.registerRateLimit,
        changePasswordRateLimit: config.changePasswordRateLimit ?? 10,
      });
      await api.register(loginLockRoutes);
      const accountMail = {
        rateLimit: config.accountMailRateLimit ?? 5,
        mailsPerHour: config.writeLimits.accountMailsPerHour,
      };
      await api.register(recoveryRoutes, accountMail);
      await api.register(emailVerificationRoutes, accountMail);
      await api.register(twoFactorRoutes, { rateLimit: config.loginRateLimit });
      await api.register(usersRoutes);
      await api.register(responsibleTradingRoutes);
      await api.register(reputationRoutes);
      await api.register(adminUsersRoutes);
      await api.register(referralKeysRoutes);
      await api.register(adminStatsRoutes);
      await api.register(auditRoutes);
      await api.register(superadminRoutes);
      await api.register(marketRoutes);
      await api.register(coinsRoutes);
      await api.register(tradeSettingsRoutes);
      await api.register(tradesRoutes, { maxPriceAgeMs: config.tradeMaxPriceAgeMs });
      await api.register(tradingHaltRoutes);
      await api.register(riskRoutes);
      await api.register(balancesRoutes);
      await api.register(topupsRoutes, { voucherDir: config.voucherDir, limits: config.writeLimits.topups });
      await api.register(withdrawalsRoutes, { limits: config.writeLimits.withdrawals });
      await api.register(walletRoutes);
      await api.register(statementsRoutes);
      await api.register(notificationsRoutes);
      await api.register(broadcastRoutes, { syncMax: config.broadcastSyncMax });
      await api.register(ticketsRoutes, { limits: config.writeLimits.tickets });
      await api.register(announcementsRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { root: config.webDist });
  return app;
}
