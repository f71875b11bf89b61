import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type Aggregator,
  AggregatorRegistry,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';
import type { FrontChannel } from '../front.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import {
  feedFigures,
  ledgerReport,
  OVERDUE_AFTER_MS,
  overdueRunning,
  postgresFigures,
  queueFigures,
  type SettledCursor,
  settledSince,
  startCursor,
} from './metrics-sources.ts';

/** Every series `/metrics` exposes besides Node's process metrics (ops/prometheus/alerts.yml uses these). */
export const METRICS = {
  httpDuration: 'http_request_duration_seconds',
  openSockets: 'socketio_open_sockets',
  marketSkipped: 'socketio_market_skipped_events',
  marketCongested: 'socketio_market_congested_sockets',
  feedAge: 'market_feed_age_seconds',
  ticksPerSecond: 'market_ticks_per_second',
  settlementLateness: 'settlement_lateness_seconds',
  overdueTrades: 'settlement_overdue_running_trades',
  queueJobs: 'queue_jobs',
  ledgerViolations: 'ledger_invariant_violations',
  ledgerCheckAge: 'ledger_check_age_seconds',
  pgConnections: 'postgres_connections',
  pgMaxConnections: 'postgres_max_connections',
  pgPoolMax: 'gateway_postgres_pool_max',
  pgProbe: 'gateway_postgres_probe_seconds',
  sourceUp: 'gateway_metrics_source_up',
  gatewayProcesses: 'gateway_processes',
} as const;

/** How long one source may take at scrape time before it counts as down for that scrape. */
const SOURCE_TIMEOUT_MS = 2_000;

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

const isLoopback = (ip: string) => /^(127\.|::ffff:127\.)/.test(ip) || ip === '::1';

const digest = (text: string) => createHash('sha256').update(text).digest();

export type MetricsAccess = 'allow' | 'hidden' | 'unauthorized';

/**
 * Who may read `/metrics`: a direct request from this machine (request.ip under TRUST_PROXY's
 * rules is loopback, and no proxy header says it was forwarded: a reverse proxy on the same
 * machine would otherwise hand the page to anyone), or anyone with `Authorization: Bearer
 * METRICS_TOKEN`. With no token set, the page does not exist for others (404); with one, a
 * missing or wrong token is 401.
 */
export function metricsAccess(request: FastifyRequest, token: string | undefined): MetricsAccess {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (isLoopback(request.ip) && !forwarded) return 'allow';
  if (!token) return 'hidden';
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  return given && timingSafeEqual(digest(given), digest(token)) ? 'allow' : 'unauthorized';
}

/**
 * How `/metrics` at the launcher's port combines each series over the gateways (prom-client's
 * aggregators). What a gateway counts of its own traffic adds up (`sum`); what every gateway
 * reads of the whole platform (the feed, settlement, the queues, the ledger, the database) is
 * the same figure seen N times, so it is combined as the alert rules read it, never summed.
 */
const PER_PROCESS: Aggregator = 'sum';

function createMetrics(register: Registry) {
  const gauge = (name: string, help: string, aggregator: Aggregator, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, aggregator, registers: [register] });
  return {
    httpDuration: new Histogram({
      name: METRICS.httpDuration,
      help: 'HTTP requests by route pattern, method and status class: seconds to answer',
      labelNames: ['route', 'method', 'status_class'],
      aggregator: PER_PROCESS,
      registers: [register],
    }),
    // Each gateway observes every settled trade (from the database), from its own start on.
    settlementLateness: new Histogram({
      name: METRICS.settlementLateness,
      help: 'Settled trades (won, lost, draw, void): seconds from expiry to settlement',
      buckets: [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30, 60, 300],
      aggregator: 'max',
      registers: [register],
    }),
    gatewayProcesses: gauge(
      METRICS.gatewayProcesses,
      'Gateway processes whose series this page holds',
      PER_PROCESS,
    ),
    openSockets: gauge(METRICS.openSockets, 'Socket.IO connections open on the gateways', PER_PROCESS),
    marketSkipped: gauge(
      METRICS.marketSkipped,
      'Market events a socket never got, replaced by a newer one of the same channel (a slow socket, or a gateway behind), since start',
      PER_PROCESS,
    ),
    marketCongested: gauge(
      METRICS.marketCongested,
      'Sockets whose unsent market bytes reached SOCKET_MARKET_BUFFER_BYTES (their newest events wait)',
      PER_PROCESS,
    ),
    feedAge: gauge(METRICS.feedAge, 'Seconds since the feed last published a price of the coin', 'max', [
      'symbol',
    ]),
    ticksPerSecond: gauge(
      METRICS.ticksPerSecond,
      'Prices of the coin the feed published per second, over its recent-ticks list',
      'min',
      ['symbol'],
    ),
    overdueTrades: gauge(
      METRICS.overdueTrades,
      `Running trades more than ${OVERDUE_AFTER_MS / 1000} s past their expiry (the reconciler's work; stuck settlement when it stays above zero)`,
      'max',
    ),
    queueJobs: gauge(METRICS.queueJobs, 'BullMQ jobs by queue and state', 'max', ['queue', 'state']),
    ledgerViolations: gauge(
      METRICS.ledgerViolations,
      "Ledger invariant violations found by the reconciler's last check (0: the ledger is sound)",
      'max',
    ),
    ledgerCheckAge: gauge(METRICS.ledgerCheckAge, "Seconds since the reconciler's last ledger check", 'max'),
    pgConnections: gauge(
      METRICS.pgConnections,
      "Connections to the platform's database by application and state",
      'max',
      ['application', 'state'],
    ),
    pgMaxConnections: gauge(METRICS.pgMaxConnections, 'The PostgreSQL server max_connections', 'max'),
    pgPoolMax: gauge(METRICS.pgPoolMax, "Connections the gateways' pools may open", PER_PROCESS),
    pgProbe: gauge(
      METRICS.pgProbe,
      "Seconds a trivial query took through a gateway's pool at the last scrape, the slowest gateway's (grows when the pool is full)",
      'max',
    ),
    sourceUp: gauge(
      METRICS.sourceUp,
      'Whether a source answered at the last scrape (on every gateway)',
      'min',
      ['source'],
    ),
  };
}

let processRegistry: Registry | undefined;
/**
 * Node's process metrics, once per process: they describe the process, not an app, and each
 * collection keeps an event-loop monitor running (tests build many apps in one process).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** `/metrics` in Prometheus' text format (prom-client), and the request histogram behind it. */
export default fp<{ token?: string; front?: FrontChannel }>(
  async (app: FastifyInstance, opts) => {
    const register = new Registry();
    const m = createMetrics(register);
    m.gatewayProcesses.set(1);

    // The histogram's series of each route, method and status class, looked up by one string
    // instead of prom-client hashing a label object on every request.
    const series = new Map<string, ReturnType<typeof m.httpDuration.labels>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
      const key = `${statusClass} ${request.method} ${route}`;
      let observe = series.get(key);
      if (!observe) {
        observe = m.httpDuration.labels({ route, method: request.method, status_class: statusClass });
        series.set(key, observe);
      }
      observe.observe(reply.elapsedTime / 1000);
      done();
    });

    let cursor: SettledCursor = startCursor(new Date());
    const sources: Record<string, () => Promise<void>> = {
      market: async () => {
        const figures = await feedFigures(app.db, app.redis, Date.now());
        m.feedAge.reset();
        m.ticksPerSecond.reset();
        for (const f of figures) {
          m.feedAge.set({ symbol: f.symbol }, f.ageSeconds);
          m.ticksPerSecond.set({ symbol: f.symbol }, f.ticksPerSecond);
        }
      },
      settlement: async () => {
        const [settled, overdue] = await Promise.all([settledSince(app.db, cursor), overdueRunning(app.db)]);
        for (const seconds of settled.lateness) m.settlementLateness.observe(Math.max(0, seconds));
        cursor = settled.cursor;
        m.overdueTrades.set(overdue);
      },
      ledger: async () => {
        const report = await ledgerReport(app.redis);
        m.ledgerViolations.reset();
        m.ledgerCheckAge.set(report ? (Date.now() - report.at) / 1000 : Number.POSITIVE_INFINITY);
        if (report) m.ledgerViolations.set(report.violations);
      },
      queues: async () => {
        const counts = await queueFigures(app.queues);
        for (const c of counts) m.queueJobs.set({ queue: c.queue, state: c.state }, c.count);
      },
      postgres: async () => {
        const pg = await postgresFigures(app.db);
        m.pgConnections.reset();
        for (const c of pg.connections) {
          m.pgConnections.set({ application: c.application, state: c.state }, c.count);
        }
        m.pgMaxConnections.set(pg.maxConnections);
        m.pgProbe.set(pg.probeSeconds);
      },
    };
    const poolMax = (app.db.$client as { options?: { max?: number } }).options?.max;
    if (poolMax) m.pgPoolMax.set(poolMax);

    // One collection at a time: scrapes that meet share it (the settled-trades cursor moves once).
    let collecting: Promise<void> | undefined;
    const collect = () => {
      collecting ??= (async () => {
        m.openSockets.set(app.hasDecorator('io') ? app.io.engine.clientsCount : 0);
        if (app.hasDecorator('marketFanout')) {
          const fanout = app.marketFanout.stats();
          m.marketSkipped.set(fanout.skipped);
          m.marketCongested.set(fanout.congested);
        }
        await Promise.all(
          Object.entries(sources).map(async ([source, read]) => {
            try {
              await within(read(), SOURCE_TIMEOUT_MS);
              m.sourceUp.set({ source }, 1);
            } catch (err) {
              m.sourceUp.set({ source }, 0);
              app.log.warn({ err, source }, 'metrics: a source did not answer');
            }
          }),
        );
      })().finally(() => {
        collecting = undefined;
      });
      return collecting;
    };

    const ownSeries = () => Registry.merge([processMetrics(), register]);
    const collectOwn = async () => {
      await collect();
      return ownSeries().getMetricsAsJSON();
    };
    opts.front?.onCollect(collectOwn);

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const access = metricsAccess(request, opts.token);
      if (access === 'hidden') throw notFound();
      if (access === 'unauthorized') {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized('Send Authorization: Bearer <METRICS_TOKEN>.');
      }
      // The gateway's own port answers its own series; the launcher's public port (a connection
      // the front handed over) every gateway's, each series combined by its aggregator.
      const own = app.server.address();
      const handedOver = typeof own === 'object' && own !== null && request.socket.localPort !== own.port;
      if (!opts.front || !handedOver) {
        await collect();
        return reply.type(register.contentType).send(await ownSeries().metrics());
      }
      const [mine, others] = await Promise.all([collectOwn(), opts.front.gatherMetrics()]);
      const all = AggregatorRegistry.aggregate([mine, ...others]);
      return reply.type(register.contentType).send(await all.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db', 'redis', 'queues'] },
);
