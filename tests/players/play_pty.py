#!/usr/bin/env python3
"""`arbiter play` driven through a pseudo-terminal (issue 7): a hot-seat game to Fool's
mate (Art. 5.1.1), a draw offer accepted (Art. 9.1.2, 5.2.3), and a threefold claim with
the intended move (Art. 9.2.1.1). Each game's PGN and event log must be saved, and the
event log must re-adjudicate to the same result. Then a person against a slow scripted
UCI engine types while it thinks: help, a draw offer, a premove, and a resignation that
ends the game without waiting for the engine."""
import json
import os
import pty
import select
import subprocess
import sys
import tempfile
import time

ARBITER = sys.argv[1]


class Terminal:
    """What a child on a pseudo-terminal wrote, read as it arrives."""

    def __init__(self, fd):
        self.fd = fd
        self.out = b""

    def wait_for(self, token, timeout=20.0):
        """Reads until `token` is in the output; fails after `timeout` seconds or at EOF."""
        end = time.time() + timeout
        while token not in self.out:
            left = end - time.time()
            if left <= 0:
                raise AssertionError("timed out waiting for %r; got:\n%s" % (token, self.out.decode(errors="replace")))
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError("EOF before %r:\n%s" % (token, self.out.decode(errors="replace")))
                self.out += chunk

    def write(self, data):
        os.write(self.fd, data)


def spawn(args):
    """Starts `arbiter ARGS` on a pseudo-terminal: its pid and its Terminal."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(ARBITER, [ARBITER] + args)
    return pid, Terminal(fd)


def play(moves, tmp, name):
    pgn = os.path.join(tmp, name + ".pgn")
    events = os.path.join(tmp, name + ".jsonl")
    pid, term = spawn(["play", "--white", "human", "--black", "human",
                       "--tc", "300+2", "--pgn", pgn, "--events", events, "--no-ansi"])
    transcript = b""
    for line in moves:
        term.wait_for(b"to move> ")
        cut = term.out.rfind(b"to move> ") + 1
        transcript += term.out[:cut]
        term.out = term.out[cut:]  # wait for the next prompt only
        term.write((line + "\n").encode())
    term.wait_for(b"PGN saved")
    term.wait_for(b"Event log saved")
    os.waitpid(pid, 0)
    text = (transcript + term.out).decode(errors="replace")
    verdict = json.loads(subprocess.run([ARBITER, "adjudicate", events], check=True,
                                        capture_output=True, text=True).stdout)
    with open(pgn) as f:
        pgn_text = f.read()
    return text, verdict, pgn_text


SLOW_ENGINE = """#!/bin/sh
n=0
while read -r cmd rest; do
  case "$cmd" in
    uci) echo uciok;;
    isready) echo readyok;;
    go) n=$((n+1)); sleep 3
        if [ $n = 1 ]; then echo "bestmove e2e4"; else echo "bestmove d2d4"; fi;;
    quit) exit 0;;
  esac
done
"""


def typing_while_the_engine_thinks(tmp):
    engine = os.path.join(tmp, "slow.sh")
    with open(engine, "w") as f:
        f.write(SLOW_ENGINE)
    os.chmod(engine, 0o755)
    pgn = os.path.join(tmp, "typing.pgn")
    events = os.path.join(tmp, "typing.jsonl")
    pid, term = spawn(["play", "--white", "uci:" + engine, "--black", "human",
                       "--tc", "300+2", "--pgn", pgn, "--events", events, "--no-ansi"])
    term.wait_for(b"White is thinking")
    term.write(b"help\n")
    term.wait_for(b"a premove")
    term.write(b"draw\n")
    term.wait_for(b"black offers a draw")
    term.write(b"e5\n")
    term.wait_for(b"premove e5: played when your turn comes")
    assert b"white played" not in term.out, term.out  # all of it while the engine still thinks
    term.wait_for(b"premove e5 played")               # at once when Black's turn came
    term.wait_for(b"black played e5")
    seen = term.out
    term.out = term.out[term.out.rfind(b"black played e5"):]  # the engine's second think comes after it
    term.wait_for(b"White is thinking")
    assert (seen + term.out).count(b"White is thinking") >= 2, seen + term.out
    asked = time.time()
    term.write(b"resign\n")
    term.wait_for(b"Result: 1-0")
    assert time.time() - asked < 2.0, "the resignation waited for the engine"
    term.wait_for(b"Event log saved")
    os.waitpid(pid, 0)
    verdict = json.loads(subprocess.run([ARBITER, "adjudicate", events], check=True,
                                        capture_output=True, text=True).stdout)
    assert verdict["result"] == "1-0" and verdict["termination"] == "resignation", verdict
    assert verdict["moves"] == ["e4", "e5"], verdict
    with open(events) as f:
        kinds = [json.loads(line)["type"] for line in f if line.strip()]
    assert kinds == ["start", "offer_draw", "move", "move", "resign"], kinds


def main():
    with tempfile.TemporaryDirectory() as tmp:
        text, verdict, pgn = play(["f3", "e5", "g4", "Qh4#"], tmp, "fools")
        assert "Result: 0-1" in text and "5.1.1" in text, text
        assert verdict["result"] == "0-1" and verdict["termination"] == "checkmate", verdict
        assert "Qh4#" in pgn and "[%clk" in pgn, pgn

        text, verdict, _ = play(["e4", "e5", "draw", "Nf3", "accept"], tmp, "agreed")
        assert "offers a draw" in text and "Result: 1/2-1/2" in text, text
        assert verdict["termination"] == "agreement", verdict

        shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "claim Ng8"]
        text, verdict, _ = play(shuffle, tmp, "threefold")
        assert "Result: 1/2-1/2" in text and "9.2" in text, text
        assert verdict["termination"] == "threefold_claim", verdict

        # A wrong claim (Art. 9.5.3): the opponent gets time (B.2: one minute in blitz),
        # shown with its article, and the game goes on.
        text, verdict, _ = play(["e4", "claim", "e5", "resign"], tmp, "wrongclaim")
        assert "Art. 9.5.3: 60 s added to white's clock" in text, text
        assert "Result: 0-1" in text and verdict["termination"] == "resignation", text
        typing_while_the_engine_thinks(tmp)
    print("pty play tests passed")


if __name__ == "__main__":
    main()
