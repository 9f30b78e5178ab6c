"""PGN written by python-chess reads back move for move in `dimchess replay`, and PGN written by
`dimchess play --record` reads in python-chess.

The games are random legal games made here, seeded, with what real PGN files hold: clock and
evaluation comments (`[%clk 0:02:59]`, `[%eval 0.31]`), plain comments, NAGs, variations
(nested, with their own comments), several games in one file, and every result marker
(`1-0`, `0-1`, `1/2-1/2`, `*`) whether or not the rules decided it. Run from the repository
root after `cargo build --release`:

    python -m pytest -W error tests/python/test_pgn.py

(`DIMCHESS=path/to/dimchess` picks another binary.)
"""

import io
import json
import os
import pathlib
import random
import subprocess

import chess
import chess.pgn

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("DIMCHESS", str(ROOT / "target" / "release" / "dimchess"))


def random_game(rng: random.Random, index: int) -> chess.pgn.Game:
    """A random legal game with annotations: clocks, evaluations, comments, NAGs and variations."""
    game = chess.pgn.Game()
    game.headers["Event"] = f"Random {index}"
    game.headers["Site"] = "python-chess"
    game.headers["White"] = "rng"
    game.headers["Black"] = "rng"
    game.headers["TimeControl"] = "180+2"
    board = chess.Board()
    node = game
    clock = [180.0, 180.0]
    for ply in range(rng.randrange(1, 160)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        side = ply % 2
        clock[side] = max(0.0, clock[side] - rng.uniform(0.5, 6.0) + 2.0)
        child = node.add_variation(move)
        if rng.random() < 0.6:
            child.set_clock(clock[side])
        if rng.random() < 0.3:
            child.set_eval(chess.engine.PovScore(chess.engine.Cp(rng.randrange(-300, 300)), chess.WHITE))
        if rng.random() < 0.15:
            child.comment = (child.comment + " a plain remark (with parentheses)").strip()
        if rng.random() < 0.15:
            child.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10, 14, 18]))
        if rng.random() < 0.1 and len(moves) > 1:
            # A variation: another move here, a reply, maybe one nested deeper.
            alt = rng.choice([m for m in moves if m != move])
            var = node.add_variation(alt)
            var.comment = "instead"
            after = board.copy()
            after.push(alt)
            replies = list(after.legal_moves)
            if replies:
                reply = var.add_variation(rng.choice(replies))
                if rng.random() < 0.5 and len(replies) > 1:
                    deeper = var.add_variation(rng.choice(replies))
                    deeper.nags.add(6)
                    _ = reply
        board.push(move)
        node = child
    outcome = board.outcome()
    if outcome is not None:
        game.headers["Result"] = outcome.result()
    else:
        # Resignations, flags, agreed draws and unfinished games.
        game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
        if game.headers["Result"] != "*":
            game.headers["Termination"] = rng.choice(["Normal", "Time forfeit"])
    return game


def replay(pgn_text: str, tmp_path: pathlib.Path) -> list:
    path = tmp_path / "games.pgn"
    path.write_text(pgn_text)
    out = subprocess.run(
        [BINARY, "replay", str(path), "--json"], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def uci_moves(game: chess.pgn.Game) -> list:
    return [m.uci() for m in game.mainline_moves()]


def test_python_chess_games_read_back_move_for_move(tmp_path):
    rng = random.Random(20261203)
    games = [random_game(rng, i) for i in range(120)]
    text = "\n\n".join(str(g) for g in games) + "\n"
    # The set really holds what the test is about.
    assert "[%clk" in text and "[%eval" in text and "$" in text and "(" in text
    assert {g.headers["Result"] for g in games} == {"1-0", "0-1", "1/2-1/2", "*"}
    read = replay(text, tmp_path)
    assert len(read) == len(games)
    for g, r in zip(games, read):
        assert r["variant"] == "fide"
        assert r["moves"] == uci_moves(g), g.headers["Event"]
        board = g.end().board()
        assert r["position"].split(" ")[:4] == board.fen(en_passant="fen").split(" ")[:4]
        result = g.headers["Result"]
        if result == "*":
            assert r["result"] is None, (g.headers["Event"], r["result"])
        else:
            assert r["result"].split(" ")[0] == result, (g.headers["Event"], r["result"])


def test_dimchess_records_read_in_python_chess(tmp_path):
    record = tmp_path / "game.pgn"
    moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6"]
    out = subprocess.run(
        [BINARY, "play", "fide", "--record", str(record), *moves],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    game = chess.pgn.read_game(io.StringIO(record.read_text()))
    assert game is not None and not game.errors, game.errors if game else None
    board = game.board()
    sans = []
    for m in game.mainline_moves():
        sans.append(board.san(m))
        board.push(m)
    assert sans == moves
    assert game.headers["Result"] == "*"
    assert game.headers["Event"] == "?"
