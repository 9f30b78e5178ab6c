"""Benchmarks of the Python package, for docs/python.md.

    pip install ./python chess          # chess (python-chess) only for the comparison
    cargo build --release --bin dimchess
    python python/bench/bench.py [--cli target/release/dimchess]

1. fide perft(4) (and perft(6)) through dimchess.perft, beside the command-line tool
   `dimchess perft` on the same machine in the same run;
2. the legal moves of 10,000 fide positions (from random games) through dimchess, beside
   python-chess's Board.legal_moves on the same positions (the move lists are compared too);
3. the cost of one Position.play call, beside calls that do no chess.

Times are the best of several runs (the machine is shared: the best run is the one least
disturbed by others).
"""

import argparse
import gc
import random
import subprocess
import sys
import time
from pathlib import Path

import dimchess

REPO = Path(__file__).resolve().parents[2]


def best(f, repeat):
    """The fastest of `repeat` runs of f(), in seconds, and f's last result.

    As timeit does, the cyclic garbage collector is off while f runs (for both libraries:
    it otherwise walks every live container whenever many are made, which measures the
    heap rather than the call), and the previous run's result is freed outside the timing.
    """
    times = []
    result = None
    was_enabled = gc.isenabled()
    try:
        for _ in range(repeat):
            result = None
            gc.collect()
            gc.disable()
            t = time.perf_counter()
            result = f()
            times.append(time.perf_counter() - t)
            if was_enabled:
                gc.enable()
    finally:
        if was_enabled:
            gc.enable()
    return min(times), result


def cli_perft(cli, depth, threads, repeat):
    args = [cli, "perft", "fide", str(depth)] + (["--threads", str(threads)] if threads else [])

    def run():
        out = subprocess.run(args, capture_output=True, text=True, check=True)
        return int(out.stdout.split()[-1])

    return best(run, repeat)


def perft_section(cli, repeat):
    print("## perft: dimchess.perft beside `dimchess perft` (fide)\n")
    print("| depth | threads | leaves | CLI process (ms) | dimchess.perft (ms) | ratio |")
    print("|---|---|---|---|---|---|")
    ratio4 = 0.0
    for depth, reps in ((4, repeat), (6, max(3, repeat // 10))):
        for threads in (None, 1):
            t_cli, n_cli = cli_perft(cli, depth, threads, reps)
            t_py, n_py = best(lambda: dimchess.perft("fide", depth, threads=threads), reps)
            assert n_cli == n_py, (n_cli, n_py)
            ratio = t_py / t_cli
            if depth == 4:
                ratio4 = max(ratio4, ratio)
            label = "all cores" if threads is None else str(threads)
            print(f"| {depth} | {label} | {n_py} | {t_cli * 1e3:.2f} | {t_py * 1e3:.2f} | {ratio:.2f} |")
    print()
    return ratio4


def random_fens(n, seed):
    rng = random.Random(seed)
    fens = []
    pos = dimchess.Position("fide")
    while len(fens) < n:
        moves = pos.legal_moves()
        if not moves or rng.random() < 1 / 80:
            pos = dimchess.Position("fide")
            continue
        pos = pos.play(rng.choice(moves))
        fens.append(pos.text)
    return fens


def moves_section(n, repeat):
    try:
        import chess
    except ImportError:
        sys.exit("python-chess is needed for the comparison: pip install chess")
    fens = random_fens(n, seed=2026)
    boards = [chess.Board(f) for f in fens]
    positions = [dimchess.Position("fide", f) for f in fens]

    # The same moves (as sets of UCI texts) in every position.
    for b, p in zip(boards, positions):
        assert {m.uci() for m in b.legal_moves} == set(p.legal_moves()), b.fen()

    t_chess, _ = best(lambda: [list(b.legal_moves) for b in boards], repeat)
    t_chess_uci, _ = best(lambda: [[m.uci() for m in b.legal_moves] for b in boards], repeat)
    t_pos, lists = best(lambda: [p.legal_moves() for p in positions], repeat)
    t_many, many = best(lambda: dimchess.moves_many("fide", fens), repeat)
    assert many == lists
    count = sum(map(len, lists))
    print(f"## Legal moves of {n} fide positions ({count} moves)\n")
    print("| how | time (ms) | python-chess Move objects / this |")
    print("|---|---|---|")
    rows = [
        ("python-chess: `list(board.legal_moves)` (Move objects)", t_chess),
        ("python-chess: `[m.uci() for m in board.legal_moves]` (texts)", t_chess_uci),
        ("dimchess: `position.legal_moves()` per position (texts)", t_pos),
        ("dimchess: `moves_many('fide', fens)` (one call, from the FEN texts)", t_many),
    ]
    for name, t in rows:
        print(f"| {name} | {t * 1e3:.1f} | {t_chess / t:.1f}x |")
    print()
    return t_chess / t_pos, t_chess / t_many


def play_section(repeat):
    p = dimchess.Position("fide")
    n = 100_000

    def per_call(f):
        def loop():
            for _ in range(n):
                f()

        t, _ = best(loop, repeat)
        return t / n * 1e6

    rows = [
        ("`p.play('e2e4')` (read the move, check it is legal, play it, new Position)", per_call(lambda: p.play("e2e4"))),
        ("`p.copy()` (a new Position, no chess: the cost of returning one)", per_call(p.copy)),
        ("`p.turn` (a getter: the cost of any call into the extension)", per_call(lambda: p.turn)),
        ("`p.legal_moves()` (20 move texts)", per_call(p.legal_moves)),
    ]
    print("## Per-call cost (fide start position)\n")
    print("| call | µs per call |")
    print("|---|---|")
    for name, us in rows:
        print(f"| {name} | {us:.2f} |")
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=str(REPO / "target" / "release" / "dimchess"))
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    if not Path(args.cli).exists():
        sys.exit(f"no command-line tool at {args.cli}: cargo build --release --bin dimchess")
    print(f"Python {sys.version.split()[0]}, dimchess {dimchess.__version__}\n")
    ratio4 = perft_section(args.cli, args.repeat)
    per_position, many = moves_section(args.positions, max(3, args.repeat // 4))
    play_section(max(3, args.repeat // 4))
    verdict = {True: "yes", False: "NO"}
    print(f"- perft(4): dimchess.perft / CLI at most {ratio4:.2f} (within 1.3x: {verdict[ratio4 <= 1.3]})")
    print(
        f"- legal moves: {per_position:.1f}x python-chess per position "
        f"(at least 20x: {verdict[per_position >= 20]}); moves_many from FEN texts {many:.1f}x"
    )


if __name__ == "__main__":
    main()
