import { LIVE_HEAP_LOG, watchLiveHeap } from '@app/shared/heap';
import { startWorkers } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';

/** Worker process entry (run as its bundle, or from source by tsx). Exits 0 after a clean SIGTERM/SIGINT. */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

const logger = createLogger(config.LOG_LEVEL);
// Below the launcher's wait (scripts/start.ts), which kills the process after 15 s.
const SHUTDOWN_TIMEOUT_MS = 12_000;

let running: Awaited<ReturnType<typeof startWorkers>> | undefined;
let stopping = false;

async function shutdown(reason: string, code: number) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'workers stopping');
  setTimeout(() => {
    logger.fatal('shutdown timed out; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  await running?.stop();
  logger.info('workers stopped');
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void shutdown(signal, 0));
}
process.on('unhandledRejection', (err) => {
  logger.fatal({ err }, 'unhandled rejection');
  void shutdown('unhandledRejection', 1);
});
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception');
  void shutdown('uncaughtException', 1);
});

// ioredis retries forever; without a bound an unreachable Redis would hang the start silently.
const startTimer = setTimeout(() => {
  logger.fatal('workers did not become ready within 60 s (is Redis reachable at REDIS_URL?)');
  process.exit(1);
}, 60_000);
try {
  running = await startWorkers(config, logger);
  clearTimeout(startTimer);
  watchLiveHeap((liveHeapBytes) => logger.info({ liveHeapBytes }, LIVE_HEAP_LOG));
} catch (err) {
  logger.fatal({ err }, 'workers failed to start');
  process.exit(1);
}
