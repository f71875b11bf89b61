import { LIVE_HEAP_LOG, watchLiveHeap } from '@app/shared/heap';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { launcherChannel } from './front.ts';

/** Start the gateway and stop it cleanly: in-flight requests finish, pools close. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Behind `pnpm start`'s front, the launcher hands this gateway connections on its public port.
  const front = launcherChannel(config.behindLauncher);
  const app = await buildApp(config, { front });
  front?.serve(app.server);
  watchLiveHeap((liveHeapBytes) => app.log.info({ liveHeapBytes }, LIVE_HEAP_LOG));
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`gateway listening on ${address} (API docs at ${address}/api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
