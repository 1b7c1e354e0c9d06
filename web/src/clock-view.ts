// The two clocks, above and below the board: names, time with tenths under ten seconds,
// the delay still unused (Art. 6.3.2), moves to the time control, and a low-time warning
// (a red clock and one beep for the player's own clock).
import { h } from './dom';
import { DAY_MS, formatClock, formatDays, lowTimeThreshold } from './clock-format';
import type { GameModel } from './game-model';
import { t } from './i18n';
import { displayName } from './names';
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
    const running = c?.running === side && !m.over;
    // Issue #17 item 5: a correspondence clock has no main time, only each move's days
    // (the delay): it shows the days left for the move, or a whole move's days.
    const days = c !== null && c.delay_ms >= DAY_MS && m.initialMs === 0;
    const delayLeft = running && c ? Math.max(0, c.delay_left_ms - (now - m.clockAt)) : 0;
    const ms = days && c ? (running ? delayLeft : c.delay_ms) : m.displayMs(side, now);
    const isLow = c !== null && ms < lowTimeThreshold(days ? ms + 1 : m.initialMs || ms);
    el.dataset.side = side;
    el.classList.toggle('running', running);
    el.classList.toggle('low', isLow && c !== null);
    el.classList.toggle('to-move', m.turn === side && !m.over);
    const delay = running && c && c.delay_ms > 0 && !days ? delayLeft : 0;
    const toControl = c?.to_control?.[side];
    el.replaceChildren(
      ...[
      h('span.name', {}, playerLabel(player.name, player.kind)),
      c ? h('span.time', { 'aria-label': t(`clock.${side}`) }, days ? formatDays(ms) : formatClock(ms)) : h('span.time.none', {}, '∞'),
      delay > 0 ? h('span.delay', { title: t('clock.delay') }, `+${(delay / 1000).toFixed(1)}`) : null,
      toControl != null ? h('span.to-control', { title: t('clock.toControl') }, t('clock.toGo', { count: toControl })) : null,
      ].filter((x): x is HTMLSpanElement => x !== null),
    );
    if (side === this.mySide && running && isLow && !this.warned) {
      this.warned = true;
      play('lowtime');
    }
  }
}

// The name over a clock; the computer's marked as such when its name does not say so.
function playerLabel(name: string, kind: 'human' | 'computer'): string {
  const shown = displayName(name);
  return kind === 'computer' && shown === name && !/computer/i.test(name) ? t('player.computerSuffix', { name: shown }) : shown;
}

const bottomFirst = (bottom: Side): [Side, Side] => (bottom === 'white' ? ['white', 'black'] : ['black', 'white']);
