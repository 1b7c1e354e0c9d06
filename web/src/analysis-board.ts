// The analysis board (issue #18 item 4), "/analysis[?fen=FEN]": any legal move may be
// played on the board (chess-rules.ts: the moves of chess in the page, since no game is
// refereed here), the moves form a tree with variations (analysis-tree.ts), the engine's
// best lines for the position shown arrive live from the server (GET /api/analysis, an
// event stream: MultiPV 1-5, on/off), each with its depth and evaluation; the first move of
// a line plays it (a click on a later move plays the line up to it). An evaluation bar
// stands beside the board, the FEN under it (copyable; a FEN typed there opens that
// position). Art. 11.3.1: the server refuses the engine to a player with a game in play,
// and the page says so.
import { barWhite, type EngineLine, evalText, MAX_LINES, mergeLine, parseLine, streamUrl } from './analysis-model';
import { AnalysisTree } from './analysis-tree';
import { Board } from './board';
import { dests, inCheck, outcome, parseFen, parseUci, play, playLine, type Position, sanOf, START_FEN, toFen, uciOf } from './chess-rules';
import { clear, h } from './dom';
import { serverError, type ServerErrorBody } from './errors';
import { currentLanguage, t } from './i18n';
import { type NotationLanguage, translateSan } from './notation';
import { fenAt, moveLabel, moveNumber, stepFrom } from './pgn-tree';
import { defaultNotation } from './settings';

type StepKey = 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';
const STEP_KEYS = new Set<string>(['ArrowLeft', 'ArrowRight', 'Home', 'End']);
const ENGINE_KEY = 'arbiter.engine';
const LINES_KEY = 'arbiter.engineLines';
const START_DELAY_MS = 250; // stepping through moves quickly opens no stream per step
const PV_SHOWN = 12; // moves of a line shown
const BUSY_TRIES = 4;
const BUSY_WAIT_MS = 1000;

// "1.1M", "950K" (Russian "1,1 млн"): the engine's speed at a glance.
function compact(n: number): string {
  return new Intl.NumberFormat(currentLanguage(), { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not remembered
  }
}

// Copies a field's text: navigator.clipboard in secure contexts, else the selected field
// and the copy command (plain http). Whether it was copied.
async function copyField(field: HTMLInputElement): Promise<boolean> {
  if (window.isSecureContext && 'clipboard' in navigator) {
    try {
      await navigator.clipboard.writeText(field.value);
      return true;
    } catch {
      // refused: the copy command may still work
    }
  }
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

// Why the server refused the stream: EventSource tells nothing, so the same address is
// asked once with fetch. A refusal is read; a stream that would start now is cut off at
// once (null: the reason is gone).
async function refusalOf(url: string): Promise<{ status: number; error?: ServerErrorBody } | null> {
  const control = new AbortController();
  try {
    const res = await fetch(url, { signal: control.signal, credentials: 'same-origin' });
    if (res.ok) {
      control.abort();
      return null;
    }
    const data = (await res.json().catch(() => ({}))) as { error?: ServerErrorBody };
    return { status: res.status, error: data.error };
  } catch {
    return null;
  }
}

export function showAnalysisBoard(root: HTMLElement): void {
  document.title = t('ab.pageTitle');
  const notation: NotationLanguage = (stored('arbiter.language') as NotationLanguage | null) ?? defaultNotation();
  const given = new URLSearchParams(location.search).get('fen');
  const read = given ? parseFen(given) : null;
  const start: Position = read ?? (parseFen(START_FEN) as Position);
  const tree = new AnalysisTree(toFen(start));
  let current = 0;
  let position: Position = start;

  // --- the board, the bar, the moves
  const boardHost = h('div.ab-board', {}, h('div.cg-wrap', { 'aria-label': t('ab.board') }));
  const board = new Board(boardHost, 'white', (uci) => moved(uci));
  const barWhitePart = h('div.eval-bar-white');
  const barText = h('span.eval-bar-text');
  const bar = h('div#eval-bar.eval-bar', { role: 'img', 'aria-label': t('engine.barEmpty') }, barWhitePart, barText);
  const moves = h('div#ab-moves.pgn-moves.ab-moves', { role: 'group', 'aria-label': t('ab.moves') });
  const fenField = h('input#analysis-fen', { type: 'text', spellcheck: 'false', autocomplete: 'off', 'aria-describedby': 'analysis-fen-help' });
  const copyStatus = h('span#analysis-copy-status.copy-status', { role: 'status' });
  const fenHelp = h('p#analysis-fen-help.help', {}, t('ab.fenHelp'));
  const editorLink = h('a.button', { id: 'ab-editor', href: '/editor' }, t('ab.editor'));
  const notice = h('p#ab-notice.ab-notice', { role: 'alert' });
  if (given && !read) notice.textContent = t('ab.badFen', { fen: given });

  // --- the engine
  const engineOn = h('input#engine-on', { type: 'checkbox', checked: stored(ENGINE_KEY) !== 'off' });
  const linesWanted = h(
    'select#engine-multipv',
    {},
    ...Array.from({ length: MAX_LINES }, (_, i) => h('option', { value: i + 1, selected: String(i + 1) === (stored(LINES_KEY) ?? '1') }, String(i + 1))),
  );
  const engineStatus = h('p#engine-status.engine-status', { 'aria-live': 'polite' });
  const lineList = h('ol#engine-lines.engine-lines', { 'aria-label': t('engine.linesAria') });
  let source: EventSource | null = null;
  let timer: number | null = null;
  let lines: EngineLine[] = [];
  let streamed = 0; // the stream's number: a late answer of an older one is dropped
  let busyTries = 0; // 503s in a row for this position: asked again a few times

  const wanted = (): number => Number(linesWanted.value) || 1;
  const fen = (): string => fenAt(tree.tree, current);

  const setStatus = (state: string, ...content: (Node | string)[]): void => {
    engineStatus.dataset.state = state;
    engineStatus.replaceChildren(...content);
  };

  const stopEngine = (): void => {
    streamed += 1;
    source?.close();
    source = null;
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
  };

  const showBar = (): void => {
    const over = outcome(position);
    const best = lines[0]?.eval ?? null;
    let white = barWhite(best);
    let text = best ? evalText(best) : '';
    if (over === 'checkmate') {
      white = position.turn === 'w' ? 0 : 100;
      text = '#';
    } else if (over === 'stalemate') {
      white = 50;
      text = '½';
    }
    barWhitePart.style.height = `${white}%`;
    barText.textContent = text;
    bar.dataset.win = String(Math.round(white * 10) / 10);
    bar.classList.toggle('flipped', board.orientation === 'black');
    bar.setAttribute('aria-label', text ? t('engine.bar', { eval: text }) : t('engine.barEmpty'));
  };

  // The engine's lines, numbered as a book numbers moves, in the notation of the settings.
  const showLines = (): void => {
    clear(lineList);
    const baseFen = fen();
    for (const line of lines) {
      if (!line) continue;
      const pv = line.pv.slice(0, PV_SHOWN);
      const sides = pv.map((_, i) => moveNumber(baseFen, i + 1).side);
      const moveText = (i: number): string => translateSan(pv[i] ?? '', notation, sides[i] ?? 'white');
      const label = (i: number): string => moveLabel(baseFen, i + 1, i === 0);
      const rest = pv.slice(1).map((_, j) => {
        const i = j + 1;
        const num = label(i);
        return h('span.engine-move', { 'data-index': i, title: t('engine.playUpTo'), onclick: () => playPv(line.pv.slice(0, i + 1)) }, num ? `${num} ` : '', moveText(i));
      });
      const first = pv.length
        ? h('button.engine-first', { type: 'button', 'data-multipv': line.multipv, title: t('engine.playFirst'), onclick: () => playPv(line.pv.slice(0, 1)) }, `${label(0)} ${moveText(0)}`)
        : null;
      lineList.append(
        h(
          'li.engine-line',
          { 'data-multipv': line.multipv, 'data-depth': line.depth },
          h('span.engine-eval', {}, evalText(line.eval)),
          h('span.engine-depth', {}, t('engine.depth', { depth: line.depth })),
          h('span.engine-pv', {}, first, ...rest.flatMap((r) => [' ', r])),
        ),
      );
    }
  };

  const explain = async (url: string, id: number): Promise<void> => {
    const why = await refusalOf(url);
    if (id !== streamed) return;
    const retry = h('button.engine-retry', { type: 'button', onclick: () => startEngine(0) }, t('engine.retry'));
    if (!why) return setStatus('error', t('engine.lost'), ' ', retry);
    if (why.status === 503) {
      // The server frees a search when its client has gone: usually a moment later.
      if (busyTries < BUSY_TRIES) {
        busyTries += 1;
        setStatus('starting', t('engine.waiting'));
        return startEngine(BUSY_WAIT_MS * busyTries, true);
      }
      return setStatus('busy', t('engine.busy'), ' ', retry);
    }
    if (why.status === 400) return setStatus('refused', t('engine.badFen'));
    const text = serverError(why.error, why.status);
    // Art. 11.3.1: the server names the game in play; the way back to it.
    const game = why.error?.field === 'in_play' ? /\(([A-Za-z0-9_-]+)\)\s*$/.exec(why.error.message ?? '')?.[1] : undefined;
    setStatus('refused', text, ...(game ? [' ', h('a', { href: `/g/${game}` }, t('engine.yourGame'))] : []));
  };

  const startEngine = (delay = START_DELAY_MS, again = false): void => {
    stopEngine();
    if (!again) busyTries = 0;
    lines = [];
    showLines();
    showBar();
    const over = outcome(position);
    if (over) {
      const winner = position.turn === 'w' ? 'black' : 'white';
      return setStatus('over', over === 'checkmate' ? t(`engine.checkmate.${winner}`) : t('engine.stalemate'));
    }
    if (!engineOn.checked) return setStatus('off', t('engine.off'));
    if (!again) setStatus('starting', t('engine.starting'));
    const id = streamed;
    timer = window.setTimeout(() => {
      timer = null;
      if (id !== streamed) return;
      const url = streamUrl(fen(), wanted());
      const es = new EventSource(url);
      source = es;
      let heard = false;
      es.onmessage = (e: MessageEvent<string>) => {
        if (id !== streamed) return;
        const line = parseLine(e.data);
        if (!line) return;
        heard = true;
        lines = mergeLine(lines, line, wanted());
        showLines();
        showBar();
        const top = lines[0] ?? line;
        setStatus('running', t('engine.running', { depth: top.depth, speed: compact(top.nps) }));
      };
      es.addEventListener('done', () => {
        if (id !== streamed) return;
        es.close();
        source = null;
        const top = lines[0];
        setStatus('done', top ? t('engine.done', { depth: top.depth }) : t('engine.noLines'));
      });
      es.onerror = () => {
        if (id !== streamed) return;
        es.close(); // no reconnection: a new search would begin
        source = null;
        if (heard) setStatus('stopped', t('engine.stopped', { depth: lines[0]?.depth ?? 0 }));
        else void explain(url, id);
      };
    }, delay);
  };

  // --- the moves
  const moveElements = new Map<number, HTMLElement>();
  const renderMoves = (): void => {
    clear(moves);
    moveElements.clear();
    const line = h('div.pgn-line', {});
    const renderLine = (container: HTMLElement, first: number | null, depth: number): void => {
      let forceNumber = true;
      for (let id = first; id !== null; ) {
        const node = tree.tree.nodes[id];
        if (!node?.move) break;
        const { side } = moveNumber(tree.startFen, node.ply);
        const num = moveLabel(tree.startFen, node.ply, forceNumber);
        const nodeId = id;
        const el = h(
          'span.pgn-move',
          { 'data-node': id, role: 'button', tabindex: -1, onclick: () => show(nodeId) },
          num ? h('span.pgn-num', {}, num) : null,
          h('span.pgn-san', {}, translateSan(node.move.san, notation, side)),
        );
        moveElements.set(id, el);
        container.append(el, ' ');
        forceNumber = false;
        for (const startId of node.variations) {
          const box = depth === 0 ? h('div.pgn-variation', {}) : h('span.pgn-variation.nested', {});
          renderLine(box, startId, depth + 1);
          box.lastChild?.remove();
          container.append(box, ' ');
          forceNumber = true;
        }
        id = node.next;
      }
    };
    renderLine(line, tree.tree.nodes[0]?.next ?? null, 0);
    if (tree.moves.length === 0) line.append(h('span.pgn-empty', {}, t('ab.noMoves')));
    moves.append(line);
  };

  const show = (id: number, restart = true): void => {
    current = id;
    const node = tree.tree.nodes[id];
    position = parseFen(fen()) ?? start;
    const over = outcome(position) !== null;
    board.update({
      fen: fen(),
      turn: position.turn === 'w' ? 'white' : 'black',
      lastMove: node?.move?.uci ?? null,
      check: inCheck(position),
      dests: over ? {} : dests(position),
      mySide: position.turn === 'w' ? 'white' : 'black',
      live: true,
    });
    fenField.value = fen();
    copyStatus.textContent = '';
    editorLink.href = `/editor?fen=${encodeURIComponent(fen())}`;
    for (const [nodeId, el] of moveElements) {
      el.classList.toggle('current', nodeId === id);
      if (nodeId === id) el.setAttribute('aria-current', 'step');
      else el.removeAttribute('aria-current');
    }
    const el = moveElements.get(id);
    if (el) scrollIntoList(moves, el);
    if (restart) startEngine();
  };

  const moved = (uci: string): void => {
    const m = uci ? parseUci(position, uci) : null;
    if (!m) return show(current, false); // cancelled or not legal: the board is drawn again
    const san = sanOf(position, m);
    const after = play(position, m);
    const id = tree.play(current, { san, uci: uciOf(m), fen: toFen(after) });
    renderMoves();
    show(id);
  };

  const playPv = (sans: string[]): void => {
    const played = playLine(fen(), sans);
    if (played.length === 0) return;
    const id = tree.playLine(current, played);
    renderMoves();
    show(id);
  };

  const step = (key: StepKey): void => show(stepFrom(tree.tree, current, key));

  // --- the controls
  engineOn.addEventListener('change', () => {
    store(ENGINE_KEY, engineOn.checked ? 'on' : 'off');
    startEngine(0);
  });
  linesWanted.addEventListener('change', () => {
    store(LINES_KEY, linesWanted.value);
    startEngine(0);
  });
  fenField.addEventListener('change', () => {
    const typed = fenField.value.trim();
    const p = parseFen(typed);
    if (!p) {
      notice.textContent = t('ab.badFenTyped');
      return;
    }
    location.assign(`/analysis?fen=${encodeURIComponent(toFen(p))}`);
  });
  const copy = h('button.copy', { type: 'button', id: 'analysis-copy', onclick: () => void copyField(fenField).then((done) => (copyStatus.textContent = done ? t('ab.copied') : t('ab.copyManually'))) }, t('ab.copy'));
  const nav = (label: string, symbol: string, key: StepKey) => h('button.nav', { type: 'button', title: label, 'aria-label': label, onclick: () => step(key) }, symbol);
  const flip = h('button.ab-flip', { type: 'button', onclick: () => {
    board.flip();
    showBar();
  } }, t('ab.flip'));

  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    if (!STEP_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('.cg-wrap')) return;
    e.preventDefault();
    step(e.key as StepKey);
  });
  // Leaving the page ends the search at once.
  window.addEventListener('pagehide', () => stopEngine());

  root.replaceChildren(
    h(
      'main.analysis-page',
      {},
      h('h1', {}, t('ab.heading')),
      notice,
      h(
        'div.ab-grid',
        {},
        h(
          'div.ab-board-col',
          {},
          h('div.ab-board-row', {}, bar, boardHost),
          h('div.pgn-nav.ab-nav', {}, nav(t('moves.first'), '«', 'Home'), nav(t('moves.previous'), '‹', 'ArrowLeft'), nav(t('moves.next'), '›', 'ArrowRight'), nav(t('moves.last'), '»', 'End'), flip),
          h('div.ab-fen-row', {}, h('label', { for: 'analysis-fen' }, t('ab.fen')), fenField, copy, copyStatus),
          fenHelp,
          h('p.ab-links', {}, editorLink),
        ),
        h(
          'div.ab-side',
          {},
          h(
            'section#engine.engine',
            { 'aria-labelledby': 'engine-title' },
            h('h2#engine-title', {}, t('engine.heading')),
            h('div.engine-head', {}, h('label.choice', {}, engineOn, ` ${t('engine.on')}`), h('label.choice', { for: 'engine-multipv' }, `${t('engine.lines')} `), linesWanted),
            engineStatus,
            lineList,
          ),
          h('h2', {}, t('ab.movesTitle')),
          moves,
        ),
      ),
    ),
  );
  renderMoves();
  show(0);
  // A hook for the browser tests: the position shown and the engine's lines.
  (window as unknown as { arbiterTest?: unknown }).arbiterTest = { fen: () => fen(), lines: () => lines, node: () => current };
}

// Scrolls the move list, and only it (not the page), so that the move shows.
function scrollIntoList(list: HTMLElement, el: HTMLElement): void {
  const box = list.getBoundingClientRect();
  const item = el.getBoundingClientRect();
  if (item.top < box.top) list.scrollTop -= box.top - item.top;
  else if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom;
}
