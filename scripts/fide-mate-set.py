#!/usr/bin/env python3
"""Builds the fide problem set of the solver's tests from Debian's `stockfish`.

Positions come from games in which White is Stockfish at a low depth and Black plays uniformly
random legal moves (after a few random opening plies), so that forced mates for the side to
move are common. Each candidate position is analysed by Stockfish at a fixed depth:

- `mate N` for N in 2..3: a problem "mate in N" with Stockfish's key move;
- a centipawn score (no mate seen at that depth): a position "no forced mate in 3".

Output: one EPD-like line per position on stdout,
    <FEN>; mate <N>; key <uci>        or        <FEN>; nomate 3
Usage: scripts/fide-mate-set.py [--mates 120] [--nomates 120] [--seed 1] [--depth 18]
Needs: `apt-get install stockfish` (/usr/games/stockfish, or --stockfish PATH).
"""
import argparse
import random
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish closed its output")
            lines.append(line.rstrip("\n"))
            if line.startswith(token):
                return lines

    def legal_moves(self, fen):
        self.send(f"position fen {fen}")
        self.send("go perft 1")
        lines = self.wait("Nodes searched")
        return [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")]

    def fen_after(self, fen, move):
        self.send(f"position fen {fen} moves {move}")
        self.send("d")
        for l in self.wait("Checkers"):
            if l.startswith("Fen: "):
                return l[5:]
        raise RuntimeError("no Fen line")

    def analyse(self, fen, depth):
        """(kind, value, bestmove) with kind 'mate' or 'cp' from the last full info line."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for l in self.wait("bestmove"):
            t = l.split()
            if t and t[0] == "info" and "score" in t and "multipv" not in t[1:2]:
                i = t.index("score")
                score = (t[i + 1], int(t[i + 2]))
            if t and t[0] == "bestmove":
                return score[0], score[1], t[1]
        raise RuntimeError("no bestmove")


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mates", type=int, default=120)
    ap.add_argument("--nomates", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=18)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sf = Engine(args.stockfish)
    mates = {2: [], 3: []}
    nomates = []
    seen = set()
    want = {2: args.mates // 2, 3: args.mates - args.mates // 2}
    while len(mates[2]) < want[2] or len(mates[3]) < want[3] or len(nomates) < args.nomates:
        fen = START
        for ply in range(120):
            moves = sf.legal_moves(fen)
            if not moves:
                break
            white = fen.split()[1] == "w"
            if white and ply >= 8:
                key = " ".join(fen.split()[:4])
                if key not in seen:
                    seen.add(key)
                    kind, value, best = sf.analyse(fen, args.depth)
                    if kind == "mate" and value in mates and len(mates[value]) < want[value]:
                        mates[value].append((fen, value, best))
                        print(f"{fen}; mate {value}; key {best}", flush=True)
                    elif kind == "cp" and len(nomates) < args.nomates and rng.random() < 0.15:
                        nomates.append(fen)
                        print(f"{fen}; nomate 3", flush=True)
                # Stockfish at a low depth for White, so that White gets on top.
                _, _, move = sf.analyse(fen, 2)
            elif white or ply < 8:
                move = rng.choice(moves)
            else:
                move = rng.choice(moves)
            fen = sf.fen_after(fen, move)
        print(f"# progress: mate2 {len(mates[2])} mate3 {len(mates[3])} nomate {len(nomates)}",
              file=sys.stderr, flush=True)
    sf.send("quit")


if __name__ == "__main__":
    main()
