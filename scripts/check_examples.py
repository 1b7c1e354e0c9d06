#!/usr/bin/env python3
"""Runs the programs of examples/, built against an installed Arbiter, on real inputs and
checks what they print (scripts/package_ci.sh calls it once per build of them):

  final_positions  examples/data/endings.pgn exactly; two game collections of
                   ../shared/testdata against pgn-extract's final positions and results
  russian_moves    positions with castling, promotions, captures and checks, exactly
  adjudicate       every golden event log of tests/competition/golden against its verdict
  pair_round       reference tournaments of ../shared/testdata, every round re-paired
                   from the rounds before it, against the file's own pairing
  play_engine      a whole game against the engine, checked legal by `arbiter pgn check`
  tour             the guide's program against examples/expected/tour.txt

and that the code blocks of docs/library.md are copied from examples/ (C++ and CMake)
and its output blocks from examples/expected/tour.txt, so the guide cannot rot.

  check_examples.py BIN_DIR ARBITER_CLI
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
EXPECTED = EXAMPLES / "expected"
TESTDATA = ROOT.parent / "shared" / "testdata"
GOLDEN = ROOT / "tests" / "competition" / "golden"

failures = []


def fail(what):
    failures.append(what)
    print(f"FAIL {what}")


def run(program, *args, stdin=None):
    return subprocess.run([str(program), *map(str, args)], input=stdin, capture_output=True,
                          text=True, timeout=600)


def expect_output(name, result, expected_file):
    expected = (EXPECTED / expected_file).read_text()
    if result.returncode != 0 or result.stdout != expected:
        fail(f"{name}: exit {result.returncode}, output differs from expected/{expected_file}\n"
             f"{result.stdout}{result.stderr}")
    else:
        print(f"ok   {name}: as expected/{expected_file}")


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def pgn_extract_final(game):
    """One game of pgn-extract -F: its final FEN and result. A game without moves has no
    FEN comment: its final position is its start, the FEN tag or the initial position."""
    result = game.split()[-1]
    comment = re.search(r'\{ "([^"]+)" \} \S+\s*$', game)
    tag = re.search(r'^\[FEN "([^"]+)"\]', game, re.M)
    return f"{comment[1] if comment else tag[1] if tag else START}  {result}"


def check_final_positions(bin_dir):
    program = bin_dir / "final_positions"
    expect_output("final_positions endings.pgn", run(program, EXAMPLES / "data" / "endings.pgn"),
                  "final_positions.txt")
    # pgn-extract -F writes each game with a comment holding its final FEN.
    for name in ("world_matches.pgn", "twic0920.pgn"):
        pgn = TESTDATA / "games" / name
        ours = run(program, pgn)
        theirs = subprocess.run(["/usr/games/pgn-extract", "-F", "--quiet", "-w", "100000", str(pgn)],
                                capture_output=True, text=True, errors="replace")
        if theirs.returncode != 0 or not theirs.stdout.startswith("[Event "):
            fail(f"pgn-extract -F {name}: exit {theirs.returncode}")
            continue
        reference = [pgn_extract_final(game) for game in theirs.stdout.split("\n[Event ")]
        lines = ours.stdout.splitlines()
        if ours.returncode != 0 or lines != reference:
            diff = next((f"{a!r} vs pgn-extract {b!r}" for a, b in zip(lines, reference) if a != b),
                        f"{len(lines)} games, pgn-extract {len(reference)}")
            fail(f"final_positions {name}: exit {ours.returncode}; {diff}")
        else:
            print(f"ok   final_positions {name}: {len(lines)} games as pgn-extract has them")


def check_russian_moves(bin_dir):
    program = bin_dir / "russian_moves"
    expect_output("russian_moves start", run(program), "russian_moves_start.txt")
    expect_output("russian_moves", run(program, "r3k2r/1P4P1/8/3pP3/3N4/8/8/R3K2R w KQkq d6 0 1"),
                  "russian_moves.txt")
    bad = run(program, "8/8/8/8/8/8/8/8 w - - 0 1")
    if bad.returncode != 1 or "setup-king-count" not in bad.stderr:
        fail(f"russian_moves: a FEN without kings gives exit {bad.returncode}: {bad.stderr}")


def check_adjudicate(bin_dir):
    program = bin_dir / "adjudicate"
    logs = sorted(GOLDEN.glob("*.jsonl"))
    for log in logs:
        expected = json.loads((GOLDEN / (log.stem + ".expected.json")).read_text())
        result = run(program, log)
        if "error" in expected:
            if result.returncode != 2 or f"line {expected['error']['line']}" not in result.stderr:
                fail(f"adjudicate {log.name}: exit {result.returncode}, {result.stderr!r}")
            continue
        out = result.stdout.splitlines()
        if result.returncode != 0 or len(out) < 2:
            fail(f"adjudicate {log.name}: exit {result.returncode}: {result.stdout}{result.stderr}")
            continue
        if "result" in expected and out[0] != f"result {expected['result']}":
            fail(f"adjudicate {log.name}: {out[0]}, expected {expected['result']}")
        if "termination" in expected and \
                not out[1].startswith(f"termination {expected['termination']}"):
            fail(f"adjudicate {log.name}: {out[1]}, expected {expected['termination']}")
        if "moves" in expected and f"moves {' '.join(expected['moves'])}".rstrip() not in out:
            fail(f"adjudicate {log.name}: moves {expected['moves']} not in {out}")
        clocks = expected.get("clocks_ms")
        if clocks and clocks["white"] is not None and f"clocks white {clocks['white']} ms, black {clocks['black']} ms" not in out:
            fail(f"adjudicate {log.name}: clocks {clocks} not in {out}")
        # A golden verdict lists penalties and refusals when the test is about them.
        for key, prefix in (("penalties", "penalty at "), ("refused", "refused line ")):
            printed = [line for line in out if line.startswith(prefix)]
            if key in expected and len(printed) != len(expected[key]):
                fail(f"adjudicate {log.name}: {len(printed)} {key}, expected {len(expected[key])}")
    print(f"ok   adjudicate: {len(logs)} golden event logs")


def trf_rounds(path):
    """The rounds of a TRF, each as its pairs (white, black) and its pairing-allocated bye
    (0: none), up to the last round with a game."""
    lines = [line for line in re.split(r"\r\n|\r|\n", path.read_text()) if line.startswith("001")]
    rounds = []
    for r in range(1, 100):
        pairs, bye, games = set(), 0, 0
        for line in lines:
            field = line[91 + 10 * (r - 1):99 + 10 * (r - 1)].ljust(8)
            opponent, colour, result = field[0:4].strip(), field[5], field[7]
            if result == "U":
                bye = int(line[4:8])
            elif opponent not in ("", "0000"):
                games += 1
                if colour == "w":
                    pairs.add((int(line[4:8]), int(opponent)))
        if games == 0:
            return rounds
        rounds.append((pairs, bye))
    return rounds


def check_pair_round(bin_dir):
    program = bin_dir / "pair_round"
    checked = 0
    for name in ("t20261125_006_n8_r4", "t20261125_011_n13_r3", "t20261125_001_n13_r12",
                 "t20261125_000_n77_r6"):
        trf = TESTDATA / "tournaments" / "dutch" / f"{name}.trf"
        rounds = trf_rounds(trf)
        # From round 2 on: round 1's colours come from the file's initial-colour line,
        # which these files leave out (the program then says White was assumed).
        for k in range(1, len(rounds)):
            result = run(program, trf, k)
            pairs = {(int(w), int(b)) for w, b in
                     re.findall(r"^Board \d+: (\d+) .*\) - (\d+) ", result.stdout, re.M)}
            byes = re.findall(r"^Bye: (\d+) ", result.stdout, re.M)
            paired = (pairs, int(byes[0]) if byes else 0)
            if result.returncode != 0 or not result.stdout.startswith(f"Round {k + 1}\n") or \
                    paired != rounds[k]:
                fail(f"pair_round {name} {k}: {result.stdout}{result.stderr}\n"
                     f"the file has {rounds[k]}")
            checked += 1
    print(f"ok   pair_round: {checked} rounds paired as the reference files have them")


def check_play_engine(bin_dir, arbiter, tmp):
    program = bin_dir / "play_engine"
    # Two typed moves, a wrong one, then the end of the input: the first legal move is
    # played for White until the engine mates.
    result = run(program, 4, stdin="e4\nNf3\nNf3\nxyz\n")
    lines = [line.removeprefix("Your move? ") for line in result.stdout.splitlines()]
    moves = [line.split(" ", 1)[1] for line in lines if re.match(r"(White|Black) \S+$", line)]
    ending = re.match(r"(1-0|0-1|1/2-1/2) \((checkmate|stalemate|dead position|fivefold "
                      r"repetition|75 moves)\)$", lines[-1] if lines else "")
    if result.returncode != 0 or moves[0] != "e4" or moves[2] != "Nf3" or not ending:
        fail(f"play_engine: {result.stdout}{result.stderr}")
        return
    # Nf3 a second time is illegal (the knight is there): the error is printed, and so is
    # "xyz"'s; both leave White to move again.
    if len([line for line in lines if not re.match(r"(White|Black) |[01/2-]+ \(", line)]) < 2:
        fail(f"play_engine: no error for the illegal moves: {result.stdout}")
    movetext = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(moves))
    pgn = tmp / "play_engine.pgn"
    pgn.write_text(f'[Result "{ending[1]}"]\n\n{movetext} {ending[1]}\n')
    check = run(arbiter, "pgn", "check", pgn)
    if check.returncode != 0:
        fail(f"play_engine: arbiter pgn check refuses the game: {check.stdout}{check.stderr}")
    else:
        print(f"ok   play_engine: {len(moves)} plies, {ending[0]}")


def check_tour(bin_dir):
    expect_output("tour", run(bin_dir / "tour"), "tour.txt")


def check_guide():
    """Every cpp/cmake block of the guide is in a file of examples/; every text block is in
    the tour's expected output."""
    guide = (ROOT / "docs" / "library.md").read_text()
    sources = [[line.strip() for line in path.read_text().splitlines()]
               for path in sorted(EXAMPLES.iterdir())
               if path.suffix == ".cpp" or path.name == "CMakeLists.txt"]
    tour_output = [line.strip() for line in (EXPECTED / "tour.txt").read_text().splitlines()]

    def contains(lines, block):
        return any(lines[i:i + len(block)] == block for i in range(len(lines) - len(block) + 1))

    blocks = re.findall(r"^```(cpp|cmake|text)\n(.*?)^```", guide, re.M | re.S)
    for kind, text in blocks:
        block = [line.strip() for line in text.splitlines()]
        places = [tour_output] if kind == "text" else sources
        if not any(contains(lines, block) for lines in places):
            where = "examples/expected/tour.txt" if kind == "text" else "a file of examples/"
            fail(f"docs/library.md: this {kind} block is not in {where}:\n{text}")
    print(f"ok   docs/library.md: {len(blocks)} code and output blocks checked")


def main():
    bin_dir, arbiter = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    check_guide()
    check_tour(bin_dir)
    check_russian_moves(bin_dir)
    check_final_positions(bin_dir)
    check_adjudicate(bin_dir)
    check_pair_round(bin_dir)
    check_play_engine(bin_dir, arbiter, bin_dir)
    print(f"examples: {len(failures)} failed" if failures else "examples: all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
