// The pure part of the computer analysis (issue #18 items 3 and 4): the server's answers as
// types (GET /api/games/{id}/analysis, the events of GET /api/analysis), evaluations as
// text and as White's winning chances, the judgement marks, the evaluation graph's points,
// the progress, and the engine's lines kept by their number. No DOM: unit-tested in
// test/unit/analysis-model.test.ts. docs/analysis.md has the formulas.
import { moveNumber } from './pgn-tree';

// An evaluation from White's view: centipawns or a mate in N (negative: Black mates), with
// White's winning chances in percent. A mate on the board is {mate: 0, mated}.
export type Eval = { cp: number; win?: number } | { mate: number; mated?: 'white' | 'black'; win?: number };

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

export interface AnalysedPly {
  san: string;
  eval: Eval;
  depth: number;
  best: string[]; // the engine's line from the position before this move; best[0] its move
  judgement: Judgement | null;
}

export interface SideSummary {
  accuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  acpl: number | null;
}

export interface GameAnalysis {
  nodes: number;
  start: Eval;
  plies: AnalysedPly[];
  white: SideSummary;
  black: SideSummary;
}

export type AnalysisStatus = 'none' | 'queued' | 'running' | 'done' | 'failed';

export interface AnalysisState {
  status: AnalysisStatus;
  done: number;
  total: number;
  queued_before: number;
  reason?: string;
  analysis?: GameAnalysis;
}

// One event of the live stream: a line of the search at a depth.
export interface EngineLine {
  depth: number;
  multipv: number; // 1-based
  eval: Eval;
  nodes: number;
  nps: number;
  pv: string[];
}

export const MAX_LINES = 5;

const isMate = (e: Eval): e is { mate: number; mated?: 'white' | 'black'; win?: number } => 'mate' in e;

// lichess's winning chances (docs/analysis.md): 50 + 50 · (2 / (1 + e^(−0.00368208 · cp)) − 1),
// centipawns capped at ±1000, a mate as the cap with the winner's sign.
export function winFromCp(cp: number): number {
  const capped = Math.max(-1000, Math.min(1000, cp));
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * capped)) - 1);
}

// White's winning chances, 0..100: the server's figure, else computed.
export function whiteWin(e: Eval): number {
  if (typeof e.win === 'number' && Number.isFinite(e.win)) return Math.max(0, Math.min(100, e.win));
  if (isMate(e)) {
    if (e.mate === 0) return e.mated === 'white' ? winFromCp(-1000) : winFromCp(1000);
    return winFromCp(e.mate > 0 ? 1000 : -1000);
  }
  return winFromCp(e.cp);
}

// Which side the evaluation favours by a mate: 'white', 'black', or null (no mate).
export function mateWinner(e: Eval): 'white' | 'black' | null {
  if (!isMate(e)) return null;
  if (e.mate === 0) return e.mated === 'white' ? 'black' : e.mated === 'black' ? 'white' : null;
  return e.mate > 0 ? 'white' : 'black';
}

// An evaluation as lichess writes it: "+0.35", "-1.20", "0.00", "#3" (White mates in 3),
// "#-2" (Black mates in 2), "#0" for a mate on the board.
export function evalText(e: Eval): string {
  if (isMate(e)) return e.mate === 0 ? '#0' : `#${e.mate}`;
  const pawns = e.cp / 100;
  if (Math.abs(pawns) < 0.005) return '0.00';
  return `${pawns > 0 ? '+' : '-'}${Math.abs(pawns).toFixed(2)}`;
}

// The mark a judgement puts after its move (PGN's NAGs $6, $2, $4).
export const JUDGEMENT_SYMBOL: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

// The side that made the ply-th move (1-based) of a game from startFen.
export function moverOf(startFen: string, ply: number): 'white' | 'black' {
  return moveNumber(startFen, ply).side;
}

// "12." before White's move, "12…" before Black's: a move named on its own.
export function numberedMove(startFen: string, ply: number, san: string): string {
  const { number, side } = moveNumber(startFen, ply);
  return `${number}${side === 'white' ? '.' : '…'} ${san}`;
}

// The graph's points: one per position (the start, then after every ply), x from 0 to
// width, y from 0 (White wins) to height (Black wins).
export function graphPoints(a: Pick<GameAnalysis, 'start' | 'plies'>, width: number, height: number): { ply: number; x: number; y: number; win: number }[] {
  const evals = [a.start, ...a.plies.map((p) => p.eval)];
  const step = evals.length > 1 ? width / (evals.length - 1) : 0;
  return evals.map((e, ply) => {
    const win = whiteWin(e);
    return { ply, x: ply * step, y: height - (win / 100) * height, win };
  });
}

// The SVG path of White's area: from the bottom left along the curve to the bottom right.
export function areaPath(points: { x: number; y: number }[], height: number): string {
  if (points.length === 0) return '';
  const first = points[0];
  const last = points[points.length - 1];
  const curve = points.map((p) => `L${round(p.x)},${round(p.y)}`).join(' ');
  return `M${round(first?.x ?? 0)},${height} ${curve} L${round(last?.x ?? 0)},${height} Z`;
}

const round = (n: number): string => String(Math.round(n * 100) / 100);

// The ply nearest a point of the graph (fraction 0..1 of its width).
export function plyAt(fraction: number, plies: number): number {
  return Math.max(0, Math.min(plies, Math.round(fraction * plies)));
}

// How far the analysis is, 0..1 (queued: 0).
export function progressOf(s: Pick<AnalysisState, 'status' | 'done' | 'total'>): number {
  if (s.status === 'done') return 1;
  if (s.status !== 'running' || s.total <= 0) return 0;
  return Math.max(0, Math.min(1, s.done / s.total));
}

// Whether the page should ask again for the state.
export const stillWorking = (s: Pick<AnalysisState, 'status'>): boolean => s.status === 'queued' || s.status === 'running';

// The engine's lines by number: a new event replaces its line; lines past `wanted` go.
export function mergeLine(lines: readonly EngineLine[], line: EngineLine, wanted: number): EngineLine[] {
  if (line.multipv < 1 || line.multipv > Math.min(wanted, MAX_LINES)) return lines.slice(0, wanted);
  const out = lines.slice(0, wanted);
  out[line.multipv - 1] = line;
  // No holes: a line 2 before line 1 arrived keeps its place, the missing ones are skipped
  // when shown.
  return out;
}

// Reads one event's data; null for anything that is not a line.
export function parseLine(data: string): EngineLine | null {
  try {
    const v = JSON.parse(data) as Partial<EngineLine>;
    if (typeof v.depth !== 'number' || typeof v.multipv !== 'number' || !v.eval || !Array.isArray(v.pv)) return null;
    const e = v.eval as Partial<{ cp: number; mate: number }>;
    if (typeof e.cp !== 'number' && typeof e.mate !== 'number') return null;
    return { depth: v.depth, multipv: v.multipv, eval: v.eval, nodes: v.nodes ?? 0, nps: v.nps ?? 0, pv: v.pv.filter((m): m is string => typeof m === 'string') };
  } catch {
    return null;
  }
}

// The live stream's address for a position.
export function streamUrl(fen: string, multipv: number): string {
  return `/api/analysis?fen=${encodeURIComponent(fen)}&multipv=${Math.max(1, Math.min(MAX_LINES, Math.round(multipv)))}`;
}

// The evaluation bar's white part, in percent of its height.
export const barWhite = (e: Eval | null): number => (e ? whiteWin(e) : 50);
