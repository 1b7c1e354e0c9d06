// One WebSocket per game (docs/web-protocol.md §2): hello with the seat token and the last
// event seen, in-order delivery of numbered events with resync on a gap, throttled acks,
// answers to pings, resend of unacknowledged actions, reconnection with backoff, and a
// watch for a socket gone silent (a network that went away sends no close).
import { serverError } from './errors';
import { t } from './i18n';
import {
  type ClientAction,
  type DirectMessage,
  type GameEvent,
  isEvent,
  PROTOCOL_VERSION,
  type ServerMessage,
} from './protocol';

export interface ConnectionHandlers {
  onEvent(event: GameEvent, replayed: boolean): void;
  onDirect(message: DirectMessage): void;
  onStatus(status: 'connecting' | 'online' | 'offline' | 'closed', detail?: string): void;
  // How often the server writes to this socket now (PING_EVERY_MS or QUIET_PING_EVERY_MS).
  keepaliveMs(): number;
}

// The server's keepalive (web-protocol.md §3.1, §3.3): a ping every 5 s to the players of a
// game whose clock runs, every 15 s to everybody else. A socket silent for longer, plus a
// margin for a slow network, is taken for dead: closed, and opened again.
export const PING_EVERY_MS = 5000;
export const QUIET_PING_EVERY_MS = 15000;
const SILENCE_MARGIN_MS = 3000;
const WATCH_EVERY_MS = 1000;

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
const RESEND_MS = 3000;
const ACK_EVERY_MS = 200;

interface Pending {
  id: number;
  action: ClientAction;
  sentAt: number;
  resolve: (error: string | null) => void;
}

export class GameConnection {
  private ws: WebSocket | null = null;
  private lastSeq = 0;
  private nextId = 1;
  private attempts = 0;
  private pending = new Map<number, Pending>();
  private ackTimer: number | null = null;
  private resendTimer: number | null = null;
  private closedForGood = false;
  private holdUntil = 0;
  private reconnectTimer: number | null = null;
  private replayUntil = 0; // events up to this seq are a replay: no sounds, no speech
  private heardAt = 0; // Date.now() of the socket's last message (or of its opening)
  private watchTimer: number | null = null;

  constructor(
    private readonly url: string,
    private readonly token: string | null,
    private readonly handlers: ConnectionHandlers,
  ) {
    // The network is back: no need to wait for the backoff.
    window.addEventListener('online', () => this.reconnectNow());
  }

  get seq(): number {
    return this.lastSeq;
  }

  // After a `state` snapshot the client starts counting from its seq.
  resetSeq(seq: number): void {
    this.lastSeq = seq;
  }

  open(): void {
    this.handlers.onStatus('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.heardAt = Date.now();
    ws.onopen = () => {
      ws.send(JSON.stringify({ t: 'hello', v: PROTOCOL_VERSION, token: this.token, last_seq: this.lastSeq }));
    };
    ws.onmessage = (e) => {
      this.heardAt = Date.now();
      this.receive(String(e.data));
    };
    ws.onclose = () => this.dropped();
    ws.onerror = () => ws.close();
    if (this.resendTimer === null) this.resendTimer = window.setInterval(() => this.resend(), RESEND_MS);
    if (this.watchTimer === null) this.watchTimer = window.setInterval(() => this.watch(), WATCH_EVERY_MS);
  }

  // A socket that has heard nothing for longer than the server's keepalive allows is dead,
  // though the browser has not noticed (no close arrives from a network that went away):
  // give it up and reconnect; the missed events are replayed.
  private watch(): void {
    const ws = this.ws;
    if (!ws || Date.now() - this.heardAt <= this.handlers.keepaliveMs() + SILENCE_MARGIN_MS) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    ws.close();
    this.dropped();
  }

  // Sends an action; resolves with null on ack or with the refusal, in the reader's language.
  send(action: ClientAction): Promise<string | null> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const p: Pending = { id, action, sentAt: Date.now(), resolve };
      this.pending.set(id, p);
      this.transmit(p);
    });
  }

  // Test hook: closes the socket as a network failure would and stays offline `holdMs`
  // (or until `endDrop`).
  simulateDrop(holdMs: number): void {
    this.holdUntil = Date.now() + holdMs;
    this.ws?.close();
  }

  // Test hook: the network is back; reconnect now.
  endDrop(): void {
    this.holdUntil = 0;
    this.reconnectNow();
  }

  // Reconnects at once when waiting for the backoff.
  private reconnectNow(): void {
    if (this.ws !== null || this.closedForGood || this.reconnectTimer === null || Date.now() < this.holdUntil) return;
    window.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.open();
  }

  close(): void {
    this.closedForGood = true;
    if (this.resendTimer !== null) window.clearInterval(this.resendTimer);
    if (this.watchTimer !== null) window.clearInterval(this.watchTimer);
    this.ws?.close();
  }

  private transmit(p: Pending): void {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ ...p.action, id: p.id }));
      p.sentAt = Date.now();
    }
  }

  // Only moves are resent (the server deduplicates them by ply); other actions are
  // answered or failed when the socket drops.
  private resend(): void {
    for (const p of this.pending.values()) {
      if (p.action.t === 'move' && Date.now() - p.sentAt >= RESEND_MS) this.transmit(p);
    }
  }

  private receive(text: string): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (isEvent(msg)) {
      if (msg.seq <= this.lastSeq) return;
      if (msg.seq > this.lastSeq + 1) {
        this.ws?.send(JSON.stringify({ t: 'resync', last_seq: this.lastSeq }));
        return;
      }
      this.lastSeq = msg.seq;
      this.handlers.onEvent(msg, msg.seq <= this.replayUntil);
      this.scheduleAck();
      return;
    }
    switch (msg.t) {
      case 'welcome':
        this.attempts = 0;
        this.replayUntil = msg.seq;
        this.handlers.onStatus('online');
        for (const p of this.pending.values()) if (p.action.t === 'move') this.transmit(p);
        break;
      case 'state':
        this.lastSeq = msg.d.seq;
        break;
      case 'ping':
        this.ws?.send(JSON.stringify({ t: 'pong', n: msg.n }));
        break;
      case 'ack':
        this.settle(msg.id, null);
        break;
      case 'error':
        if (msg.id != null) this.settle(msg.id, serverError(msg.d));
        if (msg.d.fatal) {
          this.closedForGood = true;
          this.handlers.onStatus('closed', serverError(msg.d));
        }
        break;
      default:
        break;
    }
    this.handlers.onDirect(msg);
  }

  private settle(id: number, error: string | null): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.resolve(error);
  }

  private scheduleAck(): void {
    if (this.ackTimer !== null) return;
    this.ackTimer = window.setTimeout(() => {
      this.ackTimer = null;
      if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ t: 'ack', seq: this.lastSeq }));
    }, ACK_EVERY_MS);
  }

  private dropped(): void {
    this.ws = null;
    for (const p of [...this.pending.values()]) {
      if (p.action.t !== 'move') this.settle(p.id, t('conn.lost'));
    }
    if (this.closedForGood) return;
    this.handlers.onStatus('offline');
    const backoff = BACKOFF_MS[Math.min(this.attempts, BACKOFF_MS.length - 1)] ?? 8000;
    const delay = Math.max(backoff, this.holdUntil - Date.now());
    this.attempts++;
    this.reconnectTimer = window.setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }
}
