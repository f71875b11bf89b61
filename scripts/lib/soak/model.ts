/**
 * The people of a soak run, each drawing its choices from a seeded stream of its own (so a
 * replay with the same SOAK_SEED makes the same choices whatever the timing): traders placing
 * real and practice trades, topping up with a voucher, withdrawing and opening tickets;
 * watchers on trade pages (Socket.IO, subscribed to a coin's prices); one admin deciding
 * top-ups and withdrawals, answering tickets and sending broadcasts. Everything goes through
 * the public port.
 */
import { randomUUID } from 'node:crypto';
import type { Balances, BalancesResponse, TradeSetting } from '@app/shared';
import { createRng, type Rng } from '../../../workers/src/market/rng.ts';
import { apiLogIn, type Credentials, enrollTwoFactor, registerUser } from '../e2e.ts';
import { clientOf } from '../test-sockets.ts';
import type { Answer, Api } from './api.ts';
import type { SoakConfig } from './config.ts';
import type { Recorder } from './recorder.ts';

export type Trader = {
  index: number;
  id: string;
  username: string;
  token: string;
  rng: Rng;
  /** The real balance the platform last answered (rupees). */
  real: number;
};

export type Watcher = {
  index: number;
  symbol: string;
  client: ReturnType<typeof clientOf>;
  createdAt: number;
  lastTickAt: number;
};

export type PlacedTrade = { id: string; userId: string; account: 'real' | 'practice'; expiresAt: number };

export type ModelOptions = {
  config: SoakConfig;
  api: Api;
  recorder: Recorder;
  url: string;
  referralKey: string;
  superadmin: Credentials;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An exponential wait with the given mean: events at a steady random rate. */
const exponential = (rng: Rng, meanSeconds: number) => -Math.log(1 - rng.next()) * meanSeconds * 1000;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng.next() * list.length)] as T;
const between = (rng: Rng, low: number, high: number) => low + Math.floor(rng.next() * (high - low + 1));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A voucher the gateway takes for a PNG (it reads the magic number; the rest is noise). */
function voucher(rng: Rng): Blob {
  const bytes = new Uint8Array(2048);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(rng.next() * 256);
  bytes.set(PNG_SIGNATURE);
  return new Blob([bytes], { type: 'image/png' });
}

/** What a retry can help with: no answer, or the platform saying a part is away. */
const retryable = (status: number) => status === 0 || status === 503;

export class Model {
  readonly traders: Trader[] = [];
  readonly watchers: Watcher[] = [];
  /** Every trade the platform said it placed (201, or 200 for a retry). */
  readonly placed = new Map<string, PlacedTrade>();
  /** Top-ups the admin was told were approved, with their amounts (rupees). */
  readonly approvedTopups = new Map<string, number>();
  /** `trade:settled` events received per trade by its owner's page. */
  readonly settledEvents = new Map<string, number>();
  private staffToken = '';
  private settings: TradeSetting[] = [];
  private stopped = false;
  private wake: Array<() => void> = [];
  private loops: Promise<void>[] = [];
  private readonly seed: string;

  constructor(private readonly o: ModelOptions) {
    this.seed = o.config.SOAK_SEED;
  }

  private rng(...parts: string[]) {
    return createRng(this.seed, ...parts);
  }

  /** Staff signed in with two-factor sign-in, the traders registered and funded, the watchers connected. */
  async setUp(): Promise<void> {
    const { api, config } = this.o;
    const staff = { url: this.o.url, totp: new Map() };
    await enrollTwoFactor(staff, this.o.superadmin);
    this.staffToken = await apiLogIn(staff, this.o.superadmin);

    const settings = await api<{ data: TradeSetting[] }>('trade-settings', 'GET', '/api/trade-setting');
    const all = (settings.body?.data ?? []).toSorted((a, b) => a.seconds - b.seconds);
    if (all.length === 0) throw new Error('the platform has no trade settings');
    const short = all.filter((s) => s.seconds <= config.SOAK_TRADE_MAX_SECONDS);
    this.settings = short.length > 0 ? short : all.slice(0, 1);

    for (let index = 0; index < config.SOAK_TRADERS; index++) {
      const user = await registerUser(
        { url: this.o.url, referralKey: this.o.referralKey },
        { firstName: 'Soak', lastName: `Trader${index}`, prefix: `soak${index}` },
      );
      this.traders.push({
        index,
        id: user.id,
        username: user.username,
        token: user.token,
        rng: this.rng('trader', String(index)),
        real: 0,
      });
    }
    // Everyone starts with real money, topped up and approved as any top-up is.
    for (const trader of this.traders) await this.topUp(trader, 5_000);
    await this.decide(this.rng('setup'), 1);
    for (const trader of this.traders) await this.refreshBalance(trader);

    for (let index = 0; index < config.SOAK_WATCHERS; index++) this.addWatcher(index);
  }

  private addWatcher(index: number) {
    const symbol = this.o.config.SOAK_COINS[index % this.o.config.SOAK_COINS.length] as string;
    // Half of them signed in, as a trader's own trade page is: they also hear its trades end.
    const owner = index % 2 === 0 ? this.traders[index % Math.max(1, this.traders.length)] : undefined;
    const client = clientOf(this.o.url, {
      token: owner?.token,
      reconnect: true,
      // Some as browsers start (long polling, then the upgrade), some on WebSocket at once.
      transports: index % 3 === 0 ? ['polling', 'websocket'] : ['websocket'],
    });
    const now = Date.now();
    const watcher: Watcher = { index, symbol, client, createdAt: now, lastTickAt: now };
    // Each (re)connection joins the coin's room again, as the trade page does.
    client.socket.on('connect', () => {
      client.socket.emit('subscribe', { symbol }, () => {});
    });
    client.socket.on('market:tick', () => {
      watcher.lastTickAt = Date.now();
    });
    client.socket.on('trade:settled', (payload) => {
      const id = payload.trade.id;
      this.settledEvents.set(id, (this.settledEvents.get(id) ?? 0) + 1);
    });
    this.watchers.push(watcher);
  }

  /** Drop what the watchers' clients keep of every event (they would hold a whole run's). */
  forgetEvents() {
    for (const w of this.watchers) w.client.events.length = 0;
  }

  start() {
    const { config } = this.o;
    for (const trader of this.traders) {
      this.loops.push(this.every(trader.rng, config.SOAK_TRADE_EVERY_SECONDS, () => this.trade(trader)));
      const wallet = this.rng('wallet', String(trader.index));
      this.loops.push(
        this.every(wallet, config.SOAK_WALLET_EVERY_SECONDS, () => this.wallet(trader, wallet)),
      );
      const tickets = this.rng('tickets', String(trader.index));
      this.loops.push(
        this.every(tickets, config.SOAK_TICKET_EVERY_SECONDS, () => this.ticket(trader, tickets)),
      );
    }
    const admin = this.rng('admin');
    this.loops.push(this.every(admin, config.SOAK_ADMIN_EVERY_SECONDS, () => this.decide(admin, 0.85)));
    const broadcasts = this.rng('broadcasts');
    this.loops.push(this.every(broadcasts, config.SOAK_BROADCAST_EVERY_SECONDS, () => this.broadcast()));
  }

  /** Stops every loop after its current step. */
  async stop() {
    this.stopped = true;
    for (const w of this.wake.splice(0)) w();
    await Promise.all(this.loops);
  }

  /** Closes the watchers. */
  close() {
    for (const w of this.watchers) w.client.socket.close();
  }

  private async every(rng: Rng, meanSeconds: number, step: () => Promise<void>) {
    while (!this.stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, exponential(rng, meanSeconds));
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (this.stopped) return;
      try {
        await step();
      } catch (err) {
        this.o.recorder.count('model error');
        process.stderr.write(`[soak] ${err instanceof Error ? err.stack : String(err)}\n`);
      }
    }
  }

  /**
   * A request retried with the same idempotency key while the platform does not answer or
   * says a part is away, as a client that does not know whether it went through does.
   */
  private async withRetries<T>(send: () => Promise<Answer<T>>, tries = 4) {
    let answer = await send();
    for (let i = 1; i < tries && retryable(answer.status) && !this.stopped; i++) {
      const wait = Number(answer.retryAfter);
      await sleep(Number.isFinite(wait) && wait > 0 ? Math.min(wait, 5) * 1000 : 1_000);
      answer = await send();
    }
    return answer;
  }

  private async trade(trader: Trader) {
    const { api, recorder, config } = this.o;
    const rng = trader.rng;
    const setting = pick(rng, this.settings);
    const symbol = pick(rng, config.SOAK_COINS);
    const direction = rng.next() < 0.5 ? 'up' : 'down';
    const wantsReal = rng.next() < 0.6;
    const realAmount = between(rng, 10, 200);
    const practiceAmount = between(rng, 100, 2_000);
    const account = wantsReal && trader.real >= realAmount ? 'real' : 'practice';
    const amount = account === 'real' ? realAmount : practiceAmount;
    const key = randomUUID();
    const answer = await this.withRetries(() =>
      api<{ trade: { id: string; expiresAt: string }; balances: Balances }>(
        'trade.place',
        'POST',
        '/api/trades',
        {
          token: trader.token,
          headers: { 'idempotency-key': key },
          json: { amount, settingId: setting.id, symbol, direction, account },
        },
      ),
    );
    if ((answer.status === 201 || answer.status === 200) && answer.body) {
      const { trade, balances } = answer.body;
      if (!this.placed.has(trade.id)) recorder.count(`trade placed (${account})`);
      this.placed.set(trade.id, {
        id: trade.id,
        userId: trader.id,
        account,
        expiresAt: Date.parse(trade.expiresAt),
      });
      trader.real = balances.real;
    } else if (answer.status === 409) {
      // The user's message without its figures: why trades were refused, by reason.
      const message = (answer.body as { message?: string } | undefined)?.message ?? '';
      recorder.count(`trade refused: ${message.replace(/[\d.,₹]+/g, '#').slice(0, 80)}`);
    }
  }

  private async wallet(trader: Trader, rng: Rng) {
    if (rng.next() < 0.5 || trader.real < 100) {
      await this.topUp(trader, between(rng, 5, 50) * 100, rng);
      return;
    }
    const amount = between(rng, 50, Math.min(1_000, Math.floor(trader.real)));
    const key = randomUUID();
    const answer = await this.withRetries(() =>
      this.o.api<{ balances: Balances }>('withdrawal.request', 'POST', '/api/withdrawals', {
        token: trader.token,
        headers: { 'idempotency-key': key },
        json: {
          amount,
          method: 'bank',
          accountHolderName: trader.username,
          bankAccountNumber: `00112233${String(trader.index).padStart(4, '0')}`,
          bankName: 'Soak Bank',
          ifscCode: 'SOAK0000001',
        },
      }),
    );
    if ((answer.status === 201 || answer.status === 200) && answer.body) {
      this.o.recorder.count('withdrawal requested');
      trader.real = answer.body.balances.real;
    }
  }

  private async topUp(trader: Trader, amount: number, rng = trader.rng) {
    const key = randomUUID();
    const bytes = voucher(rng);
    const answer = await this.withRetries(() => {
      const form = new FormData();
      form.set('amount', String(amount));
      form.set('currency', 'INR');
      form.set('voucher', bytes, 'receipt.png');
      return this.o.api('topup.request', 'POST', '/api/topups', {
        token: trader.token,
        headers: { 'idempotency-key': key },
        form,
      });
    });
    if (answer.status === 201 || answer.status === 200) this.o.recorder.count('top-up requested');
  }

  private async refreshBalance(trader: Trader) {
    const answer = await this.o.api<Balances>('balances', 'GET', '/api/user/me/balances', {
      token: trader.token,
    });
    if (answer.status === 200 && answer.body) trader.real = answer.body.real;
  }

  private async ticket(trader: Trader, rng: Rng) {
    const answer = await this.o.api<{ id: string }>('ticket.open', 'POST', '/api/tickets', {
      token: trader.token,
      json: {
        subject: `Question ${between(rng, 1, 9_999)}`,
        message: 'My trade page showed a gap in the prices; is everything fine with my balance?',
      },
    });
    if (answer.status === 201) this.o.recorder.count('ticket opened');
  }

  /** One admin round: pending top-ups and withdrawals decided, waiting tickets answered. */
  private async decide(rng: Rng, approveShare: number) {
    const { api, recorder } = this.o;
    const token = this.staffToken;
    const topups = await api<{ items: Array<{ id: string; amount: number }> }>(
      'admin.topups',
      'GET',
      '/api/topups?status=pending&limit=100',
      { token },
    );
    for (const t of topups.body?.items ?? []) {
      const approve = rng.next() < approveShare;
      const answer = approve
        ? await api('topup.approve', 'PUT', `/api/topups/${t.id}/approve`, { token })
        : await api('topup.reject', 'PUT', `/api/topups/${t.id}/reject`, {
            token,
            json: { remarks: 'The voucher does not show the payment' },
          });
      if (answer.status === 200) {
        recorder.count(approve ? 'top-up approved' : 'top-up rejected');
        if (approve) this.approvedTopups.set(t.id, t.amount);
      }
    }
    const withdrawals = await api<{ items: Array<{ id: string }> }>(
      'admin.withdrawals',
      'GET',
      '/api/withdrawals?status=pending&limit=100',
      { token },
    );
    for (const w of withdrawals.body?.items ?? []) {
      const status = rng.next() < 0.7 ? 'approved' : 'rejected';
      const answer = await api('withdrawal.decide', 'PUT', `/api/withdrawals/${w.id}/status`, {
        token,
        json: { status, remarks: status === 'approved' ? 'Paid' : 'Bank details do not match' },
      });
      if (answer.status === 200) recorder.count(`withdrawal ${status}`);
    }
    for (const status of ['open', 'customer_replied'] as const) {
      const tickets = await api<{ items: Array<{ id: string }> }>(
        'admin.tickets',
        'GET',
        `/api/admin/tickets?status=${status}&limit=20`,
        { token },
      );
      for (const t of tickets.body?.items ?? []) {
        const answer =
          rng.next() < 0.8
            ? await api('ticket.answer', 'POST', `/api/admin/tickets/${t.id}/messages`, {
                token,
                json: { message: 'Your balance is correct; prices came back after a short gap.' },
              })
            : await api('ticket.close', 'PATCH', `/api/admin/tickets/${t.id}/status`, {
                token,
                json: { status: 'closed' },
              });
        if (answer.status === 201 || answer.status === 200) recorder.count('ticket handled');
      }
    }
  }

  private async broadcast() {
    const answer = await this.o.api('broadcast', 'POST', '/api/admin/notifications', {
      token: this.staffToken,
      json: {
        audience: 'all',
        type: 'system',
        title: 'Scheduled maintenance',
        body: 'Trading continues during maintenance.',
      },
    });
    if (answer.status === 200 || answer.status === 202) this.o.recorder.count('broadcast sent');
  }

  /** The balances each trader's account page shows now, by user id. */
  async balancesShown(): Promise<Map<string, Balances>> {
    const shown = new Map<string, Balances>();
    for (const trader of this.traders) {
      const answer = await this.o.api<BalancesResponse>('balances', 'GET', '/api/user/me/balances', {
        token: trader.token,
      });
      if (answer.status === 200 && answer.body) shown.set(trader.id, answer.body.balances);
      else
        this.o.recorder.violation('balance-shown', `${trader.username}'s balances answered ${answer.status}`);
    }
    return shown;
  }
}
