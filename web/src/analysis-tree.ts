// The analysis board's moves (issue #18 item 4): a tree kept as PGN keeps one, a main line
// whose moves carry the variations that replace them (pgn-tree.ts's ImportedMove), so the
// PGN viewer's numbering, stepping and paths serve here too. A move played where the line
// already goes on becomes a variation of the move that follows there (or is that move, or
// the first move of one of its variations, when it is the same). Pure: unit-tested in
// test/unit/analysis-tree.test.ts.
import { buildTree, type GameTree, type ImportedMove } from './pgn-tree';

export interface PlayedMove {
  san: string;
  uci: string;
  fen: string; // the position after it
}

export class AnalysisTree {
  readonly moves: ImportedMove[] = [];
  tree: GameTree;

  constructor(readonly startFen: string) {
    this.tree = buildTree({ start_fen: startFen, moves: this.moves });
  }

  // The line (array) that holds a move, and its index there.
  private lineOf(move: ImportedMove): { line: ImportedMove[]; index: number } | null {
    const search = (line: ImportedMove[]): { line: ImportedMove[]; index: number } | null => {
      for (const [index, m] of line.entries()) {
        if (m === move) return { line, index };
        for (const v of m.variations ?? []) {
          const found = search(v);
          if (found) return found;
        }
      }
      return null;
    };
    return search(this.moves);
  }

  // Plays a move from node `at` (0: the start); returns the node of the move. The tree is
  // numbered again (buildTree), so node ids after the new move may change: use the id
  // returned, not an id kept from before.
  play(at: number, played: PlayedMove): number {
    const from = this.tree.nodes[at];
    let target: ImportedMove;
    // The line `at` is on, and the move that follows it there.
    let line: ImportedMove[] = this.moves;
    let nextIndex = 0;
    if (from?.move) {
      const where = this.lineOf(from.move);
      if (where) {
        line = where.line;
        nextIndex = where.index + 1;
      }
    }
    const next = line[nextIndex];
    if (!next) {
      target = { san: played.san, uci: played.uci, fen: played.fen };
      line.push(target);
    } else if (next.uci === played.uci) {
      target = next;
    } else {
      const existing = (next.variations ?? []).map((v) => v[0]).find((m) => m?.uci === played.uci);
      if (existing) target = existing;
      else {
        target = { san: played.san, uci: played.uci, fen: played.fen };
        next.variations = [...(next.variations ?? []), [target]];
      }
    }
    this.tree = buildTree({ start_fen: this.startFen, moves: this.moves });
    return this.nodeOf(target);
  }

  // Plays several moves one after the other (an engine line); returns the last node.
  playLine(at: number, line: readonly PlayedMove[]): number {
    let node = at;
    for (const m of line) node = this.play(node, m);
    return node;
  }

  nodeOf(move: ImportedMove): number {
    return this.tree.nodes.find((n) => n.move === move)?.id ?? 0;
  }
}
