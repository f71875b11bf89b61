/**
 * A trade page on a connection that stops reading (a phone in a tunnel, a stuck tab): a raw
 * WebSocket speaking Socket.IO's protocol, joined to every coin's room and the ticker, whose
 * TCP socket is then paused, so the gateway's writes to it pile up unread.
 */
import type { Socket } from 'node:net';
import WebSocket from 'ws';

export type SlowClient = { subscribed: number; close: () => void };

export async function openSlowClient(url: string, coins: string[]): Promise<SlowClient> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
  });
  ws.on('error', () => {});
  let subscribed = 0;
  const acked = new Promise<void>((resolve) => {
    const expected = coins.length + 1;
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString();
      if (text === '2')
        ws.send('3'); // engine.io ping → pong, while it still reads
      else if (text.startsWith('0'))
        ws.send('40'); // open → join the default namespace
      else if (text.startsWith('40')) {
        coins.forEach((symbol, i) => {
          ws.send(`42${i}${JSON.stringify(['subscribe', { symbol }])}`);
        });
        ws.send(`42${coins.length}${JSON.stringify(['ticker:subscribe'])}`);
      } else if (text.startsWith('43')) {
        subscribed++;
        if (subscribed >= expected) resolve();
      }
    });
  });
  await Promise.race([acked, new Promise((r) => setTimeout(r, 10_000))]);
  // From now on nothing is read: the kernel's buffers fill, then the gateway's.
  const socket = (ws as unknown as { _socket?: Socket })._socket;
  socket?.pause();
  return {
    subscribed,
    close: () => {
      socket?.destroy();
      ws.terminate();
    },
  };
}
