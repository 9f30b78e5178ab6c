#!/usr/bin/env python3
"""A match of `dimchess uci` against Stockfish at a limited strength, through python-chess.

    python3 scripts/uci-stockfish-match.py --elo 1500 --games 60 --movetime 100 \\
        [--dimchess target/release/dimchess] [--stockfish /usr/games/stockfish] \\
        [--hash 16] [--max-plies 400] [--pgn FILE]

Game g starts from opening g // 2 (cycling over OPENINGS, a few plies of common balanced
lines), dimchess with White in even games and Black in odd ones, so each opening is played
with both colours. Each engine gets a fixed time per move (`go movetime`); Stockfish plays
with `UCI_LimitStrength true` and `UCI_Elo N` (Debian's Stockfish 15.1 accepts 1350 to 2850),
both with one thread. Every move is checked by python-chess before it is played (an illegal
move loses the game and is counted). Games end by the rules (checkmate, stalemate,
insufficient material, threefold repetition and the fifty-move rule claimed at once) or at
--max-plies, counted as a draw and reported. The last line gives dimchess's W/D/L, score, and
the Elo difference with its 95% interval (normal approximation over the games' scores).
Needs `pip install chess`.
"""

import argparse
import math
import sys
import time

import chess
import chess.engine
import chess.pgn

# Balanced opening lines (UCI moves), a few plies each.
OPENINGS = [
    ("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("Italian", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    ("Petrov", "e2e4 e7e5 g1f3 g8f6"),
    ("Sicilian Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"),
    ("French", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"),
    ("Caro-Kann", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4"),
    ("Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
    ("Slav", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"),
    ("Nimzo-Indian", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    ("King's Indian", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"),
    ("English", "c2c4 e7e5 b1c3 g8f6"),
    ("Reti", "g1f3 d7d5 g2g3 g8f6 f1g2"),
]


def elo(score):
    """The Elo difference of an expected score in (0, 1)."""
    return -400 * math.log10(1 / score - 1)


def summary(points, games):
    """`Elo +d +/- h (95%: lo to hi)` from the games' points (1, 1/2, 0)."""
    n = len(points)
    p = sum(points) / n
    if p in (0.0, 1.0):
        # Every game scored the same: the exact one-sided 95% bound on the score.
        bound = 0.05 ** (1 / n)
        return f"Elo {'+inf' if p == 1 else '-inf'} (95% bound {elo(bound if p == 1 else 1 - bound):+.0f})"
    var = sum((x - p) ** 2 for x in points) / (n - 1) if n > 1 else 0.25
    half = 1.96 * math.sqrt(var / n)
    lo, hi = max(p - half, 1e-6), min(p + half, 1 - 1e-6)
    return f"Elo {elo(p):+.0f} +/- {(elo(hi) - elo(lo)) / 2:.0f} (95%: {elo(lo):+.0f} to {elo(hi):+.0f})"


def play_game(dimchess, stockfish, opening, dimchess_white, movetime, max_plies):
    board = chess.Board()
    for mv in opening.split():
        board.push_uci(mv)
    engines = {chess.WHITE: dimchess if dimchess_white else stockfish,
               chess.BLACK: stockfish if dimchess_white else dimchess}
    names = {chess.WHITE: "dimchess" if dimchess_white else "stockfish",
             chess.BLACK: "stockfish" if dimchess_white else "dimchess"}
    limit = chess.engine.Limit(time=movetime / 1000)
    # A new game for both: python-chess sends ucinewgame when `game` changes.
    game_id = object()
    illegal = None
    capped = False
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            break
        if board.ply() >= max_plies:
            capped = True
            break
        result = engines[board.turn].play(board, limit, game=game_id)
        if result.move is None or not board.is_legal(result.move):
            illegal = (names[board.turn], result.move)
            break
        board.push(result.move)
    if illegal:
        winner = not board.turn
        reason = f"illegal move {illegal[1]} by {illegal[0]}"
    elif capped:
        winner = None
        reason = "move cap"
    else:
        winner = outcome.winner
        reason = outcome.termination.name.lower()
    if winner is None:
        points = 0.5
    else:
        points = 1.0 if (winner == chess.WHITE) == dimchess_white else 0.0
    return board, points, reason, illegal is not None, capped, names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dimchess", default="target/release/dimchess")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--elo", type=int, default=1500)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--movetime", type=int, default=100, help="milliseconds per move")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--pgn", help="write the games here")
    args = ap.parse_args()

    dimchess = chess.engine.SimpleEngine.popen_uci([args.dimchess, "uci"])
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    dimchess.configure({"Hash": args.hash, "Threads": 1})
    stockfish.configure({"Hash": args.hash, "Threads": 1, "UCI_LimitStrength": True,
                         "UCI_Elo": args.elo})
    points, wins, draws, losses, illegal, capped = [], 0, 0, 0, 0, 0
    pgn = open(args.pgn, "w") if args.pgn else None
    start = time.monotonic()
    try:
        for g in range(args.games):
            name, line = OPENINGS[(g // 2) % len(OPENINGS)]
            white = g % 2 == 0
            board, p, reason, bad, cap, names = play_game(
                dimchess, stockfish, line, white, args.movetime, args.max_plies)
            points.append(p)
            wins += p == 1.0
            draws += p == 0.5
            losses += p == 0.0
            illegal += bad
            capped += cap
            print(f"game {g + 1}: {name}, dimchess {'White' if white else 'Black'}: "
                  f"{['0', '1/2', '1'][int(p * 2)]} for dimchess ({reason}, {board.ply()} plies)",
                  flush=True)
            if pgn:
                game = chess.pgn.Game.from_board(board)
                game.headers["Event"] = f"dimchess vs stockfish UCI_Elo {args.elo}, {args.movetime} ms/move"
                game.headers["Round"] = str(g + 1)
                game.headers["White"] = names[chess.WHITE]
                game.headers["Black"] = names[chess.BLACK]
                game.headers["Opening"] = name
                game.headers["Termination"] = reason
                print(game, file=pgn, end="\n\n", flush=True)
    finally:
        dimchess.quit()
        stockfish.quit()
        if pgn:
            pgn.close()
    n = len(points)
    score = sum(points) / n
    print(f"{n} games in {time.monotonic() - start:.0f} s; capped {capped}, illegal {illegal}")
    print(f"dimchess vs stockfish UCI_Elo {args.elo} at {args.movetime} ms/move: "
          f"+{wins} ={draws} -{losses}, score {100 * score:.1f}%, {summary(points, n)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
