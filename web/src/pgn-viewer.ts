// The PGN viewer (issue #18 item 5), "/pgn": PGN text pasted or a file uploaded (many
// games), read by the server (POST /api/pgn, docs/web-protocol.md §1.8); its errors listed
// with their game, line and column; the games listed (White – Black, result, event, date);
// the chosen one on a board with its move list: variations (indented, nested ones in
// parentheses), comments, NAG symbols and clock times, every move clickable, ←/→/Home/End
// to step. Each position links to the analysis board (/analysis?fen=…). The tree logic is
// pgn-tree.ts.
import { Board } from './board';
import { formatClock } from './clock-format';
import { clear, h } from './dom';
import { serverError, type ServerErrorBody } from './errors';
import { hasMessage, t } from './i18n';
import { type NotationLanguage, translateSan } from './notation';
import {
  analysisUrl,
  buildTree,
  byteLength,
  fenAt,
  type GameTree,
  givesCheck,
  type ImportedGame,
  isMoveAssessment,
  MAX_PGN_BYTES,
  moveLabel,
  moveNumber,
  nagKey,
  nagSymbol,
  type PgnDiagnostic,
  type PgnImportResult,
  playersOf,
  resultOf,
  shownTag,
  stepFrom,
} from './pgn-tree';
import { defaultNotation } from './settings';

type StepKey = 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';
const STEP_KEYS = new Set<string>(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

// The text of a diagnostic's code in the reader's language (pgn.err.CODE), the PGN
// module's own English words after it.
function diagnosticText(d: PgnDiagnostic): string {
  const what = hasMessage(`pgn.err.${d.code}`) ? t(`pgn.err.${d.code}`) : d.code;
  return t('pgn.diagnostic', { game: d.game, line: d.line, column: d.column, what });
}

// The server reads one import at a time and answers 503 meanwhile: asked again a few
// times, a second apart, before the page says so.
const BUSY_TRIES = 5;

async function importPgn(body: Blob | string): Promise<PgnImportResult> {
  for (let attempt = 1; ; ++attempt) {
    const res = await fetch('/api/pgn', { method: 'POST', headers: { 'content-type': 'application/x-chess-pgn' }, body });
    const data = (await res.json().catch(() => ({}))) as PgnImportResult & { error?: ServerErrorBody };
    if (res.ok) return data;
    if (res.status === 503 && attempt < BUSY_TRIES) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    throw new Error(res.status === 413 ? t('pgn.tooLarge') : res.status === 503 ? t('pgn.busy') : serverError(data.error, res.status));
  }
}

export function showPgnViewer(root: HTMLElement): void {
  document.title = t('pgn.pageTitle');
  const notation: NotationLanguage = (localStorage.getItem('arbiter.language') as NotationLanguage | null) ?? defaultNotation();

  // --- the input
  const text = h('textarea#pgn-text', { rows: 8, spellcheck: 'false', autocomplete: 'off', placeholder: t('pgn.placeholder') });
  const file = h('input#pgn-file', { type: 'file', accept: '.pgn,application/x-chess-pgn,text/plain' });
  const importButton = h('button.primary', { id: 'pgn-import', type: 'button' }, t('pgn.import'));
  const status = h('p#pgn-status.pgn-status', { role: 'status', 'aria-live': 'polite' });

  // --- what the server found
  const errorList = h('ul#pgn-errors.pgn-errors');
  const errorBox = h('section.pgn-diagnostics', { hidden: true, 'aria-labelledby': 'pgn-errors-title' }, h('h2#pgn-errors-title', {}, t('pgn.errors')), errorList);
  const gameList = h('ol#pgn-games.pgn-games', { 'aria-labelledby': 'pgn-games-title' });
  const gamesTitle = h('h2#pgn-games-title', {}, t('pgn.games'));
  const gameBox = h('section.pgn-game-list', { hidden: true }, gamesTitle, gameList);

  // --- the chosen game
  const boardHost = h('div.pgn-board', {}, h('div.cg-wrap', { 'aria-label': t('pgn.board') }));
  const board = new Board(boardHost, 'white', () => undefined);
  const heading = h('h2#pgn-game-title.pgn-game-title');
  const details = h('p.pgn-game-details');
  const moves = h('div#pgn-moves.pgn-moves', { role: 'group', 'aria-label': t('pgn.moves') });
  const analysis = h('a.button', { id: 'pgn-analysis', href: '/analysis' }, t('pgn.analysis'));
  const nav = (label: string, symbol: string, key: StepKey) => h('button.nav', { type: 'button', title: label, 'aria-label': label, onclick: () => step(key) }, symbol);
  const viewer = h(
    'section#pgn-viewer.pgn-viewer',
    { hidden: true, 'aria-labelledby': 'pgn-game-title' },
    h(
      'div.pgn-board-col',
      {},
      boardHost,
      h(
        'div.pgn-nav',
        {},
        nav(t('moves.first'), '«', 'Home'),
        nav(t('moves.previous'), '‹', 'ArrowLeft'),
        nav(t('moves.next'), '›', 'ArrowRight'),
        nav(t('moves.last'), '»', 'End'),
        h('button.pgn-flip', { type: 'button', onclick: () => board.flip() }, t('pgn.flip')),
      ),
      h('p.pgn-analysis-row', {}, analysis),
    ),
    h('div.pgn-side', {}, heading, details, moves),
  );

  let result: PgnImportResult | null = null;
  let game: ImportedGame | null = null;
  let tree: GameTree | null = null;
  let current = 0;
  const moveElements = new Map<number, HTMLElement>();
  let highlighted: HTMLElement | null = null;

  const show = (id: number): void => {
    if (!tree) return;
    current = id;
    const node = tree.nodes[id];
    const fen = fenAt(tree, id);
    const uci = node?.move?.uci;
    board.update({
      fen,
      turn: fen.split(' ')[1] === 'b' ? 'black' : 'white',
      lastMove: uci && uci !== '0000' ? uci : null,
      check: node?.move ? givesCheck(node.move.san) : false,
      dests: {},
      mySide: null,
      live: true,
    });
    analysis.href = analysisUrl(fen);
    // Only the move shown before and the one shown now change (a game may have thousands).
    highlighted?.classList.remove('current');
    highlighted?.removeAttribute('aria-current');
    highlighted = moveElements.get(id) ?? null;
    highlighted?.classList.add('current');
    highlighted?.setAttribute('aria-current', 'step');
    if (highlighted) scrollIntoList(moves, highlighted);
    else moves.scrollTop = 0;
  };
  const step = (key: StepKey): void => {
    if (tree) show(stepFrom(tree, current, key));
  };

  // One move: its number where PGN writes one, the SAN with its assessment (!, ?…), the
  // other NAGs as symbols, and the clock after it.
  const moveElement = (id: number, forceNumber: boolean): HTMLElement => {
    const node = tree?.nodes[id];
    const move = node?.move;
    if (!tree || !node || !move) return h('span');
    const { side } = moveNumber(tree.startFen, node.ply);
    const nags = move.nags ?? [];
    const nagTitle = (n: number): string | undefined => {
      const key = nagKey(n);
      return key && hasMessage(key) ? t(key) : undefined;
    };
    const label = moveLabel(tree.startFen, node.ply, forceNumber);
    const el = h(
      'span.pgn-move',
      { 'data-node': id, role: 'button', tabindex: -1, onclick: () => show(id) },
      label ? h('span.pgn-num', {}, label) : null,
      h('span.pgn-san', {}, translateSan(move.san, notation, side)),
      ...nags.filter(isMoveAssessment).map((n) => h('span.pgn-nag.assessment', { title: nagTitle(n) }, nagSymbol(n))),
    );
    const after: HTMLElement[] = nags.filter((n) => !isMoveAssessment(n)).map((n) => h('span.pgn-nag.position', { title: nagTitle(n) }, nagSymbol(n)));
    if (move.clock_ms !== undefined) after.push(h('span.pgn-clock', { title: t('pgn.clock') }, formatClock(move.clock_ms)));
    moveElements.set(id, el);
    return h('span.pgn-move-group', {}, el, ...after);
  };

  // A line from its first node: moves, comments, and the variations after the move they
  // replace (blocks under the main line, parentheses inside a variation).
  const renderLine = (container: HTMLElement, first: number | null, depth: number): void => {
    if (!tree) return;
    let forceNumber = true;
    for (let id = first; id !== null; ) {
      const node = tree.nodes[id];
      if (!node?.move) break;
      if (node.move.comment_before) {
        container.append(h('span.pgn-comment', {}, node.move.comment_before), ' ');
        forceNumber = true;
      }
      container.append(moveElement(id, forceNumber), ' ');
      forceNumber = false;
      if (node.move.comment) {
        container.append(h('span.pgn-comment', {}, node.move.comment), ' ');
        forceNumber = true;
      }
      for (const start of node.variations) {
        // The parentheses are the CSS's (::before, ::after).
        const box = depth === 0 ? h('div.pgn-variation', {}) : h('span.pgn-variation.nested', {});
        renderLine(box, start, depth + 1);
        box.lastChild?.remove(); // the space after its last move
        container.append(box, ' ');
        forceNumber = true;
      }
      id = node.next;
    }
  };

  const choose = (chosen: ImportedGame): void => {
    game = chosen;
    tree = buildTree(chosen);
    moveElements.clear();
    highlighted = null;
    for (const b of gameList.querySelectorAll('button.pgn-game')) b.setAttribute('aria-current', String(b.getAttribute('data-game') === String(chosen.number)));
    heading.textContent = `${playersOf(chosen)} ${resultOf(chosen)}`;
    details.textContent = [shownTag(chosen, 'Event'), shownTag(chosen, 'Site'), shownTag(chosen, 'Date'), shownTag(chosen, 'Round') ? t('pgn.round', { round: shownTag(chosen, 'Round') ?? '' }) : null].filter((x) => x !== null).join(' · ');
    clear(moves);
    const line = h('div.pgn-line', {});
    if (chosen.comment) line.append(h('span.pgn-comment', {}, chosen.comment), ' ');
    renderLine(line, tree.nodes[0]?.next ?? null, 0);
    if (chosen.moves.length === 0) line.append(h('span.pgn-empty', {}, t('pgn.noMoves')), ' ');
    line.append(h('span.pgn-result', {}, resultOf(chosen)));
    moves.append(line);
    if (chosen.failed) moves.append(h('p.pgn-failed', {}, t('pgn.failedGame')));
    viewer.hidden = false;
    show(0);
  };

  const gameItem = (g: ImportedGame): HTMLElement => {
    const facts = [resultOf(g), shownTag(g, 'Event'), shownTag(g, 'Date')].filter((x) => x !== null).join(' · ');
    return h(
      'li',
      {},
      h(
        'button.pgn-game',
        { type: 'button', 'data-game': g.number, 'aria-current': 'false', onclick: () => choose(g) },
        h('span.pgn-players', {}, playersOf(g)),
        h('span.pgn-facts', {}, facts),
        g.failed ? h('span.pgn-game-error', {}, t('pgn.hasErrors')) : null,
      ),
    );
  };

  const showResult = (r: PgnImportResult): void => {
    result = r;
    clear(errorList);
    for (const d of r.errors) errorList.append(h('li.error', {}, diagnosticText(d), ' ', h('span.pgn-detail', { lang: 'en' }, d.message)));
    for (const d of r.warnings) errorList.append(h('li.warning', {}, `${t('pgn.warning')} `, diagnosticText(d), ' ', h('span.pgn-detail', { lang: 'en' }, d.message)));
    if (r.error_count > r.errors.length || r.warning_count > r.warnings.length) errorList.append(h('li.more', {}, t('pgn.moreDiagnostics', { count: r.error_count + r.warning_count - r.errors.length - r.warnings.length })));
    errorBox.hidden = errorList.childElementCount === 0;
    clear(gameList);
    for (const g of r.games) gameList.append(gameItem(g));
    gamesTitle.textContent = t('pgn.gamesCount', { count: r.games.length });
    gameBox.hidden = false;
    status.textContent = [r.games.length === 0 ? t('pgn.none') : t('pgn.read', { count: r.games.length }), r.errors.length ? t('pgn.errorCount', { count: r.error_count }) : null, r.truncated ? t('pgn.truncated') : null]
      .filter((x) => x !== null)
      .join(' ');
    status.dataset.state = r.errors.length ? 'errors' : 'ok';
    viewer.hidden = true;
    game = null;
    tree = null;
    const first = r.games.find((g) => !g.failed) ?? r.games[0];
    if (first) choose(first);
  };

  const run = async (body: Blob | string): Promise<void> => {
    const size = typeof body === 'string' ? byteLength(body) : body.size;
    if (size > MAX_PGN_BYTES) {
      status.textContent = t('pgn.tooLarge');
      status.dataset.state = 'refused';
      return;
    }
    importButton.disabled = true;
    status.textContent = t('pgn.reading');
    status.dataset.state = 'busy';
    try {
      showResult(await importPgn(body));
    } catch (e) {
      status.textContent = (e as Error).message;
      status.dataset.state = 'refused';
    } finally {
      importButton.disabled = false;
    }
  };
  importButton.addEventListener('click', () => void run(text.value));
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    // The file's bytes go to the server as they are (it reads Latin-1 as well); the text
    // box shows them decoded.
    if (chosen.size <= MAX_PGN_BYTES) void chosen.text().then((s) => (text.value = s));
    void run(chosen);
  });

  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    if (!tree || viewer.hidden || !STEP_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('.cg-wrap')) return;
    e.preventDefault();
    step(e.key as StepKey);
  });

  root.replaceChildren(
    h(
      'main.pgn-page',
      {},
      h('h1', {}, t('pgn.heading')),
      h(
        'section.pgn-input',
        {},
        h('label', { for: 'pgn-text' }, t('pgn.paste')),
        text,
        h('div.pgn-input-row', {}, h('label.pgn-file-label', { for: 'pgn-file' }, t('pgn.upload')), file, importButton),
        h('p.help', {}, t('pgn.limits')),
        status,
      ),
      errorBox,
      gameBox,
      viewer,
    ),
  );
  // A hook for the browser tests: the position shown.
  (window as unknown as { arbiterTest?: unknown }).arbiterTest = { fen: () => (tree ? fenAt(tree, current) : null), game: () => game?.number ?? null, result: () => result };
}

// Scrolls the move list, and only it (not the page), so that the move shows.
function scrollIntoList(list: HTMLElement, el: HTMLElement): void {
  const box = list.getBoundingClientRect();
  const item = el.getBoundingClientRect();
  if (item.top < box.top) list.scrollTop -= box.top - item.top;
  else if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom;
}
