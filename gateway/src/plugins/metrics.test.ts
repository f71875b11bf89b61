import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { METRICS, metricsAccess } from './metrics.ts';

const OPS = new URL('../../../ops/', import.meta.url);
const TOKEN = 'a-metrics-token-of-some-length';

const request = (ip: string, headers: Record<string, string> = {}) =>
  ({ ip, headers }) as unknown as FastifyRequest;

describe('metricsAccess', () => {
  it('lets this machine in, over IPv4 and IPv6, with or without a token set', () => {
    for (const ip of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      expect(metricsAccess(request(ip), undefined)).toBe('allow');
      expect(metricsAccess(request(ip), TOKEN)).toBe('allow');
    }
  });

  it('hides the page from other machines when no token is set, whatever they send', () => {
    expect(metricsAccess(request('10.0.0.2'), undefined)).toBe('hidden');
    expect(metricsAccess(request('10.0.0.2', { authorization: 'Bearer anything' }), undefined)).toBe(
      'hidden',
    );
  });

  it('asks other machines for the token, and takes only the right one', () => {
    expect(metricsAccess(request('192.0.2.1'), TOKEN)).toBe('unauthorized');
    expect(metricsAccess(request('192.0.2.1', { authorization: `Bearer ${TOKEN}x` }), TOKEN)).toBe(
      'unauthorized',
    );
    expect(metricsAccess(request('192.0.2.1', { authorization: `Basic ${TOKEN}` }), TOKEN)).toBe(
      'unauthorized',
    );
    expect(metricsAccess(request('192.0.2.1', { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe('allow');
    expect(metricsAccess(request('192.0.2.1', { authorization: `bearer  ${TOKEN}` }), TOKEN)).toBe('allow');
  });

  it('does not take a loopback address that a proxy forwarded for as this machine', () => {
    expect(metricsAccess(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), undefined)).toBe(
      'hidden',
    );
    expect(metricsAccess(request('127.0.0.1', { forwarded: 'for=203.0.113.9' }), TOKEN)).toBe('unauthorized');
  });
});

const HISTOGRAMS = new Set<string>([METRICS.httpDuration, METRICS.settlementLateness]);
const EXPOSED = new Set<string>(Object.values(METRICS));
const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'rate',
  'irate',
  'delta',
  'increase',
  'histogram_quantile',
  'and',
  'or',
  'unless',
  'bool',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'abs',
  'absent',
]);

/** The series a PromQL expression reads (label matchers, ranges, groupings and functions left out). */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without)\s*\([^)]*\)/g, ' ');
  return (bare.match(/[a-zA-Z_:][\w:]*/g) ?? []).filter((word) => !PROMQL_WORDS.has(word));
}

function expectExposed(expr: string) {
  const series = seriesOf(expr);
  expect(series.length, expr).toBeGreaterThan(0);
  for (const name of series) {
    const base = name.replace(/_(bucket|count|sum)$/, '');
    const known = EXPOSED.has(name) || (HISTOGRAMS.has(base) && base !== name);
    expect(known, `${name} in ${expr}`).toBe(true);
  }
}

describe('ops/prometheus/alerts.yml', () => {
  const rules = parse(readFileSync(new URL('prometheus/alerts.yml', OPS), 'utf8')) as {
    groups: Array<{
      name: string;
      rules: Array<{ alert: string; expr: string; labels?: Record<string, string> }>;
    }>;
  };
  const all = rules.groups.flatMap((g) => g.rules);

  it('parses, and holds the alerts the operators rely on', () => {
    expect(all.map((r) => r.alert)).toEqual(
      expect.arrayContaining(['FeedStale', 'SettlementLate', 'LedgerInvariantViolated', 'JobsFailed']),
    );
    const expr = (name: string) => all.find((r) => r.alert === name)?.expr ?? '';
    expect(expr('FeedStale')).toMatch(/market_feed_age_seconds\) > 10$/);
    expect(expr('SettlementLate')).toMatch(
      /^histogram_quantile\(0\.99, .*settlement_lateness_seconds_bucket.*\) > 1$/,
    );
    expect(expr('LedgerInvariantViolated')).toMatch(/ledger_invariant_violations\) > 0$/);
    for (const rule of all) expect(rule.labels?.severity, rule.alert).toMatch(/^(critical|warning)$/);
  });

  it('names in every expression only series the gateway exposes', () => {
    for (const rule of all) expectExposed(rule.expr);
  });
});

describe('ops/grafana/dashboard.json', () => {
  const dashboard = JSON.parse(readFileSync(new URL('grafana/dashboard.json', OPS), 'utf8')) as {
    panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
  };

  it('charts only series the gateway exposes, and every one of them', () => {
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
    for (const expr of exprs) expectExposed(expr);
    const charted = new Set(exprs.flatMap(seriesOf).map((n) => n.replace(/_(bucket|count|sum)$/, '')));
    expect([...EXPOSED].filter((name) => !charted.has(name))).toEqual([]);
  });
});

describe('ops/prometheus/prometheus.yml (docker-compose --profile monitoring)', () => {
  const config = parse(readFileSync(new URL('prometheus/prometheus.yml', OPS), 'utf8')) as {
    rule_files: string[];
    scrape_configs: Array<{
      metrics_path: string;
      authorization?: { credentials_file?: string };
      dns_sd_configs: Array<{ names: string[]; type: string; port: number }>;
    }>;
  };
  const compose = parse(readFileSync(new URL('../docker-compose.yml', OPS), 'utf8')) as {
    services: Record<
      string,
      { environment?: Record<string, string>; volumes?: string[]; entrypoint?: string[] }
    >;
  };
  const prometheus = compose.services.prometheus;
  const gateway = compose.services.gateway;

  it('scrapes every gateway replica on the port the gateway listens on, with the token', () => {
    const [job] = config.scrape_configs;
    expect(job?.metrics_path).toBe('/metrics');
    expect(job?.dns_sd_configs).toEqual([expect.objectContaining({ names: ['gateway'], type: 'A' })]);
    expect(String(job?.dns_sd_configs[0]?.port)).toBe(gateway?.environment?.PORT);
    // The file the entrypoint writes from METRICS_TOKEN, which the gateways are given too.
    expect(prometheus?.entrypoint?.join(' ')).toContain(`> ${job?.authorization?.credentials_file} `);
    // Compose's interpolation of the operator's variable, the same for both.
    const fromEnv = ['$', '{METRICS_TOKEN:-}'].join('');
    expect(prometheus?.environment?.METRICS_TOKEN).toBe(fromEnv);
    expect(gateway?.environment?.METRICS_TOKEN).toBe(fromEnv);
  });

  it('loads the alert rules from where the service mounts them', () => {
    const mounted = (prometheus?.volumes ?? []).map((v) => v.split(':'));
    for (const file of config.rule_files) {
      expect(mounted.some(([from, to]) => from === './ops/prometheus/alerts.yml' && to === file)).toBe(true);
    }
    expect(
      mounted.some(
        ([from, to]) => from === './ops/prometheus/prometheus.yml' && to === '/etc/prometheus/prometheus.yml',
      ),
    ).toBe(true);
  });
});
