"""`dimchess uci` driven by a real UCI client: python-chess's `chess.engine`.

Run from the repository root after `cargo build --release`:

    python -m pytest -W error tests/python/test_uci.py

(`DIMCHESS=path/to/dimchess` picks another binary.) Every test fails on any warning or error
python-chess logs while it reads the engine's output (unexpected lines, `info` it cannot
parse, illegal PV moves).
"""

import logging
import os
import pathlib
import subprocess
import time

import chess
import chess.engine
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("DIMCHESS", str(ROOT / "target" / "release" / "dimchess"))


@pytest.fixture
def engine(caplog):
    caplog.set_level(logging.WARNING, logger="chess.engine")
    eng = chess.engine.SimpleEngine.popen_uci([BINARY, "uci"], timeout=20)
    try:
        yield eng
    finally:
        eng.quit()
    problems = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not problems, [r.getMessage() for r in problems]


def test_handshake_and_options(engine):
    assert engine.id["name"].startswith("dimchess")
    for name in ["Hash", "Threads", "MultiPV", "Ponder", "UCI_Variant"]:
        assert name in engine.options
    variants = engine.options["UCI_Variant"].var
    assert "chess" in variants and "fide" in variants and "dimension-x" in variants
    engine.configure({"Hash": 8, "Threads": 1})


def test_analysis_with_a_depth_limit(engine):
    board = chess.Board()
    board.push_uci("e2e4")
    info = engine.analyse(board, chess.engine.Limit(depth=5))
    assert info["depth"] == 5
    assert info["nodes"] > 0 and "nps" in info and "time" in info and "seldepth" in info
    assert isinstance(info["score"], chess.engine.PovScore)
    assert info["score"].turn == chess.BLACK
    pv = info["pv"]
    assert pv and board.is_legal(pv[0])


def test_multipv_analysis(engine):
    board = chess.Board()
    infos = engine.analyse(board, chess.engine.Limit(depth=3), multipv=3)
    assert len(infos) == 3
    assert [i["multipv"] for i in infos] == [1, 2, 3]
    firsts = [i["pv"][0] for i in infos]
    assert len(set(firsts)) == 3 and all(board.is_legal(m) for m in firsts)
    scores = [i["score"].relative.score(mate_score=100000) for i in infos]
    assert scores == sorted(scores, reverse=True)
    assert all(i["depth"] == 3 for i in infos)


def test_root_moves_restrict_the_best_move(engine):
    board = chess.Board()
    allowed = [chess.Move.from_uci("e2e4"), chess.Move.from_uci("d2d4")]
    result = engine.play(board, chess.engine.Limit(depth=3), root_moves=allowed)
    assert result.move in allowed
    info = engine.analyse(board, chess.engine.Limit(depth=3), root_moves=[allowed[1]])
    assert info["pv"][0] == allowed[1]


def test_analysis_with_a_time_limit(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
    start = time.monotonic()
    info = engine.analyse(board, chess.engine.Limit(time=0.2))
    assert time.monotonic() - start < 2.0
    assert info["score"].white() == chess.engine.Mate(1)
    assert info["pv"][0] == chess.Move.from_uci("h5f7")


def test_play_with_clocks(engine):
    board = chess.Board()
    limit = chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1)
    result = engine.play(board, limit)
    assert board.is_legal(result.move)


def test_stop_during_infinite_analysis(engine):
    board = chess.Board()
    with engine.analysis(board) as analysis:
        time.sleep(0.3)
        seen = analysis.info.get("depth", 0)
        t = time.monotonic()
        analysis.stop()
        best = analysis.wait()
        waited = time.monotonic() - t
    assert seen >= 1
    assert board.is_legal(best.move)
    assert waited < 0.5, waited


def test_a_full_game_against_itself(engine):
    board = chess.Board()
    limit = chess.engine.Limit(time=0.015)
    while not board.is_game_over(claim_draw=True) and board.ply() < 1000:
        result = engine.play(board, limit, info=chess.engine.INFO_ALL)
        assert result.move is not None and board.is_legal(result.move), result
        board.push(result.move)
    assert board.is_game_over(claim_draw=True), board.fen()


def test_a_full_game_against_a_scripted_side(engine):
    # The scripted side plays the first legal move in python-chess's order.
    board = chess.Board()
    limit = chess.engine.Limit(time=0.015)
    while not board.is_game_over(claim_draw=True):
        if board.turn == chess.WHITE:
            move = engine.play(board, limit).move
            assert board.is_legal(move)
        else:
            move = next(iter(board.legal_moves))
        board.push(move)
    assert board.outcome(claim_draw=True).winner in (chess.WHITE, None)


class RawSearch(chess.engine.BaseCommand):
    """A python-chess command that sets a dimchess variant, sends a position in that variant's
    own notation, and searches it: python-chess has no board for these variants, so the lines
    go out raw through its protocol (`UCI_Variant` through its own `_setoption`, so that its
    record of the option stays true)."""

    def __init__(self, engine, variant, position, go):
        super().__init__(engine)
        self.engine = engine
        self.variant = variant
        self.position = position
        self.go = go
        self.lines = []

    def start(self):
        self.engine._setoption("UCI_Variant", self.variant)
        self.engine.send_line(self.position)
        self.engine.send_line(self.go)

    def line_received(self, line):
        self.lines.append(line)
        if line.startswith("bestmove"):
            self.result.set_result(self.lines)
            self.set_finished()


def raw(engine, variant, position, go="go depth 2"):
    return engine.communicate(lambda proto: RawSearch(proto, variant, position, go))


@pytest.mark.parametrize("variant, moves", [
    ("dimension-chess", ["E:e2e4", "E:e7e5"]),
    ("hyperspace", ["b1c3^"]),
    ("three-level", []),
])
def test_a_variant_through_uci_variant(engine, variant, moves):
    position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
    lines = raw(engine, variant, position)
    assert not [l for l in lines if l.startswith("info string error")], lines
    assert any(l.startswith("info depth 2 ") for l in lines), lines
    best = lines[-1].split()[1]
    assert best != "(none)"
    # The move is legal by dimchess's own rules (`dimchess play` checks it).
    out = subprocess.run([BINARY, "play", variant, *moves, best], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    # Back to orthodox chess: python-chess sets UCI_Variant to `chess` again by itself.
    info = engine.analyse(chess.Board(), chess.engine.Limit(depth=2))
    assert chess.Board().is_legal(info["pv"][0])
