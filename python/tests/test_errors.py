"""Bad input raises the documented exceptions, carrying the library's message."""

import pytest

import dimchess

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_the_exception_classes():
    assert issubclass(dimchess.DimchessError, ValueError)
    assert issubclass(dimchess.InvalidTextError, dimchess.DimchessError)
    assert issubclass(dimchess.IllegalMoveError, dimchess.DimchessError)
    assert not issubclass(dimchess.IllegalMoveError, dimchess.InvalidTextError)
    assert dimchess.InvalidTextError.__module__ == "dimchess"


@pytest.mark.parametrize(
    "variant, text, culprit",
    [
        ("nochess", None, "unknown variant `nochess`"),
        ("fide", "", "bad position text"),
        ("fide", "8/8/8 w - - 0 1", "placement"),
        ("fide", START.replace(" w ", " x "), "side"),
        ("fide", "8/8/8/8/8/8/8/8 w - - 0 1", "invalid position"),
        ("hyperspace", START, ""),
        ("three-level", "garbage", ""),
    ],
)
def test_bad_position_texts(variant, text, culprit):
    with pytest.raises(dimchess.InvalidTextError) as e:
        dimchess.Position(variant, text)
    assert culprit in str(e.value)
    assert str(e.value)


def test_bad_and_illegal_moves():
    p = dimchess.Position("fide")
    with pytest.raises(dimchess.InvalidTextError, match="cannot read move `zz`"):
        p.play("zz")
    with pytest.raises(dimchess.IllegalMoveError, match="illegal move `e2e5`"):
        p.play("e2e5")
    with pytest.raises(dimchess.IllegalMoveError):
        p.play("e7e5")  # not White's pawn
    assert not p.is_legal("e2e5") and not p.is_legal("zz") and p.is_legal("e2e4")
    # A ValueError, as callers that do not know dimchess expect.
    with pytest.raises(ValueError):
        p.play("")


@pytest.mark.parametrize("variant", dimchess.variants())
def test_moves_after_the_end_are_illegal(variant):
    if variant in FINISHED:
        pos = dimchess.Position(variant, FINISHED[variant])
    else:
        pos = finished_position(variant)
        assert pos is not None, f"no finished {variant} game among the random games tried"
    assert pos.is_game_over() and pos.legal_moves() == []
    for move in ["e2e4", "a1a2", "zz", pos.text.split()[0][:4]]:
        with pytest.raises(dimchess.IllegalMoveError, match="the game is over"):
            pos.play(move)
    game = dimchess.Game(pos)
    with pytest.raises(dimchess.IllegalMoveError, match="the game is over"):
        game.push("e2e4")
    assert len(game) == 0


FINISHED = {
    # The rulebook's X17 (White has no move: the game is over).
    "dimension-x": "7k/8/8/8/8/8/1a6/K7|8/8/8/8/8/8/8/8 w - - 0 60",
    # The rulebook's example M7, after Red's promotion win (TL rulebook §7).
    "three-level": "yK,7/8/8/8/8/8/8/8|7,rP/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/rN,rN,rN,rN,rQ,rQ,2/"
    "rR,rR,rR,rR,rB,rB,rB,rB y bg - 0 60",
}


def finished_position(variant):
    """The end of a random game of `variant` that finished (None if none did)."""
    import random

    rng = random.Random(5)
    for _ in range(60):
        pos = dimchess.Position(variant)
        for _ in range(300):
            moves = pos.legal_moves()
            if not moves:
                return pos
            pos = pos.play(rng.choice(moves))
    return None


def test_illegal_move_after_mate_says_the_game_is_over():
    p = dimchess.Position("fide", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    with pytest.raises(dimchess.IllegalMoveError, match=r"the game is over \(0-1 \(checkmate\)\)"):
        p.play("a2a3")


@pytest.mark.parametrize(
    "call",
    [
        lambda: dimchess.Position(3),
        lambda: dimchess.Position("fide", 3),
        lambda: dimchess.Position(None),
        lambda: dimchess.Position("fide").play(None),
        lambda: dimchess.Position("fide").play(b"e2e4"),
        lambda: dimchess.perft("fide", "3"),
        lambda: dimchess.perft("fide", 2.0),
        lambda: dimchess.perft(None, 2),
        lambda: dimchess.perft("fide", 2, threads="2"),
        lambda: dimchess.random_playouts("fide", "1", 10),
        lambda: dimchess.Game("fide").push(1),
        lambda: dimchess.Game.from_record(None),
        lambda: dimchess.moves_many("fide", None),
        lambda: dimchess.moves_many("fide", 5),
    ],
)
def test_wrong_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: dimchess.perft("fide", -1), "depth"),
        (lambda: dimchess.perft("fide", 65), "depth"),
        (lambda: dimchess.perft("fide", 1, threads=0), "threads"),
        (lambda: dimchess.perft("fide", 1, threads=-3), "threads"),
        (lambda: dimchess.perft("fide", 1, hash_mb=-1), "hash_mb"),
        (lambda: dimchess.Position("fide").perft(99), "depth"),
        (lambda: dimchess.random_playouts("fide", -1, 10), "n"),
        (lambda: dimchess.random_playouts("fide", 1, -10), "max_plies"),
    ],
)
def test_numbers_out_of_range_raise_value_error(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_numbers_beyond_64_bits_raise_overflow_error():
    with pytest.raises(OverflowError):
        dimchess.perft("fide", 2**70)
    with pytest.raises(OverflowError):
        dimchess.random_playouts("fide", 1, 1, seed=-1)


def test_unknown_variants_list_the_ids_and_chess_is_fide():
    with pytest.raises(dimchess.InvalidTextError) as e:
        dimchess.Position("nochess")
    for v in dimchess.variants():
        assert v in str(e.value)
    assert dimchess.Position("chess").variant == "fide"
    assert dimchess.perft("chess", 2) == 400
