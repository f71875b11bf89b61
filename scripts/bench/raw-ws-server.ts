/**
 * The baseline of the fan-out benchmark: the smallest honest relay. It takes each market event
 * from a Redis pub/sub channel (the same hop the Socket.IO path has), already encoded as the
 * text a client reads, turns it into bytes once and writes that to every connected WebSocket
 * client. No rooms, no protocol, no acks, no per-client state.
 */
import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';

const redisUrl = String(process.env.REDIS_URL);
const channel = String(process.env.BENCH_CHANNEL);

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, backlog: 4096 });
const listening = new Promise<void>((resolve) => wss.once('listening', resolve));
const subscriber = new Redis(redisUrl);
subscriber.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
  for (const client of wss.clients) client.send(message, { binary: false });
});
await subscriber.subscribe(channel);
await listening;
const address = wss.address();
if (typeof address === 'object' && address) console.log(`LISTENING port=${address.port}`);
process.on('SIGTERM', () => {
  wss.close();
  subscriber.disconnect();
  process.exit(0);
});
