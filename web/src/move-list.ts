// The SAN move list in the chosen language or figurines, with navigation: click a move,
// or the buttons / arrow keys (←, →, Home, End) to step through the game.
import { clear, h } from './dom';
import type { Ply } from './game-model';
import { t } from './i18n';
import { type NotationLanguage, translateSan } from './notation';

export class MoveList {
  readonly element: HTMLElement;
  private readonly list: HTMLOListElement;
  private cursor = -1; // index of the shown ply; -1 = the live (last) position

  constructor(
    private language: NotationLanguage,
    private readonly onNavigate: (ply: number | null) => void,
  ) {
    this.list = h('ol.move-list', { 'aria-label': t('moves.aria') });
    const nav = (label: string, text: string, go: () => void) =>
      h('button.nav', { type: 'button', title: label, 'aria-label': label, onclick: go }, text);
    this.element = h(
      'div.moves',
      {},
      this.list,
      h(
        'div.move-nav',
        {},
        nav(t('moves.first'), '«', () => this.go(0)),
        nav(t('moves.previous'), '‹', () => this.step(-1)),
        nav(t('moves.next'), '›', () => this.step(1)),
        nav(t('moves.last'), '»', () => this.go(null)),
      ),
    );
  }

  private plies: Ply[] = [];
  // Issue #18: the judgement marks of a computer analysis (analysis-panel.ts), by ply.
  private marks = new Map<number, { symbol: string; judgement: string; title: string }>();

  setMarks(marks: Map<number, { symbol: string; judgement: string; title: string }>): void {
    this.marks = marks;
    this.render(this.plies);
  }

  setLanguage(language: NotationLanguage): void {
    this.language = language;
    this.render(this.plies);
  }

  // Arrow-key navigation, installed by the page when focus is not in a text field.
  key(e: KeyboardEvent): boolean {
    if (e.key === 'ArrowLeft') this.step(-1);
    else if (e.key === 'ArrowRight') this.step(1);
    else if (e.key === 'Home') this.go(0);
    else if (e.key === 'End') this.go(null);
    else return false;
    return true;
  }

  private shown(): number {
    return this.cursor < 0 ? this.plies.length : this.cursor;
  }

  private step(delta: number): void {
    this.go(this.shown() + delta);
  }

  // ply = number of moves made in the shown position (0 = start); null = live.
  go(ply: number | null): void {
    const n = ply === null ? this.plies.length : Math.max(0, Math.min(this.plies.length, ply));
    this.cursor = n >= this.plies.length ? -1 : n;
    this.onNavigate(this.cursor < 0 ? null : this.cursor);
    this.render(this.plies);
  }

  render(plies: Ply[]): void {
    this.plies = plies;
    clear(this.list);
    const current = this.shown();
    plies.forEach((p, i) => {
      const number = Math.floor(i / 2) + 1;
      const label = translateSan(p.san, this.language, p.side);
      const mark = this.marks.get(i + 1);
      const item = h(
        'li.ply',
        {
          'data-ply': i + 1,
          'data-side': p.side,
          'aria-current': i + 1 === current ? 'step' : undefined,
          onclick: () => this.go(i + 1),
        },
        p.side === 'white' || i === 0 ? h('span.num', {}, `${number}${p.side === 'white' ? '.' : '…'}`) : null,
        h('span.san', {}, label, mark ? h(`span.judgement.${mark.judgement}` as 'span', { title: mark.title }, mark.symbol) : null),
      );
      if (i + 1 === current) item.classList.add('current');
      this.list.append(item);
    });
    this.scrollToCurrent();
  }

  // Scrolls the list, and only the list (not the page), so that the current move shows. The
  // items are `display: contents` (grid cells of the list), so the move's text is measured.
  private scrollToCurrent(): void {
    const san = this.list.querySelector<HTMLElement>('li.current .san');
    if (!san) {
      if (this.shown() === 0) this.list.scrollTop = 0;
      return;
    }
    const box = this.list.getBoundingClientRect();
    const item = san.getBoundingClientRect();
    if (item.top < box.top) this.list.scrollTop -= box.top - item.top;
    else if (item.bottom > box.bottom) this.list.scrollTop += item.bottom - box.bottom;
  }
}
