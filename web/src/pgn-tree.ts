// The PGN viewer's pure part (issue #18 item 5): the answer of POST /api/pgn
// (docs/web-protocol.md §1.8) as types, a game's move tree flattened into numbered
// positions with their parents and continuations, stepping through them (←/→/Home/End),
// move numbers, NAG symbols, the game list's words and the analysis board's address.
// Unit-tested in test/unit/pgn-tree.test.ts.

export interface ImportedMove {
  san: string;
  uci: string; // "0000" for a null move
  fen: string; // the position after the move
  comment_before?: string;
  comment?: string;
  nags?: number[];
  clock_ms?: number;
  emt_ms?: number;
  eval?: string;
  draw_offer?: boolean;
  variations?: ImportedMove[][]; // lines that replace this move, each from its first move
}

export interface ImportedGame {
  number: number; // 1-based, in the order of the text
  line: number; // where the game begins in the text
  tags: Record<string, string>;
  start_fen: string;
  chess960: boolean;
  result: string; // the termination marker as read; "" when missing
  plies: number;
  failed: boolean; // the game had an error: its moves end where the error stood
  comment?: string;
  moves: ImportedMove[];
}

export interface PgnDiagnostic {
  game: number;
  line: number;
  column: number;
  code: string;
  message: string; // the PGN module's English
}

export interface PgnImportResult {
  games: ImportedGame[];
  errors: PgnDiagnostic[];
  warnings: PgnDiagnostic[];
  truncated: boolean;
  error_count: number;
  warning_count: number;
}

// The server reads at most this many bytes (docs/security.md, "PGN import").
export const MAX_PGN_BYTES = 1 << 20;

// A position of the tree: the start (id 0, no move) or the position after a move.
export interface TreeNode {
  id: number;
  move: ImportedMove | null;
  parent: number | null; // the position before the move
  next: number | null; // the continuation in this node's own line
  ply: number; // half-moves from the game's start (0 for the start)
  depth: number; // 0 on the main line, 1 in a variation, 2 in a variation inside one…
  variationStart: boolean; // the first move of a variation
  variations: number[]; // the first nodes of the lines that replace this move
}

export interface GameTree {
  nodes: TreeNode[]; // nodes[0] is the start position
  startFen: string;
}

// Flattens the game's tree in the order of the text: a move, then the variations that
// replace it, then the line goes on. The variations' nesting is bounded by the server
// (128), so the recursion is too.
export function buildTree(game: Pick<ImportedGame, 'start_fen' | 'moves'>): GameTree {
  const nodes: TreeNode[] = [{ id: 0, move: null, parent: null, next: null, ply: 0, depth: 0, variationStart: false, variations: [] }];
  const addLine = (line: ImportedMove[], parent: number, depth: number): number | null => {
    let before = parent;
    let first: number | null = null;
    for (const [i, move] of line.entries()) {
      const node: TreeNode = { id: nodes.length, move, parent: before, next: null, ply: (nodes[before]?.ply ?? 0) + 1, depth, variationStart: depth > 0 && i === 0, variations: [] };
      nodes.push(node);
      const previous = nodes[before];
      if (previous && (i > 0 || depth === 0)) previous.next = node.id;
      first ??= node.id;
      for (const variation of move.variations ?? []) {
        const start = addLine(variation, before, depth + 1);
        if (start !== null) node.variations.push(start);
      }
      before = node.id;
    }
    return first;
  };
  addLine(game.moves, 0, 0);
  return { nodes, startFen: game.start_fen };
}

// The FEN shown at a node: the start position, or the position after the move.
export function fenAt(tree: GameTree, id: number): string {
  return tree.nodes[id]?.move?.fen ?? tree.startFen;
}

// ← goes to the position before, → along the node's line (the main line from the start),
// Home to the start, End to the end of the line the node is on.
export function stepFrom(tree: GameTree, id: number, key: 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End'): number {
  const node = tree.nodes[id];
  if (!node) return 0;
  switch (key) {
    case 'ArrowLeft':
      return node.parent ?? id;
    case 'ArrowRight':
      return node.next ?? id;
    case 'Home':
      return 0;
    case 'End': {
      let at = node;
      while (at.next !== null) at = tree.nodes[at.next] ?? at;
      return at.id;
    }
  }
}

// The moves from the start to a node (the path the board shows).
export function pathTo(tree: GameTree, id: number): number[] {
  const path: number[] = [];
  for (let at: TreeNode | undefined = tree.nodes[id]; at && at.id !== 0; at = at.parent === null ? undefined : tree.nodes[at.parent]) path.push(at.id);
  return path.reverse();
}

// The move number and side of the ply-th half-move from a start position (ply 1 is the
// first move): a FEN's side to move and move number decide.
export function moveNumber(startFen: string, ply: number): { number: number; side: 'white' | 'black' } {
  const fields = startFen.split(' ');
  const blackStarts = fields[1] === 'b';
  const first = Number.parseInt(fields[5] ?? '1', 10);
  const offset = ply - 1 + (blackStarts ? 1 : 0);
  return { number: (Number.isFinite(first) && first > 0 ? first : 1) + Math.floor(offset / 2), side: offset % 2 === 0 ? 'white' : 'black' };
}

// The number in front of a move, as PGN writes it: "12." before White's move, "12…" before
// Black's at the start of a line or after a comment or a variation; nothing otherwise.
export function moveLabel(startFen: string, ply: number, forceNumber: boolean): string {
  const { number, side } = moveNumber(startFen, ply);
  if (side === 'white') return `${number}.`;
  return forceNumber ? `${number}…` : '';
}

// NAGs (PGN standard 10) as the symbols of chess books. Move assessments (1–6) stand right
// after the move; the others (positions, ideas) after it with a space.
const NAG_SYMBOLS: Record<number, string> = {
  1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 8: '□',
  10: '=', 11: '=', 12: '=', 13: '∞', 14: '⩲', 15: '⩱', 16: '±', 17: '∓', 18: '+−', 19: '−+', 20: '+−', 21: '−+',
  22: '⨀', 23: '⨀', 32: '⟳', 33: '⟳', 36: '→', 37: '→', 40: '↑', 41: '↑', 44: '=∞', 45: '=∞',
  132: '⇆', 133: '⇆', 138: '⊕', 139: '⊕', 140: '∆', 146: 'N',
};

export function nagSymbol(nag: number): string {
  return NAG_SYMBOLS[nag] ?? `$${nag}`;
}

export const isMoveAssessment = (nag: number): boolean => nag >= 1 && nag <= 6;

// The catalogue key naming a NAG (pgn.nag.N; pairs for White and Black share one), or null.
export function nagKey(nag: number): string | null {
  const shared: Record<number, number> = { 8: 7, 11: 10, 12: 10, 20: 18, 21: 19, 23: 22, 33: 32, 37: 36, 41: 40, 45: 44, 133: 132, 139: 138 };
  const key = shared[nag] ?? nag;
  return key in NAG_SYMBOLS ? `pgn.nag.${key}` : null;
}

// "White – Black", each "?" when the tag is missing.
export function playersOf(game: Pick<ImportedGame, 'tags'>): string {
  const name = (tag: string): string => {
    const v = game.tags[tag]?.trim();
    return v && v !== '?' ? v : '?';
  };
  return `${name('White')} – ${name('Black')}`;
}

// The result to show: the Result tag, else the termination marker; "½-½" for a draw.
export function resultOf(game: Pick<ImportedGame, 'tags' | 'result'>): string {
  const r = game.tags.Result && game.tags.Result !== '?' ? game.tags.Result : game.result;
  return r === '1/2-1/2' ? '½-½' : r || '*';
}

// A tag worth showing: absent, "?" and "????.??.??" are not.
export function shownTag(game: Pick<ImportedGame, 'tags'>, tag: string): string | null {
  const v = game.tags[tag]?.trim();
  if (!v || /^[?.]+$/.test(v)) return null;
  return v;
}

// The analysis board's address for a position (the FEN URL-encoded: spaces, slashes).
export function analysisUrl(fen: string): string {
  return `/analysis?fen=${encodeURIComponent(fen)}`;
}

// The size the server counts: UTF-8 bytes.
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

// Whether the side to move is in check after the move (SAN's "+" or "#").
export const givesCheck = (san: string): boolean => /[+#]$/.test(san);
