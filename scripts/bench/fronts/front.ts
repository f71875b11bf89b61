/**
 * One way of putting several gateways behind one port, run in a process of its own as the
 * launcher would run it: `node --import tsx scripts/bench/fronts/front.ts '<json>'` with
 * `{ kind, port, gatewayPorts, logFile }`, the gateways' settings in the environment. It starts
 * the gateways (their bundle, as `pnpm start` does), each writing to `logFile`, then prints
 * `ready` once the front listens on 127.0.0.1:`port` and every gateway serves. It stops the
 * gateways and exits on SIGTERM, or when its standard input closes (the benchmark is gone).
 *
 * - `proxy`: the former launcher's HTTP and WebSocket proxy (./http-proxy.ts); each gateway on
 *   its own port, trusting X-Forwarded-For from loopback, as the launcher ran them.
 * - `handoff`: the launcher's front (scripts/lib/gateway-front.ts): each accepted connection is
 *   handed to a gateway over its IPC channel (GATEWAY_FRONT=launcher).
 * - `cluster`, `cluster-none`: this process is a node:cluster primary forking the gateways, all
 *   listening on `port`; round-robin (the primary accepts and passes each connection on), or
 *   SCHED_NONE (the workers accept from the shared socket, the kernel spreads them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { closeSync, openSync } from 'node:fs';
import { createGatewayFront } from '../../lib/gateway-front.ts';
import { SERVERS, serverCommand } from '../../lib/servers.ts';
import { stopChild, waitForHealth } from '../common.ts';
import { createGatewayProxy, trustBehindLauncher } from './http-proxy.ts';

export type FrontKind = 'proxy' | 'handoff' | 'cluster' | 'cluster-none';
export type FrontOptions = { kind: FrontKind; port: number; gatewayPorts: number[]; logFile: string };

const exitOf = (child: ChildProcess) => new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Every gateway process started here: told to stop when this process ends, however it ends. */
const started: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

function spawnGateway(port: number, out: number, extra: NodeJS.ProcessEnv, ipc: boolean): ChildProcess {
  return spawn(process.execPath, serverCommand('gateway'), {
    env: { ...process.env, ...extra, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ipc ? ['ignore', out, out, 'ipc'] : ['ignore', out, out],
  });
}

/** The gateways behind a front of this process, each on its own port; resolves once all serve. */
async function startGateways(
  o: FrontOptions,
  extra: NodeJS.ProcessEnv,
  ipc: boolean,
): Promise<{ children: ChildProcess[]; stop: () => Promise<void> }> {
  const out = openSync(o.logFile, 'a');
  const children = o.gatewayPorts.map((port) => spawnGateway(port, out, extra, ipc));
  started.push(...children);
  closeSync(out);
  const stop = async () => {
    await Promise.all(children.map(stopChild));
  };
  await Promise.all(o.gatewayPorts.map((port) => waitForHealth(`http://127.0.0.1:${port}`, 60_000)));
  return { children, stop };
}

async function startProxy(o: FrontOptions): Promise<() => Promise<void>> {
  const front = createGatewayProxy(o.gatewayPorts);
  await front.listen(o.port, '127.0.0.1');
  const gateways = await startGateways(
    o,
    { TRUST_PROXY: trustBehindLauncher(process.env.TRUST_PROXY) },
    false,
  );
  gateways.children.forEach((child, index) => {
    front.follow(index, exitOf(child));
  });
  await waitUntil(() => front.up().every(Boolean));
  return async () => {
    await front.close();
    await gateways.stop();
  };
}

async function startHandoff(o: FrontOptions): Promise<() => Promise<void>> {
  const front = createGatewayFront(o.gatewayPorts.length);
  await front.listen(o.port, '127.0.0.1');
  const gateways = await startGateways(o, { GATEWAY_FRONT: 'launcher' }, true);
  gateways.children.forEach((child, index) => {
    front.follow(index, child, o.gatewayPorts[index] as number, exitOf(child));
  });
  await waitUntil(() => front.up().every(Boolean));
  return async () => {
    await front.close();
    await gateways.stop();
  };
}

async function startCluster(o: FrontOptions): Promise<() => Promise<void>> {
  // Read when the first worker is forked: set before it.
  cluster.schedulingPolicy = o.kind === 'cluster-none' ? cluster.SCHED_NONE : cluster.SCHED_RR;
  const command = serverCommand('gateway');
  const out = openSync(o.logFile, 'a');
  cluster.setupPrimary({
    exec: command.at(-1) ?? SERVERS.gateway.bundle,
    execArgv: command.slice(0, -1),
    stdio: ['ignore', out, out, 'ipc'],
  });
  let listening = 0;
  cluster.on('listening', () => {
    listening++;
  });
  const workers = o.gatewayPorts.map(() => cluster.fork({ PORT: String(o.port), HOST: '127.0.0.1' }));
  closeSync(out);
  await waitUntil(() => listening === workers.length, 60_000);
  return async () => {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const timer = setTimeout(() => worker.process.kill('SIGKILL'), 5000);
            worker.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };
}

async function waitUntil(ready: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

if (process.argv[1]?.endsWith('front.ts') && process.argv[2]) {
  const o = JSON.parse(process.argv[2]) as FrontOptions;
  const start = {
    proxy: startProxy,
    handoff: startHandoff,
    cluster: startCluster,
    'cluster-none': startCluster,
  };
  let stop: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void (stop?.() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.stdin.on('end', shutdown);
  process.stdin.resume();
  try {
    stop = await start[o.kind](o);
    if (stopping) await stop();
    else process.stdout.write('ready\n');
  } catch (err) {
    console.error(err);
    await stop?.();
    process.exit(1);
  }
}
