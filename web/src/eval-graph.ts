// The evaluation graph of an analysed game (issue #18 item 3): White's winning chances
// (0..100, docs/analysis.md) after every ply as an area over the moves, the middle line,
// the judged moves as coloured ticks, the shown ply as a vertical line. Each ply is a
// column one can click (its title names the move and the figure) to go to that ply. The
// points come from analysis-model.ts.
import { areaPath, type GameAnalysis, graphPoints, JUDGEMENT_SYMBOL, numberedMove, evalText } from './analysis-model';
import { t } from './i18n';
import { type NotationLanguage, translateSan } from './notation';
import { moveNumber } from './pgn-tree';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 120;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export class EvalGraph {
  readonly element: SVGSVGElement;
  private cursor: SVGLineElement;
  private plies = 0;

  constructor(private readonly onPly: (ply: number) => void) {
    this.element = svg('svg', { class: 'eval-graph', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', role: 'group' });
    this.element.setAttribute('aria-label', t('analysis.graph'));
    this.cursor = svg('line', { class: 'eval-cursor', x1: 0, x2: 0, y1: 0, y2: HEIGHT });
  }

  render(a: GameAnalysis, startFen: string, language: NotationLanguage): void {
    const points = graphPoints(a, WIDTH, HEIGHT);
    this.plies = a.plies.length;
    const children: SVGElement[] = [
      svg('rect', { class: 'eval-black', x: 0, y: 0, width: WIDTH, height: HEIGHT }),
      svg('path', { class: 'eval-white', d: areaPath(points, HEIGHT) }),
      svg('line', { class: 'eval-middle', x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2 }),
    ];
    // The judged moves: a tick at the top in the judgement's colour.
    for (const [i, p] of a.plies.entries()) {
      const point = points[i + 1];
      if (!p.judgement || !point) continue;
      children.push(svg('line', { class: `eval-mark ${p.judgement}`, 'data-ply': i + 1, x1: point.x, x2: point.x, y1: 0, y2: HEIGHT * 0.14 }));
    }
    children.push(this.cursor);
    // One column a ply, for the click and the title.
    const column = points.length > 1 ? WIDTH / (points.length - 1) : WIDTH;
    for (const p of points) {
      const rect = svg('rect', { class: 'eval-ply', 'data-ply': p.ply, x: Math.max(0, p.x - column / 2), y: 0, width: column, height: HEIGHT });
      const title = svg('title', {});
      const ply = a.plies[p.ply - 1];
      const side = p.ply > 0 ? moveNumber(startFen, p.ply).side : 'white';
      const move = ply ? numberedMove(startFen, p.ply, translateSan(ply.san, language, side) + (ply.judgement ? JUDGEMENT_SYMBOL[ply.judgement] : '')) : t('analysis.start');
      title.textContent = t('analysis.graphPly', { move, eval: evalText(ply?.eval ?? a.start), win: Math.round(p.win) });
      rect.append(title);
      rect.addEventListener('click', () => this.onPly(p.ply));
      children.push(rect);
    }
    this.element.replaceChildren(...children);
  }

  // Marks the ply shown on the board.
  setCurrent(ply: number): void {
    const x = this.plies > 0 ? (Math.max(0, Math.min(this.plies, ply)) / this.plies) * WIDTH : 0;
    this.cursor.setAttribute('x1', String(x));
    this.cursor.setAttribute('x2', String(x));
    this.cursor.dataset.ply = String(ply);
  }
}
