#!/usr/bin/env python3
"""A small match runner: arbiter-engine (UCI) against an xboard/CECP engine (fairymax,
phalanx, ...). No python-chess here, so game ends are detected from the engines'
own reports plus adjudication (see ADJUDICATION below). Preliminary measurements only.

usage: xboard_match.py ENGINE_BIN OPPONENT_CMD BOOK.epd GAMES BASE_S INC_S [SEED]
       OPPONENT_CMD "uci:/usr/games/glaurung" drives a UCI opponent instead.
"""
import math
import random
import subprocess
import sys
import time
import os

DEBUG = os.environ.get("XB_DEBUG") == "1"

# ADJUDICATION: a side wins when arbiter-engine's own score is a mate score or beyond
# +-1000 cp for 4 of its consecutive moves (in its favour or against it); a draw is
# declared at 200 plies, or when arbiter's score stays within +-5 cp for 12 of its moves
# after ply 80 (repetitions, fortress, 50-move shuffling).


class Uci:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name Hash value 16")
        self.send("setoption name Threads value 1")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("uci engine died")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def close(self):
        self.send("quit")
        self.p.wait(timeout=5)


class Xboard:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("xboard")
        self.send("protover 2")
        time.sleep(0.3)

    def send(self, s):
        if DEBUG:
            print(">xb", s, file=sys.stderr)
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def read_move(self):
        """Returns ('move', m) or ('result', text)."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("xboard engine died")
            t = line.strip()
            if DEBUG:
                print("<xb", t, file=sys.stderr)
            if t.startswith("move "):
                return "move", t.split()[1]
            if t.startswith(("1-0", "0-1", "1/2-1/2", "resign")):
                return "result", t
            if t.startswith("Illegal move"):
                return "result", "illegal: " + t

    def close(self):
        self.send("quit")
        try:
            self.p.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.p.kill()


class UciOpponent:
    """A UCI opponent behind the Xboard interface used by play()."""

    def __init__(self, cmd):
        self.engine = Uci(cmd)
        self.fen, self.moves, self.times = "", [], (0, 0)
        self.level_inc = 0.0

    def send(self, s):
        words = s.split()
        if s.startswith("setboard "):
            self.fen, self.moves = s[len("setboard "):], []
        elif s.startswith("level "):
            self.level_inc = float(words[3])
        elif words[0] == "time":
            self.my_time = int(words[1]) * 10
        elif words[0] == "otim":
            self.other_time = int(words[1]) * 10
        elif words[0] == "go":
            self.think()
        elif len(words) == 1 and len(s) in (4, 5) and s[1].isdigit():
            self.moves.append(s)
            if self.started:
                self.think()
        elif words[0] == "new":
            self.engine.send("ucinewgame")
            self.started = False
            self.reply = None

    def think(self):
        self.started = True
        white = (self.fen.split()[1] == "w") == (len(self.moves) % 2 == 0)
        wt, bt = (self.my_time, self.other_time) if white else (self.other_time, self.my_time)
        inc = int(self.level_inc * 1000)
        self.engine.send("position fen " + self.fen +
                         (" moves " + " ".join(self.moves) if self.moves else ""))
        self.engine.send("go wtime %d btime %d winc %d binc %d" % (wt, bt, inc, inc))
        self.reply = None

    def read_move(self):
        lines = self.engine.until("bestmove")
        mv = lines[-1].split()[1]
        if mv in ("0000", "(none)"):
            return "result", "no move"
        self.moves.append(mv)
        return "move", mv

    def close(self):
        self.engine.close()


def play(uci, xb, fen, arbiter_white, base, inc):
    """Returns the score for arbiter (1, 0.5, 0) and a reason."""
    uci.send("ucinewgame")
    for cmd in ("new", "force", "easy", "nopost", "setboard " + fen,
                "level 0 %d:%02d %g" % (base // 60, base % 60, inc)):
        xb.send(cmd)
    clock = {True: base * 1000.0, False: base * 1000.0}  # key: "is arbiter"
    white_to_move = fen.split()[1] == "w"
    moves = []
    big, quiet = 0, 0
    xb_started = False
    sent_at = None  # when the opponent's clock started (its move is being computed)
    for ply in range(200):
        arbiter_turn = white_to_move == arbiter_white
        if arbiter_turn:
            start = time.time()
            wt = clock[True] if arbiter_white else clock[False]
            bt = clock[False] if arbiter_white else clock[True]
            uci.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
            uci.send("go wtime %d btime %d winc %d binc %d" % (wt, bt, inc * 1000, inc * 1000))
            lines = uci.until("bestmove")
            used = (time.time() - start) * 1000.0
            mv = lines[-1].split()[1]
            score = None
            for l in lines:
                if " score cp " in l:
                    score = int(l.split(" score cp ")[1].split()[0])
                elif " score mate " in l:
                    m = int(l.split(" score mate ")[1].split()[0])
                    score = 100000 if m > 0 else -100000
            if mv == "0000":
                return 0.5, "arbiter has no move (unclassified)"
            if score is not None:
                big = big + 1 if abs(score) >= 1000 else 0
                quiet = quiet + 1 if abs(score) <= 5 and ply >= 80 else 0
                if big >= 4:
                    return (1, "adjudicated win") if score > 0 else (0, "adjudicated loss")
                if quiet >= 12:
                    return 0.5, "adjudicated draw"
            if xb_started:
                xb.send("time %d" % (clock[False] / 10))
                xb.send("otim %d" % ((clock[True] - used + inc * 1000) / 10))
            xb.send(mv)
            sent_at = time.time()
        else:
            if not xb_started:
                xb.send("time %d" % (clock[False] / 10))
                xb.send("otim %d" % (clock[True] / 10))
                xb.send("go")
                xb_started = True
                sent_at = time.time()
            kind, mv = xb.read_move()
            used = (time.time() - sent_at) * 1000.0
            if kind == "move" and mv.startswith("O-O"):  # some engines castle in SAN
                rank = "1" if white_to_move else "8"
                mv = "e" + rank + ("c" if mv.startswith("O-O-O") else "g") + rank
            if kind == "result":
                if mv.startswith("resign"):
                    return 1, "opponent resigned"
                if mv.startswith("1/2") or mv == "no move":
                    return 0.5, mv
                if mv.startswith("illegal"):
                    return 0.5, "protocol trouble: " + mv
                return (1 if mv.startswith("1-0") == arbiter_white else 0), mv
        clock[arbiter_turn] -= used
        if clock[arbiter_turn] < 0:
            return (0, "arbiter lost on time") if arbiter_turn else (1, "opponent lost on time")
        clock[arbiter_turn] += inc * 1000
        moves.append(mv)
        white_to_move = not white_to_move
    return 0.5, "200 plies"


def main():
    engine, opponent, book, games, base, inc = sys.argv[1:7]
    seed = int(sys.argv[7]) if len(sys.argv) > 7 else 1
    games, base, inc = int(games), int(base), float(inc)
    openings = [l.strip() for l in open(book) if l.strip()]
    rng = random.Random(seed)
    score, results = 0.0, []
    uci = Uci([engine])
    for g in range(games):
        if g % 2 == 0:
            fen = rng.choice(openings)
        if opponent.startswith("uci:"):
            xb = UciOpponent(opponent[4:].split())
        else:
            xb = Xboard(opponent.split())
        s, why = play(uci, xb, fen, g % 2 == 0, base, inc)
        xb.close()
        score += s
        results.append(s)
        print("game %d (%s, arbiter %s): %s  %s" % (g + 1, fen, "white" if g % 2 == 0 else "black",
                                                    s, why), flush=True)
    n = len(results)
    p = score / n
    w = results.count(1)
    d = results.count(0.5)
    l = results.count(0)
    print("arbiter %d-%d-%d (W-D-L), score %.1f/%d = %.1f%%" % (w, d, l, score, n, 100 * p))
    if 0 < p < 1:
        elo = -400 * math.log10(1 / p - 1)
        var = sum((r - p) ** 2 for r in results) / n
        se = math.sqrt(var / n)
        lo, hi = max(p - 1.96 * se, 1e-3), min(p + 1.96 * se, 1 - 1e-3)
        print("Elo difference %+.0f (95%% interval %+.0f .. %+.0f)" %
              (elo, -400 * math.log10(1 / lo - 1), -400 * math.log10(1 / hi - 1)))
    uci.close()


if __name__ == "__main__":
    main()
