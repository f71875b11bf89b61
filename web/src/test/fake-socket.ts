import type { AppSocket, AuthPayload, AuthProvider } from '../lib/realtime/realtime.ts';

type AnyListener = (...args: unknown[]) => void;

/**
 * A stand-in for socket.io-client's Socket in unit tests: the test plays the server
 * (accept, drop, refuse, emit events, answer acks) and reads what the client sent.
 */
export class FakeSocket {
  connected = false;
  active = false;
  connectCalls = 0;
  sent: Array<{ event: string; args: unknown[] }> = [];
  readonly io = {
    reconnectionDelay: () => {},
    reconnectionDelayMax: () => {},
    randomizationFactor: () => {},
    once: () => {},
    engine: { close: () => this.drop('transport close') },
  };
  private listeners = new Map<string, Set<AnyListener>>();

  constructor(readonly auth: AuthProvider) {}

  asSocket(): AppSocket {
    return this as unknown as AppSocket;
  }

  on(event: string, fn: AnyListener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(fn);
    return this;
  }

  off(event: string, fn: AnyListener): this {
    this.listeners.get(event)?.delete(fn);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.sent.push({ event, args });
    return this;
  }

  connect(): this {
    this.active = true;
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    const was = this.connected;
    this.active = false;
    this.connected = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  // ---- the server's side ----

  /** What the client would send in the handshake now. */
  handshake(): AuthPayload {
    let payload: AuthPayload = {};
    this.auth((data) => {
      payload = data;
    });
    return payload;
  }

  accept(): void {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  /** The network drops the connection; the client keeps retrying. */
  drop(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** A connection attempt fails on the network. */
  failAttempt(): void {
    this.fire('connect_error', new Error('websocket error'));
  }

  /** The server's middleware refuses the handshake (the client stops retrying by itself). */
  refuse(message = 'invalid token', statusCode = 401): void {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error(message), { data: { statusCode, message } }));
  }

  serverEmit(event: string, ...args: unknown[]): void {
    this.fire(event, ...args);
  }

  /** Client emits of one event, in order. */
  emitted(event: string): unknown[][] {
    return this.sent.filter((s) => s.event === event).map((s) => s.args);
  }

  /** Answers the n-th emit of `event` through its acknowledgement callback. */
  ack(event: string, n: number, reply: unknown): void {
    const args = this.emitted(event)[n];
    const cb = args?.[args.length - 1];
    if (typeof cb !== 'function') throw new Error(`no ack for ${event} #${n}`);
    (cb as (reply: unknown) => void)(reply);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
}
