// The board editor (issue #17 item 8), "/editor[?fen=FEN]": pieces set up on a chessground
// board (dragged freely, dropped off the board to remove them, new ones dragged or placed
// from a palette of the twelve pieces), the rest of the FEN in form fields, and the FEN as
// text kept in step both ways. The server checks every position (POST /api/fen, by the
// rules of docs/fen.md) a moment after it changes; a position it accepts can be played
// from, against a friend or the computer. The pure part is editor-fen.ts.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Color, Key, Piece, Role } from '@lichess-org/chessground/types';
import { createGame, getPresets, HttpError, type Preset, saveInvite, saveToken } from './api';
import { h } from './dom';
import {
  castlingPossible,
  EMPTY_PLACEMENT,
  enPassantCandidates,
  type FenRefusal,
  fenErrorText,
  noCastling,
  parseFen,
  readPlacement,
  RIGHTS,
  type Setup,
  START_FEN,
  writeFen,
} from './editor-fen';
import { hasMessage, t } from './i18n';
import { computerLevels } from './lobby';
import { analysisUrl } from './pgn-tree';

const CHECK_DELAY_MS = 250;
const ROLES: Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const COLORS: Color[] = ['white', 'black'];
// The palette's tools: a piece to place, the bin, or the hand that moves pieces.
type Tool = Piece | 'trash' | 'pointer';

const pieceId = (p: Piece): string => `${p.color[0]}${p.role === 'knight' ? 'N' : p.role[0]?.toUpperCase()}`;
const presetName = (p: Preset): string => (hasMessage(`preset.${p.id}`) ? t(`preset.${p.id}`) : p.name);

// The two tools' pictures (a pointer, a bin), drawn here: no emoji font is needed.
const POINTER = 'M6 2.5 19 13.2l-6.1.6 3.6 7.2-2.7 1.3-3.6-7.3L6 19.3z';
const BIN = 'M9 2.5h6l.8 2H20v2.2H4V4.5h4.2zM5.6 8h12.8l-1.1 13.5H6.7zm3.4 2.2v9h1.8v-9zm4.2 0v9H15v-9z';
function icon(path: string): HTMLElement {
  const span = h('span.tool-icon', { 'aria-hidden': 'true' });
  span.innerHTML = `<svg viewBox="0 0 24 24" width="60%" height="60%"><path fill="currentColor" d="${path}"/></svg>`;
  return span;
}

const radio = (name: string, value: string, label: string, checked = false) =>
  h('label.choice', {}, h('input', { type: 'radio', name, value, checked }), ` ${label}`);

export async function showEditor(root: HTMLElement): Promise<void> {
  document.title = t('editor.pageTitle');
  const presets = await getPresets()
    .then((r) => r.presets)
    .catch((): Preset[] => [{ id: 'blitz', name: 'Blitz 3+2', time_control: '180+2', category: 'blitz' }]);

  const given = new URLSearchParams(location.search).get('fen');
  let setup: Setup = parseFen(START_FEN) as Setup;

  // --- the board and the palette
  const wrap = h('div.cg-wrap');
  const boardHost = h('div.editor-board', {}, wrap);
  const cg: Api = Chessground(wrap, {
    fen: setup.placement,
    coordinates: true,
    autoCastle: false,
    animation: { enabled: true, duration: 120 },
    highlight: { lastMove: false, check: false },
    movable: { free: true, color: 'both', showDests: false },
    premovable: { enabled: false },
    draggable: { enabled: true, showGhost: true, deleteOnDropOff: true },
    drawable: { enabled: false },
    events: { change: () => boardChanged() },
  });
  wrap.setAttribute('role', 'group');
  wrap.setAttribute('aria-label', t('editor.boardAria'));

  let tool: Tool = 'pointer';
  const toolButtons: [Tool, HTMLButtonElement][] = [];
  const choose = (next: Tool): void => {
    tool = next;
    cg.selectSquare(null);
    for (const [tl, b] of toolButtons) b.setAttribute('aria-pressed', String(tl === next));
    boardHost.dataset.tool = typeof next === 'string' ? next : pieceId(next);
  };
  const toolButton = (tl: Tool, label: string, content: Node): HTMLButtonElement => {
    const b = h('button.palette-tool', { type: 'button', title: label, 'aria-label': label, 'aria-pressed': 'false', onclick: () => choose(tl) }, content);
    b.dataset.tool = typeof tl === 'string' ? tl : pieceId(tl);
    if (typeof tl !== 'string') {
      // Pressed: a new piece dragged towards the board at once (chessground drops it on
      // the square it is let go over, and forgets it anywhere else). A click, or a tap
      // that ends on the button, chooses the piece for placing it square by square.
      const press = (e: MouseEvent | TouchEvent): void => {
        if ('button' in e && e.button !== 0) return;
        e.preventDefault();
        cg.dragNewPiece({ ...tl }, e, true);
      };
      b.addEventListener('mousedown', press);
      b.addEventListener('touchstart', press, { passive: false });
      b.addEventListener('touchend', (e) => {
        const at = e.changedTouches[0];
        const r = b.getBoundingClientRect();
        if (at && at.clientX >= r.left && at.clientX <= r.right && at.clientY >= r.top && at.clientY <= r.bottom) choose(tl);
      });
    }
    toolButtons.push([tl, b]);
    return b;
  };
  const palette = h('div.editor-palette.cg-wrap', { role: 'toolbar', 'aria-label': t('editor.palette') });
  for (const color of COLORS) {
    palette.append(color === 'white' ? toolButton('pointer', t('editor.pointer'), icon(POINTER)) : toolButton('trash', t('editor.trash'), icon(BIN)));
    for (const role of ROLES) palette.append(toolButton({ color, role }, t(`piece.${color}.${role}`), h(`piece.${color}.${role}` as 'div')));
  }
  choose('pointer');

  // With a piece or the bin chosen, a press on a square puts the piece there (or takes it
  // away again) or empties the square, before chessground sees it.
  const boardPress = (e: MouseEvent | TouchEvent): void => {
    if (tool === 'pointer') return;
    if ('button' in e && e.button !== 0) return;
    const at = 'touches' in e ? e.touches[0] : e;
    if (!at) return;
    const key = cg.getKeyAtDomPos([at.clientX, at.clientY]);
    if (!key) return;
    e.preventDefault();
    e.stopPropagation();
    const there = cg.state.pieces.get(key);
    const same = tool !== 'trash' && there?.role === tool.role && there.color === tool.color;
    cg.setPieces(new Map([[key, tool === 'trash' || same ? undefined : { ...tool }]]));
    boardChanged();
  };
  wrap.addEventListener('mousedown', boardPress, { capture: true });
  wrap.addEventListener('touchstart', boardPress, { capture: true, passive: false });

  // --- the rest of the FEN
  const turnWhite = h('input', { type: 'radio', name: 'editor-turn', value: 'w', checked: true });
  const turnBlack = h('input', { type: 'radio', name: 'editor-turn', value: 'b' });
  const castleBoxes = Object.fromEntries(RIGHTS.map((r) => [r, h(`input#editor-castle-${r}`, { type: 'checkbox', 'data-right': r })])) as Record<string, HTMLInputElement>;
  const ep = h('select#editor-ep');
  const halfmove = h('input#editor-halfmove', { type: 'number', min: 0, step: 1, value: '0', inputmode: 'numeric' });
  const fullmove = h('input#editor-fullmove', { type: 'number', min: 1, step: 1, value: '1', inputmode: 'numeric' });
  const fen = h('input#editor-fen', { type: 'text', spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off', 'aria-describedby': 'editor-status' });
  const status = h('p#editor-status.editor-status', { role: 'status', 'aria-live': 'polite' });

  // --- play from here
  const tc = h(
    'select#editor-tc',
    {},
    ...presets.map((p) => h('option', { value: p.time_control, selected: p.id === 'blitz' }, presetName(p))),
  );
  const level = h(
    'select#editor-level',
    {},
    ...computerLevels().map((l) => h('option', { value: String(l.level), selected: l.level === 3 }, l.label)),
  );
  const playError = h('p.message', { role: 'alert' });
  const friendButton = h('button.primary.editor-friend', { type: 'button', disabled: true, onclick: () => play({ type: 'friend' }) }, t('editor.playFriend'));
  // Issue #18 item 4: the accepted position on the analysis board.
  const analysisLink = h('a.button', { id: 'editor-analysis', href: '/analysis', hidden: true }, t('editor.analysis'));
  const computerButton = h('button.primary.editor-computer', { type: 'button', disabled: true, onclick: () => play({ type: 'computer', level: Number(level.value) || 3 }) }, t('editor.playComputer'));
  const colours = h(
    'div.row',
    { role: 'radiogroup', 'aria-label': t('lobby.colour') },
    radio('editor-color', 'white', t('lobby.white'), true),
    radio('editor-color', 'random', t('lobby.random')),
    radio('editor-color', 'black', t('lobby.black')),
  );

  // --- keeping it all in step
  // The fields from the setup (not the FEN text: that is what the reader may be typing).
  const showFields = (): void => {
    turnWhite.checked = setup.turn === 'w';
    turnBlack.checked = setup.turn === 'b';
    const board = readPlacement(setup.placement) ?? new Map<string, string>();
    const possible = castlingPossible(board);
    for (const r of RIGHTS) {
      const box = castleBoxes[r];
      if (!box) continue;
      box.disabled = !possible[r];
      box.checked = possible[r] && setup.castling[r];
    }
    const candidates = enPassantCandidates(board, setup.turn);
    if (!candidates.includes(setup.ep)) setup.ep = '-';
    const options = ['-', ...candidates];
    if ([...ep.options].map((o) => o.value).join() !== options.join()) {
      ep.replaceChildren(...options.map((sq) => h('option', { value: sq }, sq === '-' ? t('editor.epNone') : sq)));
    }
    ep.value = setup.ep;
    ep.disabled = candidates.length === 0;
    halfmove.value = String(setup.halfmove);
    fullmove.value = String(setup.fullmove);
  };

  // An edit of the board or of a field: the FEN follows, then the server's check.
  const edited = (): void => {
    showFields();
    fen.value = writeFen(setup);
    remember();
    scheduleCheck();
  };
  // The address follows the position: a reload, or the link copied, opens it again.
  const remember = (): void => history.replaceState(null, '', `/editor?fen=${encodeURIComponent(fen.value)}`);
  function boardChanged(): void {
    setup = { ...setup, placement: cg.getFen() };
    edited();
  }

  for (const input of [turnWhite, turnBlack]) {
    input.addEventListener('change', () => {
      setup.turn = input.value === 'b' ? 'b' : 'w';
      edited();
    });
  }
  for (const r of RIGHTS) {
    castleBoxes[r]?.addEventListener('change', () => {
      setup.castling[r] = castleBoxes[r]?.checked ?? false;
      edited();
    });
  }
  ep.addEventListener('change', () => {
    setup.ep = ep.value;
    if (setup.ep !== '-') setup.halfmove = 0; // a double step was the last move (Art. 9.3)
    edited();
  });
  const count = (input: HTMLInputElement, min: number, fallback: number): number => {
    const n = Number(input.value);
    return input.value.trim() !== '' && Number.isInteger(n) && n >= min ? n : fallback;
  };
  for (const [input, min] of [[halfmove, 0], [fullmove, 1]] as const) {
    input.addEventListener('input', () => {
      if (input === halfmove) setup.halfmove = count(input, min, min);
      else setup.fullmove = count(input, min, min);
      fen.value = writeFen(setup);
      remember();
      scheduleCheck();
    });
  }
  for (const input of [halfmove, fullmove]) input.addEventListener('change', showFields);

  // Typed or pasted text: the board follows when the editor can read it; the server
  // checks the text as it is either way.
  const fromText = (text: string): void => {
    const read = parseFen(text);
    if (read) {
      setup = read;
      cg.set({ fen: read.placement });
      showFields();
    } else {
      const placement = text.trim().split(/\s+/)[0] ?? '';
      if (readPlacement(placement)) {
        setup = { ...setup, placement };
        cg.set({ fen: placement });
      }
    }
  };
  fen.addEventListener('input', () => {
    fromText(fen.value);
    scheduleCheck();
  });
  fen.addEventListener('change', () => {
    // Done typing: the position as the server writes it, once it has been accepted (the
    // same position: no new check, the play buttons stay as they are for the click that
    // may have ended the typing).
    if (accepted && accepted.text === fen.value.trim()) {
      fen.value = accepted.fen;
      accepted = { text: accepted.fen, fen: accepted.fen };
      remember();
    }
  });

  // --- the server's check, a moment after the last change
  let accepted: { text: string; fen: string } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const setPlayable = (yes: boolean): void => {
    friendButton.disabled = !yes;
    computerButton.disabled = !yes;
    analysisLink.hidden = !yes;
  };
  function scheduleCheck(): void {
    accepted = null;
    setPlayable(false);
    status.dataset.state = 'checking';
    status.replaceChildren(t('editor.checking'));
    clearTimeout(timer);
    timer = setTimeout(() => void check(fen.value.trim()), CHECK_DELAY_MS);
  }
  async function check(text: string): Promise<void> {
    const ask = ++asked;
    let shown: { ok: true; fen: string } | { ok: false; why: string };
    try {
      const res = await fetch('/api/fen', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fen: text }) });
      const data = (await res.json().catch(() => ({}))) as { fen?: string; error?: FenRefusal };
      shown = res.ok && typeof data.fen === 'string' ? { ok: true, fen: data.fen } : { ok: false, why: fenErrorText(data.error, res.status) };
    } catch {
      shown = { ok: false, why: t('conn.lost') };
    }
    if (ask !== asked || fen.value.trim() !== text) return; // a newer check is on its way
    if (shown.ok) {
      accepted = { text, fen: shown.fen };
      analysisLink.href = analysisUrl(shown.fen);
      status.dataset.state = 'ok';
      status.replaceChildren(`${t('editor.legal')} `, h('code#editor-canonical', {}, shown.fen));
    } else {
      status.dataset.state = 'refused';
      status.replaceChildren(shown.why);
    }
    setPlayable(shown.ok);
  }

  // --- play
  function play(opponent: { type: 'friend' } | { type: 'computer'; level: number }): void {
    if (!accepted) return;
    playError.textContent = '';
    setPlayable(false);
    const chosen = root.querySelector<HTMLInputElement>('input[name="editor-color"]:checked')?.value;
    createGame({
      time_control: tc.value,
      variant: 'standard',
      color: chosen === 'white' || chosen === 'black' ? chosen : 'random',
      opponent,
      name: localStorage.getItem('arbiter.name')?.trim() || undefined,
      fen: accepted.fen,
    })
      .then((g) => {
        const id = g.id ?? g.game.id;
        saveToken(id, g.seat, g.token);
        if (g.invite) saveInvite(id, g.invite);
        location.assign(`/g/${id}`);
      })
      .catch((err: unknown) => {
        setPlayable(accepted !== null);
        if (err instanceof HttpError) playError.textContent = err.code && hasMessage(`editor.err.${err.code}`) ? t(`editor.err.${err.code}`) : err.message;
        else playError.textContent = t('conn.lost');
      });
  }

  // --- the page
  const field = (id: string, label: string, control: HTMLElement) => h('div.editor-field', {}, h('label', { for: id }, label), control);
  const castling = h(
    'fieldset.editor-castling',
    {},
    h('legend', {}, t('editor.castling')),
    ...RIGHTS.map((r) => h('label.choice', {}, castleBoxes[r], ` ${t(`editor.castle.${r}`)}`)),
  );
  const heading = h('h1', {}, t('editor.heading'));
  root.replaceChildren(
    h(
      'main.editor',
      {},
      heading,
      h(
        'div.editor-grid',
        {},
        h(
          'div.editor-board-col',
          {},
          boardHost,
          palette,
          h(
            'div.editor-tools',
            {},
            h('button.editor-start', { type: 'button', onclick: () => startPosition() }, t('editor.start')),
            h('button.editor-clear', { type: 'button', onclick: () => clearBoard() }, t('editor.clear')),
            h('button.editor-flip', { type: 'button', onclick: () => cg.toggleOrientation() }, t('editor.flip')),
            analysisLink,
          ),
          h('p.help', {}, t('editor.help')),
        ),
        h(
          'div.editor-side',
          {},
          h('fieldset.editor-turn', {}, h('legend', {}, t('editor.turn')), h('label.choice', {}, turnWhite, ` ${t('side.white')}`), h('label.choice', {}, turnBlack, ` ${t('side.black')}`)),
          castling,
          field('editor-ep', t('editor.ep'), ep),
          field('editor-halfmove', t('editor.halfmove'), halfmove),
          field('editor-fullmove', t('editor.fullmove'), fullmove),
          h('div.editor-fen-row', {}, h('label', { for: 'editor-fen' }, t('editor.fen')), fen),
          status,
          h(
            'section.editor-play',
            { 'aria-labelledby': 'editor-play-heading' },
            h('h2#editor-play-heading', {}, t('editor.play')),
            field('editor-tc', t('lobby.timeControl'), tc),
            h('p.help', {}, t('editor.unrated')),
            colours,
            h('div.row', {}, friendButton),
            field('editor-level', t('lobby.levelLabel'), level),
            h('div.row', {}, computerButton),
            playError,
          ),
        ),
      ),
    ),
  );

  function load(text: string): void {
    fen.value = text;
    fromText(text);
    showFields();
    scheduleCheck();
  }
  function startPosition(): void {
    load(START_FEN);
    remember();
  }
  function clearBoard(): void {
    setup = { placement: EMPTY_PLACEMENT, turn: setup.turn, castling: noCastling(), ep: '-', halfmove: 0, fullmove: 1 };
    cg.set({ fen: EMPTY_PLACEMENT });
    edited();
  }
  load(given ?? START_FEN);
}
