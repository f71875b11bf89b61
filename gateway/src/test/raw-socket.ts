import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A Socket.IO client over a bare TCP socket: the websocket handshake, frames and the engine.io
 * and Socket.IO packets written out here, so a test can stop reading (`pause`) exactly as a
 * client on a slow link would, and the gateway's writes pile up in its buffers.
 */
export type RawSocketIo = {
  /** The Socket.IO socket id the gateway gave it. */
  id: string;
  /** Every event received, in order: [name, payload]. */
  events: Array<[string, unknown]>;
  /** Emit an event with an acknowledgement; resolves with the ack's first argument. */
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
  pause(): void;
  resume(): void;
  close(): void;
};

/** A masked text frame (a client's frames must be masked). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const head =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const masked = Buffer.alloc(payload.length);
  for (let i = 0; i < payload.length; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([head, mask, masked]);
}

/** Connects to `url` (http://host:port) and completes the Socket.IO connect, with `token` if given. */
export function rawSocketIo(url: string, token?: string): Promise<RawSocketIo> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
    req.on('upgrade', (_res, socket: Socket, head: Buffer) => {
      const events: Array<[string, unknown]> = [];
      const acks = new Map<number, (value: unknown) => void>();
      let nextAck = 1;
      let pending = head;
      const send = (text: string) => socket.write(textFrame(text));
      const client: RawSocketIo = {
        id: '',
        events,
        emitWithAck(event, payload) {
          const id = nextAck++;
          return new Promise((done) => {
            acks.set(id, done);
            send(`42${id}${JSON.stringify([event, payload])}`);
          });
        },
        pause: () => socket.pause(),
        resume: () => socket.resume(),
        close: () => socket.destroy(),
      };
      const onPacket = (text: string) => {
        if (text === '2')
          send('3'); // engine.io ping
        else if (text.startsWith('0')) send(`40${JSON.stringify(token ? { token } : {})}`);
        else if (text.startsWith('40')) {
          client.id = (JSON.parse(text.slice(2)) as { sid: string }).sid;
          resolve(client);
        } else if (text.startsWith('44')) reject(new Error(`refused: ${text}`));
        else if (text.startsWith('42')) events.push(JSON.parse(text.slice(2)) as [string, unknown]);
        else if (text.startsWith('43')) {
          const m = /^43(\d+)/.exec(text);
          const id = Number(m?.[1]);
          acks.get(id)?.((JSON.parse(text.slice(2 + String(id).length)) as unknown[])[0]);
          acks.delete(id);
        }
      };
      const parse = () => {
        for (;;) {
          if (pending.length < 2) return;
          const opcode = (pending[0] ?? 0) & 0x0f;
          let length = (pending[1] ?? 0) & 0x7f;
          let offset = 2;
          if (length === 126) {
            if (pending.length < 4) return;
            length = pending.readUInt16BE(2);
            offset = 4;
          } else if (length === 127) {
            if (pending.length < 10) return;
            length = Number(pending.readBigUInt64BE(2));
            offset = 10;
          }
          if (pending.length < offset + length) return;
          const payload = pending.subarray(offset, offset + length);
          pending = pending.subarray(offset + length);
          if (opcode === 1) onPacket(payload.toString());
        }
      };
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        parse();
      });
      socket.on('error', () => {});
      parse();
    });
    req.end();
  });
}
