// The two clocks, above and below the board: names, time with tenths under ten seconds,
// the delay still unused (Art. 6.3.2), moves to the time control, and a low-time warning
// (a red clock and one beep for the player's own clock).
import { h } from './dom';
import { formatClock, lowTimeThreshold } from './clock-format';
import type { GameModel } from './game-model';
import type { Side } from './protocol';
import { play } from './sound';

export class ClockView {
  readonly top = h('div.player.top');
  readonly bottom = h('div.player.bottom');
  private warned = false;
  private timer = 0;

  constructor(
    private readonly model: GameModel,
    private readonly bottomSide: () => Side,
    private readonly mySide: Side | null = null,
  ) {}

  start(): void {
    const tick = (): void => {
      this.render(performance.now());
      this.timer = window.setTimeout(tick, 100);
    };
    tick();
  }

  stop(): void {
    window.clearTimeout(this.timer);
  }

  render(now: number): void {
    const low = bottomFirst(this.bottomSide());
    this.fill(this.bottom, low[0], now);
    this.fill(this.top, low[1], now);
  }

  private fill(el: HTMLElement, side: Side, now: number): void {
    const m = this.model;
    const player = m.players[side];
    const c = m.clock;
    const ms = m.displayMs(side, now);
    const running = c?.running === side && !m.over;
    const isLow = c !== null && ms < lowTimeThreshold(m.initialMs || ms);
    el.dataset.side = side;
    el.classList.toggle('running', running);
    el.classList.toggle('low', isLow && c !== null);
    el.classList.toggle('to-move', m.turn === side && !m.over);
    const delay = running && c && c.delay_ms > 0 ? Math.max(0, c.delay_left_ms - (now - m.clockAt)) : 0;
    const toControl = c?.to_control?.[side];
    el.replaceChildren(
      ...[
      h('span.name', {}, `${player.name}${player.kind === 'computer' && !/computer/i.test(player.name) ? ' (computer)' : ''}`),
      c ? h('span.time', { 'aria-label': `${side} clock` }, formatClock(ms)) : h('span.time.none', {}, '∞'),
      delay > 0 ? h('span.delay', { title: 'delay (Art. 6.3.2)' }, `+${(delay / 1000).toFixed(1)}`) : null,
      toControl != null ? h('span.to-control', { title: 'moves to the time control' }, `${toControl} to go`) : null,
      ].filter((x): x is HTMLSpanElement => x !== null),
    );
    if (side === this.mySide && running && isLow && !this.warned) {
      this.warned = true;
      play('lowtime');
    }
  }
}

const bottomFirst = (bottom: Side): [Side, Side] => (bottom === 'white' ? ['white', 'black'] : ['black', 'white']);
