#!/usr/bin/env python3
"""Independent hand check of an `arbiter match --tournament` event (stdlib only).

Reads the TRF-16 `001` lines by their fixed columns (not with Arbiter's reader),
recomputes every player's points and some tie-breaks, and compares them with the
standings table Arbiter printed (the text after "Rank  SNo  Name" in the saved output).

    handcheck.py swiss EVENT.trf PRINTED.txt     # points, BH/C1, BH, SB (and DE) of a Swiss
    handcheck.py rr    EVENT.trf PRINTED.txt     # points, DE, SB, WIN of a round robin

Scoring: 1-0.5-0 (the event's default; the TRF has no scoring lines). Result codes
(TRF-16): 1 + W U F = a win's points; = D H = a draw's; 0 - L Z blank = nothing.
Unplayed rounds in a Swiss (U F H Z + - blank, FIDE C.07 Art. 16): only the simple
reading is implemented -- for the player's own BH/SB a dummy opponent with the player's
own final score (capped at 0.5 x rounds; for a forfeit at the scheduled opponent's
score) -- and every such round is LISTED in the output, so that any value that depends
on it can be judged by hand. Opponents' scores are taken as they stand (no 16.3
adjustment is made; a list shows whether one would be needed).
Exit status 0 if everything printed agrees with the recomputation, 1 otherwise.
"""
import sys
from fractions import Fraction as F

WIN = set("1+WUF")
DRAW = set("=DH")
LOSS = set("0-LZ ")
PLAYED = set("10=WDL")          # a game over the board
FORFEIT = set("+-")


def value(code):
    if code in WIN:
        return F(1)
    if code in DRAW:
        return F(1, 2)
    if code in LOSS:
        return F(0)
    raise ValueError("unknown result code %r" % code)


def parse_trf(path):
    players = {}
    rounds_total = None
    with open(path, encoding="utf-8", newline="") as f:
        for raw in f:
            line = raw.rstrip("\r\n")
            if line.startswith("142 "):
                rounds_total = int(line[4:].strip())
            if not line.startswith("001"):
                continue
            sno = int(line[4:8])                    # columns 5-8
            name = line[14:47].strip()              # columns 15-47
            rating = line[48:52].strip()            # columns 49-52
            pts_col = line[80:84].strip()           # columns 81-84
            rounds = []
            col = 91                                # column 92, 0-based 91
            while col < len(line):
                block = line[col:col + 10].ljust(10)
                opp = block[0:4].strip()            # columns 92-95
                colour = block[5]                   # column 97
                res = block[7]                      # column 99
                rounds.append((int(opp) if opp else 0, colour, res))
                col += 10
            players[sno] = dict(name=name, rating=rating, pts_col=pts_col, rounds=rounds)
    return players, rounds_total


def check_symmetry(players, problems):
    """Each game appears in both players' lines, colours opposite, results complementary."""
    comp = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}
    for sno, p in players.items():
        for r, (opp, colour, res) in enumerate(p["rounds"], 1):
            if opp == 0:
                continue
            o = players[opp]["rounds"][r - 1]
            want_col = {"w": "b", "b": "w"}.get(colour, "?")
            if o[0] != sno or o[1] != want_col or o[2] != comp.get(res, "?"):
                problems.append("round %d: %d %s%s vs %d %s%s are not one game"
                                % (r, sno, colour, res, opp, o[1], o[2]))


def printed_table(path, ntb):
    """Rows of the printed standings: sno -> (rank, name, pts, [tie-break values])."""
    rows = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = None
    for i, l in enumerate(lines):
        if l.startswith("Rank") and " SNo " in l and "Pts" in l:
            start = i                               # the last such header is the standings
    tbnames = lines[start].split()[lines[start].split().index("Pts") + 1:]
    for l in lines[start + 1:]:
        t = l.split()
        if len(t) < 3 + ntb:
            break
        rank = t[0].rstrip("*")
        nums = t[-(ntb + 1):]
        rows[int(t[1])] = (int(rank), t[2], F(nums[0]), [F(x) for x in nums[1:]])
    return tbnames, rows


def fmt(x):
    return str(float(x))


def main():
    kind, trf, txt = sys.argv[1], sys.argv[2], sys.argv[3]
    players, nrounds = parse_trf(trf)
    problems = []
    check_symmetry(players, problems)
    pts = {s: sum((value(r[2]) for r in p["rounds"]), F(0)) for s, p in players.items()}
    for s, p in players.items():
        if p["pts_col"] and F(p["pts_col"]) != pts[s]:
            problems.append("%s: TRF points column %s, results give %s"
                            % (p["name"], p["pts_col"], fmt(pts[s])))
    unplayed = [(s, r, res) for s, p in players.items()
                for r, (o, c, res) in enumerate(p["rounds"], 1) if res not in PLAYED]
    print("players %d, rounds %d (142: %s)" % (len(players),
          max(len(p["rounds"]) for p in players.values()), nrounds))
    print("unplayed rounds (bye/forfeit/absence): %s"
          % (", ".join("%s r%d '%s'" % (players[s]["name"], r, c) for s, r, c in unplayed)
             or "none"))

    # Per player: a list of (opponent score, points scored) per round, dummies for unplayed.
    def contributions(s):
        out = []
        for r, (opp, colour, res) in enumerate(players[s]["rounds"], 1):
            got = value(res)
            if kind == "rr":
                if opp:                              # Art. 15: forfeits count as games
                    out.append((pts[opp], got))
                continue                             # a round-robin bye counts for nothing
            if res in PLAYED:
                out.append((pts[opp], got))
            else:                                    # Art. 16.4 (simple reading)
                dummy = pts[s]
                if res in FORFEIT and opp:
                    dummy = min(dummy, pts[opp])
                else:
                    dummy = min(dummy, F(1, 2) * (nrounds or len(players[s]["rounds"])))
                out.append((dummy, got))
        return out

    mine = {}
    for s in players:
        c = contributions(s)
        bh = sum((o for o, _ in c), F(0))
        bh_c1 = bh - min(o for o, _ in c) if c else F(0)
        sb = sum((o * g for o, g in c), F(0))
        wins = sum(1 for r in players[s]["rounds"] if r[2] in WIN)
        mine[s] = {"Pts": pts[s], "BH": bh, "BH/C1": bh_c1, "SB": sb, "WIN": wins}

    # The number of tie-break columns is read from the header.
    with open(txt, encoding="utf-8") as f:
        hdr = [l for l in f.read().splitlines()
               if l.startswith("Rank") and " SNo " in l and "Pts" in l][-1].split()
    ntb = len(hdr) - hdr.index("Pts") - 1
    tbnames, rows = printed_table(txt, ntb)

    # DE: mutual points inside each group still tied on everything before DE in the list.
    if "DE" in tbnames:
        before = tbnames[:tbnames.index("DE")]
        key = lambda s: tuple([mine[s]["Pts"]] + [mine[s][n] for n in before])
        groups = {}
        for s in players:
            groups.setdefault(key(s), []).append(s)
        for s in players:
            mine[s]["DE"] = F(0)                     # Arbiter prints 0 outside a tied group
        for g in groups.values():
            if len(g) < 2:
                continue
            met = all(any(r[0] == b and r[2] in PLAYED for r in players[a]["rounds"])
                      for a in g for b in g if a != b)
            for a in g:
                if not met:
                    mine[a]["DE"] = None             # not all met: not recomputed here
                    continue
                mine[a]["DE"] = sum((value(r[2]) for r in players[a]["rounds"]
                                     if r[0] in g and r[0] != a and r[2] in PLAYED), F(0))
            print("tied before DE: %s%s" % (", ".join(players[a]["name"] for a in g),
                                            "" if met else " (not all met: DE not checked)"))

    checked = ["Pts"] + [n for n in tbnames if n in ("BH", "BH/C1", "SB", "WIN", "DE")]
    print("checked columns: %s; not checked: %s"
          % (", ".join(checked), ", ".join(n for n in tbnames if n not in checked) or "none"))
    print("%-4s %-4s %-12s" % ("Rank", "SNo", "Name")
          + "".join("%16s" % ("%s (A/H)" % n) for n in checked))
    for s in sorted(rows, key=lambda s: rows[s][0]):
        rank, name, ppts, ptbs = rows[s]
        printed = {"Pts": ppts}
        printed.update(dict(zip(tbnames, ptbs)))
        cells = []
        for n in checked:
            h = mine[s][n]
            cells.append("%16s" % ("%s/%s" % (fmt(printed[n]), "-" if h is None else fmt(h))))
            if h is not None and F(printed[n]) != h:
                problems.append("%s (SNo %d): %s printed %s, hand %s"
                                % (name, s, n, fmt(printed[n]), fmt(h)))
        if name != players[s]["name"]:
            problems.append("SNo %d: printed name %s, TRF %s" % (s, name, players[s]["name"]))
        print("%-4d %-4d %-12s" % (rank, s, name) + "".join(cells))
    if set(rows) != set(players):
        problems.append("printed rows %s, TRF players %s" % (sorted(rows), sorted(players)))

    # The order: printed ranks must be non-increasing in (Pts, tie-breaks) as recomputed.
    order = sorted(rows, key=lambda s: rows[s][0])
    for a, b in zip(order, order[1:]):
        ka = [mine[a]["Pts"]] + [mine[a].get(n) for n in tbnames]
        kb = [mine[b]["Pts"]] + [mine[b].get(n) for n in tbnames]
        for x, y in zip(ka, kb):
            if x is None or y is None:
                break                                # a value not recomputed: stop comparing
            if x > y:
                break
            if x < y:
                problems.append("order: %s ranked above %s but lower on the recomputed keys"
                                % (players[a]["name"], players[b]["name"]))
                break
    print()
    if problems:
        print("MISMATCHES (%d):" % len(problems))
        for p in problems:
            print("  " + p)
        return 1
    print("hand check: every checked value and the order agree with the printed standings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
