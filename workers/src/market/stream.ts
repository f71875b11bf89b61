import { WebSocket } from 'ws';
import type { Logger } from '../logger.ts';

export type StreamOptions = {
  /** BINANCE_WS_URL; the client connects to `${baseUrl}/stream?streams=a/b/c`. */
  baseUrl: string;
  streams: () => string[];
  connectTimeoutMs: number;
  /** Open a replacement connection this long after a connection opened (Binance cuts at 24 h). */
  renewAfterMs: number;
  /** No frame and no ping for this long: the connection is dead. */
  idleTimeoutMs: number;
  reconnectBaseMs: number;
  reconnectMaxMs: number;
  logger: Logger;
  onMessage: (text: string) => void;
  /** A binary frame: Binance sends none on these streams. */
  onBinary: () => void;
  onUp: () => void;
  onDown: (reason: string) => void;
};

type Conn = {
  id: number;
  ws: WebSocket;
  /** The stream list it was opened with (joined by '/'). */
  streams: string;
  opened: boolean;
  gotData: boolean;
  lastSeen: number;
  timers: NodeJS.Timeout[];
};

/** Replacement not sending yet this long after opening: take it anyway. */
const PROMOTE_AFTER_MS = 2_000;

export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  // "Equal jitter": at least half the delay, so a crowd of clients spreads out but never hammers.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * One combined-stream connection to Binance, kept alive: reconnects with exponential backoff
 * and jitter, opens a replacement before the 24 h cut-off (both run until the new one
 * delivers, so no frame is missed; the sink drops the duplicates), and treats a silent
 * connection as dead. `ws` answers Binance's pings itself (autoPong).
 */
export class BinanceStream {
  private current: Conn | null = null;
  private next: Conn | null = null;
  private seq = 0;
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private renewRetryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private up = false;
  /** Connections opened, for logs and tests. */
  opened = 0;

  constructor(private readonly opts: StreamOptions) {}

  get isUp() {
    return this.up;
  }

  start() {
    this.connect(false);
  }

  /** Open a replacement connection now (stream list changed, or Binance announced a shutdown). */
  renew(reason: string) {
    if (this.stopped || this.next) return;
    if (!this.current) {
      // Down already: reconnect now rather than at the end of the backoff.
      if (this.retryTimer) {
        clearTimeout(this.retryTimer);
        this.retryTimer = undefined;
        this.connect(false);
      }
      return;
    }
    this.opts.logger.info({ reason }, 'renewing the Binance stream connection');
    this.connect(true);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.renewRetryTimer);
    const conns = [this.current, this.next].filter((c): c is Conn => c !== null);
    this.current = null;
    this.next = null;
    await Promise.all(conns.map((c) => closeConn(c, 1000, 'shutdown')));
  }

  private connect(renewal: boolean) {
    if (this.stopped) return;
    const streams = this.opts.streams();
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/stream?streams=${streams.join('/')}`;
    const ws = new WebSocket(url, {
      handshakeTimeout: this.opts.connectTimeoutMs,
      autoPong: true,
      perMessageDeflate: false,
    });
    const conn: Conn = {
      id: ++this.seq,
      ws,
      streams: streams.join('/'),
      opened: false,
      gotData: false,
      lastSeen: Date.now(),
      timers: [],
    };
    if (renewal) this.next = conn;
    else this.current = conn;

    ws.on('open', () => this.onOpen(conn));
    ws.on('message', (data, isBinary) => {
      conn.lastSeen = Date.now();
      if (!conn.gotData) this.onFirstData(conn);
      if (isBinary) this.opts.onBinary();
      else this.opts.onMessage(data.toString());
    });
    ws.on('ping', () => {
      conn.lastSeen = Date.now();
    });
    ws.on('error', (err) => {
      this.opts.logger.debug({ err: err.message, conn: conn.id }, 'Binance stream error');
    });
    ws.on('close', (code, reason) => this.onClose(conn, code, reason.toString()));
  }

  private onOpen(conn: Conn) {
    if (this.stopped) return;
    conn.opened = true;
    conn.lastSeen = Date.now();
    this.opened++;
    conn.timers.push(
      setInterval(
        () => {
          if (Date.now() - conn.lastSeen > this.opts.idleTimeoutMs) {
            this.opts.logger.warn({ conn: conn.id }, 'Binance stream silent: reconnecting');
            conn.ws.terminate();
          }
        },
        Math.max(100, Math.floor(this.opts.idleTimeoutMs / 4)),
      ),
    );
    if (conn === this.next) {
      if (!this.current) this.promote();
      else conn.timers.push(setTimeout(() => this.next === conn && this.promote(), PROMOTE_AFTER_MS));
      return;
    }
    this.becameCurrent(conn);
  }

  private onFirstData(conn: Conn) {
    conn.gotData = true;
    // Reset the backoff only once data flows: a server that accepts and drops at once stays backed off.
    this.attempts = 0;
    if (conn === this.next && conn.opened) this.promote();
  }

  private becameCurrent(conn: Conn) {
    conn.timers.push(setTimeout(() => this.renew('connection age'), this.opts.renewAfterMs));
    this.opts.logger.info({ conn: conn.id }, 'Binance stream connected');
    if (!this.up) {
      this.up = true;
      this.opts.onUp();
    }
    // The coin list changed while this connection was opening (a renewal asked for then was
    // not started, one being under way): open another with the list as it is now.
    const wanted = this.opts.streams().join('/');
    if (wanted !== '' && wanted !== conn.streams) this.renew('stream list changed while connecting');
  }

  private promote() {
    const fresh = this.next;
    if (!fresh) return;
    const old = this.current;
    this.next = null;
    this.current = fresh;
    this.becameCurrent(fresh);
    if (old) void closeConn(old, 1000, 'renewed');
  }

  private onClose(conn: Conn, code: number, reason: string) {
    for (const t of conn.timers) clearTimeout(t);
    conn.timers = [];
    if (this.stopped) return;
    if (conn === this.next) {
      this.next = null;
      if (this.current) {
        // The replacement failed; the old connection still serves. Try again later.
        const delay = backoffDelay(this.attempts++, this.opts.reconnectBaseMs, this.opts.reconnectMaxMs);
        clearTimeout(this.renewRetryTimer);
        this.renewRetryTimer = setTimeout(() => this.renew('retry'), delay);
        return;
      }
    } else if (conn === this.current) {
      this.current = null;
      if (this.next?.opened) {
        this.promote();
        return;
      }
    } else {
      return; // a replaced connection closing
    }
    if (this.next) return; // a replacement is connecting and will take over when it opens
    const why = conn.opened ? `closed (${code}${reason ? ` ${reason}` : ''})` : 'could not connect';
    if (this.up) {
      this.up = false;
      this.opts.onDown(why);
    }
    const delay = backoffDelay(this.attempts++, this.opts.reconnectBaseMs, this.opts.reconnectMaxMs);
    this.opts.logger.warn({ why, retryInMs: delay, attempt: this.attempts }, 'Binance stream down');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect(false);
    }, delay);
  }
}

function closeConn(conn: Conn, code: number, reason: string): Promise<void> {
  for (const t of conn.timers) clearTimeout(t);
  conn.timers = [];
  const { ws } = conn;
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      ws.terminate();
      resolve();
    }, 1_000);
    ws.once('close', () => {
      clearTimeout(force);
      resolve();
    });
    if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    else ws.close(code, reason);
  });
}
