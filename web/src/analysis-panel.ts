// The computer analysis of a finished game, on its page (issue #18 item 3): "Analyse" asks
// the server for it (POST /api/games/{id}/analysis); while it is queued or running a
// progress bar (positions done of all, or how many analyses are ahead) and the page asks
// again every 1.5 s; when it is done the evaluation graph (eval-graph.ts), the judgement
// marks in the move list (?! ? ??, with the engine's move: "Best was Nf3"), each side's
// accuracy and counts, the shown move's evaluation, and the PGN with the analysis. Also
// the link to the analysis board for the position shown. Art. 11.3.1: the server refuses
// analysis to a player with a game in play, and the page shows its refusal. The game page
// hides the panel while the game is played.
import {
  type AnalysisState,
  evalText,
  type Eval,
  type GameAnalysis,
  JUDGEMENT_SYMBOL,
  moverOf,
  numberedMove,
  progressOf,
  type SideSummary,
  stillWorking,
} from './analysis-model';
import { currentAccount } from './account';
import { h } from './dom';
import { serverError, type ServerErrorBody } from './errors';
import { EvalGraph } from './eval-graph';
import { formatNumber, t } from './i18n';
import { type NotationLanguage, translateSan } from './notation';
import { analysisUrl } from './pgn-tree';

const POLL_MS = 1500;

// A judgement mark for the move list (move-list.ts).
export interface MoveMark {
  symbol: string;
  judgement: string;
  title: string;
}

export interface AnalysisHost {
  plies(): readonly { san: string; fen: string }[];
  startFen(): string;
  language(): NotationLanguage;
  goTo(ply: number): void; // shows the position after that many plies
  setMarks(marks: Map<number, MoveMark>): void;
}

export interface PanelView {
  over: boolean; // the game has ended (or was aborted): the panel shows
  analysable: boolean; // it has ended with a result (not aborted): it may be analysed
  ply: number; // the ply shown on the board
}

export class AnalysisPanel {
  readonly element: HTMLElement;
  private readonly button = h('button.analyse', { id: 'analyse', type: 'button' }, t('analysis.request'));
  private readonly boardLink = h('a.button.to-analysis', { id: 'to-analysis', href: '/analysis' }, t('analysis.board'));
  private readonly message = h('p#analysis-message.analysis-message', { role: 'alert' });
  private readonly bar = h('progress#analysis-progress', { max: 1, value: 0 });
  private readonly progressText = h('span.analysis-progress-text', {});
  private readonly progress = h('div.analysis-progress', { hidden: true, role: 'status' }, this.bar, this.progressText);
  private readonly graph: EvalGraph;
  private readonly moveInfo = h('p#analysis-move.analysis-move', { 'aria-live': 'polite' });
  private readonly summary = h('table#analysis-summary.analysis-summary');
  private readonly download: HTMLAnchorElement;
  private readonly note = h('p.help.analysis-note');
  private readonly result: HTMLElement;
  private state: AnalysisState | null = null;
  private asked = false; // the state has been fetched once
  private poll: number | null = null;
  private view: PanelView = { over: false, analysable: false, ply: 0 };
  private seen: string[] = []; // the states shown, in order (data-seen: for the tests)

  constructor(
    private readonly gameId: string,
    private readonly host: AnalysisHost,
  ) {
    this.graph = new EvalGraph((ply) => this.host.goTo(ply));
    this.download = h('a.button', { id: 'analysis-pgn', href: `/api/games/${gameId}/pgn?analysis=1`, download: `arbiter-${gameId}-analysis.pgn` }, t('analysis.download'));
    this.button.addEventListener('click', () => void this.request());
    this.result = h('div.analysis-result', { hidden: true }, this.graph.element, this.moveInfo, this.summary, h('p.analysis-links', {}, this.download), this.note);
    this.element = h(
      'section#analysis.analysis-panel',
      { hidden: true, 'aria-labelledby': 'analysis-title' },
      h('h2#analysis-title', {}, t('analysis.heading')),
      h('div.analysis-actions', {}, this.button, this.boardLink),
      this.message,
      this.progress,
      this.result,
    );
  }

  // Called whenever the page draws its board: the game's state and the ply shown.
  update(view: PanelView): void {
    const language = this.language;
    this.view = view;
    this.element.hidden = !view.over;
    if (!view.over) return;
    const plies = this.host.plies();
    const ply = Math.max(0, Math.min(plies.length, view.ply));
    this.boardLink.href = analysisUrl(ply > 0 ? plies[ply - 1]?.fen ?? this.host.startFen() : this.host.startFen());
    if (!view.analysable) {
      this.button.hidden = true;
      return;
    }
    if (!this.asked) {
      this.asked = true;
      void this.fetchState();
    }
    if (language !== this.host.language() && this.state?.analysis) this.render(); // notation changed
    this.showMove(ply);
  }

  private language: NotationLanguage | null = null;

  private async fetchState(): Promise<void> {
    try {
      const res = await fetch(`/api/games/${this.gameId}/analysis`, { credentials: 'same-origin' });
      const data = (await res.json().catch(() => ({}))) as AnalysisState & { error?: ServerErrorBody };
      if (!res.ok) {
        // An older server without the analysis: no button to offer.
        if (res.status === 404 || res.status === 405) this.setState({ status: 'none', done: 0, total: 0, queued_before: 0 });
        else this.message.textContent = serverError(data.error, res.status);
        if (res.status >= 500) this.schedule(POLL_MS * 2);
        return;
      }
      this.setState(data);
    } catch {
      this.schedule(POLL_MS * 2); // the network: try again
    }
  }

  private async request(): Promise<void> {
    this.message.textContent = '';
    this.button.disabled = true;
    try {
      const res = await fetch(`/api/games/${this.gameId}/analysis`, {
        method: 'POST',
        // With a session the server wants its CSRF token; without one, any value.
        headers: { 'x-csrf-token': currentAccount()?.csrf ?? 'none' },
        credentials: 'same-origin',
      });
      const data = (await res.json().catch(() => ({}))) as AnalysisState & { error?: ServerErrorBody };
      if (res.ok) {
        this.setState(data);
        return;
      }
      this.message.textContent = res.status === 503 ? t('analysis.busy') : serverError(data.error, res.status);
      this.message.dataset.code = data.error?.field ?? data.error?.code ?? String(res.status);
    } catch (e) {
      this.message.textContent = (e as Error).message;
    } finally {
      this.button.disabled = false;
    }
  }

  private schedule(ms: number): void {
    if (this.poll !== null) window.clearTimeout(this.poll);
    this.poll = window.setTimeout(() => {
      this.poll = null;
      void this.fetchState();
    }, ms);
  }

  private setState(s: AnalysisState): void {
    this.state = s;
    if (this.seen[this.seen.length - 1] !== s.status) this.seen.push(s.status);
    this.element.dataset.status = s.status;
    this.element.dataset.seen = this.seen.join(' ');
    this.render();
    if (stillWorking(s)) this.schedule(POLL_MS);
  }

  private render(): void {
    const s = this.state;
    if (!s) return;
    this.language = this.host.language();
    this.button.hidden = s.status !== 'none';
    // Queued or running: the bar and what it shows.
    this.progress.hidden = !stillWorking(s);
    if (stillWorking(s)) {
      if (s.status === 'running') {
        this.bar.max = Math.max(1, s.total);
        this.bar.value = Math.min(s.done, s.total);
        this.progressText.textContent = t('analysis.running', { done: s.done, total: s.total });
      } else {
        this.bar.removeAttribute('value'); // indeterminate
        this.progressText.textContent = s.queued_before > 0 ? t('analysis.queued', { count: s.queued_before }) : t('analysis.queuedNext');
      }
      this.progress.dataset.fraction = String(progressOf(s));
    }
    if (s.status === 'failed') this.message.textContent = t('analysis.failed', { reason: s.reason ?? '' });
    const a = s.status === 'done' ? s.analysis : undefined;
    this.result.hidden = !a;
    if (!a) {
      this.host.setMarks(new Map());
      return;
    }
    this.graph.render(a, this.host.startFen(), this.host.language());
    this.renderSummary(a);
    this.note.textContent = t('analysis.note', { nodes: a.nodes });
    this.host.setMarks(this.marks(a));
    this.showMove(Math.min(this.view.ply, this.host.plies().length));
  }

  // The judged moves' marks, each titled with its judgement and the engine's move.
  private marks(a: GameAnalysis): Map<number, MoveMark> {
    const marks = new Map<number, MoveMark>();
    for (const [i, p] of a.plies.entries()) {
      if (!p.judgement) continue;
      marks.set(i + 1, { symbol: JUDGEMENT_SYMBOL[p.judgement], judgement: p.judgement, title: this.verdict(i + 1) });
    }
    return marks;
  }

  // "Blunder. Best was Nc3." for a judged ply.
  private verdict(ply: number): string {
    const p = this.state?.analysis?.plies[ply - 1];
    if (!p?.judgement) return '';
    const best = p.best[0];
    const words = [t(`analysis.judgement.${p.judgement}`)];
    if (best && best !== p.san) words.push(t('analysis.best', { move: translateSan(best, this.host.language(), moverOf(this.host.startFen(), ply)) }));
    return words.join(' ');
  }

  private evalWords(e: Eval): string {
    return 'mate' in e && e.mate === 0 ? t('analysis.checkmate') : evalText(e);
  }

  // The shown position's evaluation, and for a judged move the verdict.
  private showMove(ply: number): void {
    this.graph.setCurrent(ply);
    const a = this.state?.analysis;
    if (!a || this.state?.status !== 'done') return;
    const p = a.plies[ply - 1];
    this.moveInfo.replaceChildren();
    this.moveInfo.dataset.ply = String(ply);
    if (!p) {
      this.moveInfo.append(t('analysis.startEval', { eval: this.evalWords(a.start) }));
      return;
    }
    const san = translateSan(p.san, this.host.language(), moverOf(this.host.startFen(), ply)) + (p.judgement ? JUDGEMENT_SYMBOL[p.judgement] : '');
    const depth = p.depth > 0 ? ` ${t('analysis.depth', { depth: p.depth })}` : '';
    this.moveInfo.append(h('span.analysis-eval', {}, t('analysis.after', { move: numberedMove(this.host.startFen(), ply, san), eval: this.evalWords(p.eval) }) + depth));
    if (p.judgement) this.moveInfo.append(' ', h(`span.analysis-verdict.${p.judgement}` as 'span', {}, this.verdict(ply)));
  }

  // One row a figure, one column a side: narrow enough for a phone in any language.
  private renderSummary(a: GameAnalysis): void {
    const row = (what: keyof SideSummary, label: string, text: (s: SideSummary) => string, title?: string) =>
      h(
        'tr',
        { 'data-figure': what },
        h('th', { scope: 'row', title }, label),
        ...(['white', 'black'] as const).map((side) => h(`td.${what}` as 'td', { 'data-side': side }, text(a[side]))),
      );
    const count = (what: 'inaccuracies' | 'mistakes' | 'blunders') => (s: SideSummary) => String(s[what]);
    this.summary.replaceChildren(
      h('caption', {}, t('analysis.summary')),
      h('thead', {}, h('tr', {}, h('td', {}), h('th', { scope: 'col' }, t('side.white')), h('th', { scope: 'col' }, t('side.black')))),
      h(
        'tbody',
        {},
        row('accuracy', t('analysis.accuracy'), (s) => (s.accuracy === null ? '–' : t('analysis.percent', { value: formatNumber(s.accuracy) }))),
        row('inaccuracies', t('analysis.inaccuracies'), count('inaccuracies')),
        row('mistakes', t('analysis.mistakes'), count('mistakes')),
        row('blunders', t('analysis.blunders'), count('blunders')),
        row('acpl', t('analysis.acplLong'), (s) => (s.acpl === null ? '–' : String(s.acpl))),
      ),
    );
  }
}
