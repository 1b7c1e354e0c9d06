#!/usr/bin/env python3
"""Real events for the standings tests: a TRF and the expected standings of each.

Reads the game tags of a PGN file (Event, Site, Date, Round, White, Black, Result,
WhiteElo/BlackElo, and WhiteTitle/BlackTitle, WhiteFideId/BlackFideId where the file has
them), keeps the games of one event, checks that the event is complete, and writes

  <name>.trf       a TRF-16 file (FIDE C.04 Annex 2): one 001 line per player with his
                   opponent, colour (w/b) and result (1 = 0) in every round;
  <name>.expected  the final standings worked out here, without Arbiter: the points and
                   the tie-breaks of FIDE C.07 listed in TIEBREAKS, one row per player in
                   rank order.

Python 3 standard library only. Run from anywhere:

  python3 tests/tournament/real_events/make_trf.py [--games DIR] [--out DIR]

DIR defaults to ../shared/testdata/games beside the repository (its README gives the
provenance of the PGN files) and to this script's folder.

Every event here is a round robin (C.07 Article 15): no forfeits, byes or unplayed games,
so nothing of Article 16 applies, and each game counts as it was played. Arithmetic is
exact: scores are kept in half points and printed with the decimals Arbiter prints (points,
DE, KS, BH and PS in tenths, SB in hundredths, ARO whole).

The starting ranks (the players' numbers in the TRF) are not in the PGN: the players are
numbered by rating, highest first, then by name. Nothing below depends on them except the
order of the 001 lines.

Rows checked by hand against the TRF lines (and again in standings_events_test.cpp):
- Hotel El Aguila GM, the three on 5.0 (Cuartas, Ducarmon, Garza Marco): every value of
  Cuartas (SB ½(4.0+5.5+3.0+3.5+6.5+5.0+5.0+4.5) + 3.0 = 21.50, BH 40.0, KS 2.5, PS 24.0,
  ARO 21887/9 = 2431.9 -> 2432, BPG 5, BWG 0); SB and DE of Ducarmon (20.75, 1.0) and
  Garza Marco (20.50, 1.0).
- Spring Wednesday Knighter Masters: every value of Drake (SB 20.75, KS 2.0, PS 22.0, BWG 2,
  ARO without the unrated Radermacher 16748/8 = 2093.5 -> 2094); DE of the three on 5.0
  (Radermacher 2.0, Drake 1.0, Hoover 0.0) and of the two on 7.5 (Tang beat Dahl).
- TCEC Season 21 FRC4 final: both rows (SB 23 x 27 = 621.00 each; KS 0.0 and 23.0, half the
  maximum being 25; BH 50 x 23 and 50 x 27; ARO the other's rating).
- TCEC Season 22 League 1: DE of rofChade and SlowChess (their four games drawn: 2.0 each).
"""

import argparse
import os
import re
import sys
from collections import defaultdict

# C.07's recommendation for an individual round robin starts DE, SB, WIN, KS; the rest are
# checked too because every game of these events is known: colours (WON, BWG, BPG), the
# order of the rounds (PS) and the opponents' ratings (ARO).
TIEBREAKS = ["DE", "SB", "WIN", "WON", "BWG", "BPG", "KS", "BH", "PS", "ARO"]

# name, PGN file, Event tag, Site tag (None: any), the 092 line (type of tournament).
EVENTS = [
    ("tcec_s22_league1", "TCEC_Season_22_-_League_1.pgn", "TCEC Season 22 - League 1", None,
     "Round robin of 8 engines, 4 cycles (TCEC: two double round robins)"),
    ("tcec_s21_frc4_final", "TCEC_Season_21_-_Frc4_Final.pgn", "TCEC Season 21 - FRC4 Final",
     None, "Match of 50 Chess960 games: a round robin of two players, 50 cycles"),
    ("metropolitan_im_2012", "twic0920.pgn", "19th Metropolitan IM", "Los Angeles USA",
     "Round robin of 10 players"),
    ("el_aguila_gm_2012", "twic0920.pgn", "Hotel El Aguila GM", "Utebo ESP",
     "Round robin of 10 players"),
    ("knighter_masters_2012", "twic0920.pgn", "Spring Wednesday Knighter Masters",
     "Minneapolis USA", "Round robin of 10 players"),
    ("baltija_wgm_cup_2012", "twic0920.pgn", "Baltija WGM Cup 2012", "Palanga LTU",
     "Double round robin of 6 players"),
]

# Points in half points: a win 2, a draw 1, a loss 0.
WIN, DRAW, LOSS = 2, 1, 0
WHITE_SCORE = {"1-0": WIN, "1/2-1/2": DRAW, "0-1": LOSS}
TRF_RESULT = {WIN: "1", DRAW: "=", LOSS: "0"}


class EventError(Exception):
    pass


# ---------------------------------------------------------------------------- PGN tags


def read_tag_sections(path):
    """The tag pairs of every game of a PGN file, as dicts, in file order. Movetext is
    skipped: a game's tags are the [Name "value"] lines before its moves."""
    games = []
    current = None
    in_tags = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r'\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', line)
            if m:
                if not in_tags:
                    current = {}
                    games.append(current)
                    in_tags = True
                current[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            elif line.strip():
                in_tags = False
    return games


class Game:
    def __init__(self, tags):
        self.round = int(tags["Round"].split(".")[0])
        self.white = tags["White"].strip()
        self.black = tags["Black"].strip()
        if tags["Result"] not in WHITE_SCORE:
            raise EventError("game %s-%s has no result: %r" % (self.white, self.black,
                                                               tags["Result"]))
        self.white_score = WHITE_SCORE[tags["Result"]]
        self.date = tags.get("Date", "")
        self.tags = tags


class Player:
    def __init__(self, name):
        self.name = name
        self.rating = None
        self.title = ""
        self.fide_id = ""
        self.sno = 0
        self.rounds = {}  # round -> (opponent Player, "w"/"b", score in half points)


def tag_value(tags, key):
    value = tags.get(key, "").strip().replace("\xa0", "")
    return "" if value in ("", "-", "?") else value


def load_event(pgn_path, event, site):
    games = [
        Game(t) for t in read_tag_sections(pgn_path)
        if t.get("Event") == event and (site is None or t.get("Site") == site)
    ]
    if not games:
        raise EventError("no games of %r in %s" % (event, pgn_path))
    players = {}
    for g in games:
        for name, colour in ((g.white, "White"), (g.black, "Black")):
            p = players.setdefault(name, Player(name))
            rating = tag_value(g.tags, colour + "Elo")
            if rating and rating != "0":
                if p.rating is not None and p.rating != int(rating):
                    raise EventError("%s has two ratings" % name)
                p.rating = int(rating)
            p.title = p.title or tag_value(g.tags, colour + "Title")
            p.fide_id = p.fide_id or tag_value(g.tags, colour + "FideId")
    for g in games:
        w, b = players[g.white], players[g.black]
        for p in (w, b):
            if g.round in p.rounds:
                raise EventError("%s has two games in round %d" % (p.name, g.round))
        w.rounds[g.round] = (b, "w", g.white_score)
        b.rounds[g.round] = (w, "b", WIN - g.white_score)
    rounds = max(g.round for g in games)
    # Complete: every player has a game in every round 1..rounds (no byes in these events),
    # and each pair meets the same number of times (a round robin of that many cycles).
    for p in players.values():
        missing = [r for r in range(1, rounds + 1) if r not in p.rounds]
        if missing:
            raise EventError("%s has no game in rounds %s" % (p.name, missing))
    meetings = defaultdict(int)
    for g in games:
        meetings[frozenset((g.white, g.black))] += 1
    n = len(players)
    if len(meetings) != n * (n - 1) // 2 or len(set(meetings.values())) != 1:
        raise EventError("not a round robin: pairs met %s times" % sorted(set(meetings.values())))
    ordered = sorted(players.values(), key=lambda p: (-(p.rating or 0), p.name))
    for k, p in enumerate(ordered, 1):
        p.sno = k
    dates = sorted(g.date for g in games if g.date and "?" not in g.date)
    return ordered, rounds, games, dates


# ---------------------------------------------------------------------------- C.07


def score(p):
    """The final score in half points: 1 for a win, ½ for a draw, 0 for a loss (the
    event's own scoring; every round here is a game played)."""
    return sum(s for _, _, s in p.rounds.values())


def games_of(p):
    return [p.rounds[r] for r in sorted(p.rounds)]


def sonneborn_berger(p):
    """C.07 9.1 SB: the sum, over the games, of the opponent's final score times the
    points scored against him. Half points times half points: quarters."""
    return sum(score(opp) * s for opp, _, s in games_of(p))


def wins(p):
    """C.07 7.1 WIN: the rounds in which the player got the points of a win (played or not;
    here always played)."""
    return sum(1 for _, _, s in games_of(p) if s == WIN)


def won_games(p):
    """C.07 7.2 WON: the games won over the board."""
    return sum(1 for _, _, s in games_of(p) if s == WIN)


def black_wins(p):
    """C.07 7.4 BWG: the games won with Black."""
    return sum(1 for _, c, s in games_of(p) if c == "b" and s == WIN)


def black_games(p):
    """C.07 7.3 BPG: the games played with Black."""
    return sum(1 for _, c, _ in games_of(p) if c == "b")


def koya(p, rounds):
    """C.07 9.2 KS: the points scored against the opponents who finished with at least
    half of the maximum possible score (the points of a win times the rounds)."""
    maximum = WIN * rounds  # in half points
    return sum(s for opp, _, s in games_of(p) if 2 * score(opp) >= maximum)


def buchholz(p):
    """C.07 8.1 BH: the sum of the opponents' final scores, one term per game (in a round
    robin of several cycles an opponent counts once per game)."""
    return sum(score(opp) for opp, _, _ in games_of(p))


def progressive(p):
    """C.07 7.5 PS: the sum of the player's running scores after each round."""
    total = running = 0
    for _, _, s in games_of(p):
        running += s
        total += running
    return total


def average_rating(p):
    """C.07 10.1 ARO: the ratings of the opponents, one term per game, summed and divided by
    the number of such games, rounded to the nearest whole number (½ up). Unrated
    opponents are left out of both."""
    ratings = [opp.rating for opp, _, _ in games_of(p) if opp.rating is not None]
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def mutual_points(p, group):
    """C.07 6: the points the player scored in his games against the others of `group`."""
    return sum(s for opp, _, s in games_of(p) if opp in group and opp is not p)


def direct_encounter_split(group):
    """C.07 6, DE in a round robin (every tied player has met every other, Article 15):
    the group is ordered by the mutual points; players with equal mutual points stay
    together. Those parts are returned best first; see rank() for a part still tied."""
    by_points = defaultdict(list)
    for p in group:
        by_points[mutual_points(p, set(group))].append(p)
    return [by_points[k] for k in sorted(by_points, reverse=True)]


def value(p, name, rounds):
    """The value of one tie-break, higher better, exact (an integer in the unit below)."""
    return {
        "SB": sonneborn_berger,
        "WIN": wins,
        "WON": won_games,
        "BWG": black_wins,
        "BPG": black_games,
        "KS": lambda q: koya(q, rounds),
        "BH": buchholz,
        "PS": progressive,
        "ARO": average_rating,
    }[name](p)


def rank(players, rounds):
    """The ranking of C.07: by points, then by the tie-breaks of TIEBREAKS in
    order, each one applied only to the players still tied by everything before it.
    Returns (the players in order, the DE value of each, the players left tied).

    DE is computed inside each group still tied when it is reached: its value for a
    player is his mutual points in that group (none for a player not tied). Whether DE is
    applied again to a smaller part it leaves tied (Arbiter does so) is a reading of
    Article 6 this script does not take: it stops instead when doing so would change the
    order. In these events it never does (in the 19th Metropolitan IM, Sharma and Sevian
    are left tied by DE among the three on 6.5 and drew their own game), so the expected
    tables hold under either reading."""
    groups = [sorted([p for p in players if score(p) == s], key=lambda p: p.sno)
              for s in sorted({score(p) for p in players}, reverse=True)]
    de = {}
    for name in TIEBREAKS:
        following = []
        for group in groups:
            if len(group) == 1:
                following.append(group)
                continue
            if name == "DE":
                members = set(group)
                for p in group:
                    de[p] = mutual_points(p, members)
                parts = direct_encounter_split(group)
                for part in parts:
                    again = direct_encounter_split(part) if len(part) > 1 else [part]
                    if len(again) > 1:
                        raise EventError("DE applied again splits %s" %
                                         [p.name for p in part])
                following.extend(parts)
            else:
                by_value = defaultdict(list)
                for p in group:
                    by_value[value(p, name, rounds)].append(p)
                following.extend(by_value[k] for k in sorted(by_value, reverse=True))
        groups = following
    order = [p for group in groups for p in group]
    tied = [group for group in groups if len(group) > 1]
    return order, de, tied


# ---------------------------------------------------------------------------- output


def tenths(half_points):
    """Half points as Arbiter prints points: one decimal."""
    return "%d.%d" % (half_points // 2, 5 * (half_points % 2))


def hundredths(quarters):
    """Quarter points as two decimals."""
    return "%d.%02d" % (quarters // 4, 25 * (quarters % 4))


def formatted(p, name, rounds, de):
    if name == "DE":
        return tenths(de[p]) if p in de else "-"
    v = value(p, name, rounds)
    if name == "SB":
        return hundredths(v)
    if name in ("KS", "BH", "PS"):
        return tenths(v)
    return str(v)


def put(line, first, last, text, right=False):
    """Writes text into the 1-based columns first..last of a fixed-column line."""
    width = last - first + 1
    if len(text) > width:
        raise EventError("%r does not fit in columns %d-%d" % (text, first, last))
    text = text.rjust(width) if right else text.ljust(width)
    line.extend(" " * (last - len(line)))
    line[first - 1:last] = list(text)


def player_line(p, ranks):
    """The 001 line (C.04 Annex 2, the columns of spec/tournaments.md)."""
    line = list("001")
    put(line, 5, 8, str(p.sno), right=True)
    put(line, 11, 13, p.title, right=True)
    put(line, 15, 47, p.name)
    if p.rating is not None:
        put(line, 49, 52, str(p.rating), right=True)
    put(line, 58, 68, p.fide_id, right=True)
    put(line, 81, 84, tenths(score(p)), right=True)
    put(line, 86, 89, str(ranks[p]), right=True)
    for r, (opp, colour, s) in sorted(p.rounds.items()):
        column = 92 + 10 * (r - 1)
        put(line, column, column + 3, str(opp.sno), right=True)
        put(line, column + 5, column + 5, colour)
        put(line, column + 7, column + 7, TRF_RESULT[s])
    return "".join(line).rstrip()


def trf_date(pgn_date):
    return pgn_date.replace(".", "/")


def write_event(name, pgn_name, event, site, kind, games_dir, out_dir):
    pgn_path = os.path.join(games_dir, pgn_name)
    players, rounds, games, dates = load_event(pgn_path, event, site)
    order, de, tied = rank(players, rounds)
    ranks = {p: k for k, p in enumerate(order, 1)}
    source = "../shared/testdata/games/" + pgn_name
    lines = [
        "012 " + event,
        "022 " + (site or games[0].tags.get("Site", "")),
        "042 " + trf_date(dates[0]),
        "052 " + trf_date(dates[-1]),
        "062 %d" % len(players),
        "072 %d" % sum(1 for p in players if p.rating is not None),
        "092 " + kind,
    ]
    time_control = games[0].tags.get("TimeControl", "")
    if time_control:
        lines.append("122 " + time_control)
    lines.append("### Written by tests/tournament/real_events/make_trf.py from %s: %d games, "
                 "%d rounds" % (source, len(games), rounds))
    lines.append("### Starting ranks by rating, then name (the event's own numbers are not "
                 "in the PGN)")
    lines += [player_line(p, ranks) for p in players]
    with open(os.path.join(out_dir, name + ".trf"), "w", newline="") as f:
        f.write("\r\n".join(lines) + "\r\n")

    header = ["Rank", "SNo", "Pts"] + TIEBREAKS + ["Name"]
    rows = []
    for p in order:
        tie = "=" if any(p in group for group in tied) else ""
        rows.append([str(ranks[p]) + tie, str(p.sno), tenths(score(p))] +
                    [formatted(p, t, rounds, de) for t in TIEBREAKS] + [p.name])
    widths = [max(len(r[k]) for r in rows + [header]) for k in range(len(header) - 1)]
    with open(os.path.join(out_dir, name + ".expected"), "w", newline="\n") as f:
        f.write("# %s (%s): %d players, %d rounds, %d games.\n" %
                (event, source, len(players), rounds, len(games)))
        f.write("# Written by make_trf.py from the PGN tags, without Arbiter. Pts: 1-1/2-0.\n")
        f.write("# DE: mutual points in the group tied on points ('-': not tied). A rank\n")
        f.write("# followed by '=' is still tied after every tie-break (drawing of lots).\n")
        f.write("event " + name + "\n")
        f.write("tiebreaks " + ",".join(TIEBREAKS) + "\n")
        for row in [header] + rows:
            cells = [row[k].rjust(widths[k]) for k in range(len(widths))]
            f.write("  ".join(cells) + "  " + row[-1] + "\n")
    return len(players), rounds, len(games)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=os.path.join(repo, "..", "shared", "testdata",
                                                        "games"))
    parser.add_argument("--out", default=here)
    args = parser.parse_args()
    for name, pgn_name, event, site, kind in EVENTS:
        try:
            n, rounds, count = write_event(name, pgn_name, event, site, kind, args.games,
                                           args.out)
        except EventError as e:
            sys.exit("%s: %s" % (name, e))
        print("%s: %d players, %d rounds, %d games" % (name, n, rounds, count))


if __name__ == "__main__":
    main()
