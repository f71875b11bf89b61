import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
  );

const schema = z.object({
  REDIS_URL: url(['redis:', 'rediss:']),
  /** Namespaces every key (BullMQ's too) so deployments and test runs can share one Redis. */
  REDIS_PREFIX: z.string().default(''),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Heartbeat period; tests shorten it. */
  HEARTBEAT_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** How many jobs one worker process runs at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
});

export type WorkersConfig = z.infer<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid workers configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The only place the workers read the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): WorkersConfig {
  // Empty strings count as unset, so `FOO= pnpm start` falls back to the default.
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '(env)');
    const message =
      issue.code === 'invalid_type' && input[name] === undefined ? 'is required' : issue.message;
    return `${name} ${message}`;
  });
  throw new ConfigError(problems);
}
