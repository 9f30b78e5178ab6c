"""Game: push/pop, records read back, tags, refusals, copies."""

import copy
import pickle
import random

import pytest

import dimchess
from conftest import CHEAP_VARIANTS

FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def play_random(game: dimchess.Game, plies: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))


def test_push_pop_and_peek():
    g = dimchess.Game("fide")
    assert len(g) == 0 and g.peek() is None and g.moves == []
    assert g.push("e2e4") == "e2e4"
    assert g.push(" e7e5 ") == "e7e5"
    assert g.moves == ["e2e4", "e7e5"] and len(g) == 2 and g.peek() == "e7e5"
    assert g.turn == 0
    assert g.pop() == "e7e5"
    assert g.position == dimchess.Position("fide").play("e2e4")
    assert g.pop() == "e2e4"
    assert g.position == g.start == dimchess.Position("fide")
    with pytest.raises(IndexError):
        g.pop()


def test_a_refused_move_changes_nothing():
    g = dimchess.Game("fide")
    g.push("e2e4")
    before = g.to_record()
    with pytest.raises(dimchess.IllegalMoveError, match="e2e4"):
        g.push("e2e4")
    with pytest.raises(dimchess.InvalidTextError, match="zz"):
        g.push("zz")
    assert g.to_record() == before and len(g) == 1


def test_fools_mate_record_and_the_end():
    g = dimchess.Game("fide")
    for m in FOOLS_MATE:
        g.push(m)
    assert g.result_text == "0-1 (checkmate)" and g.is_game_over()
    assert g.outcome().winner == 1
    assert g.legal_moves() == []
    record = g.to_record()
    # PGN as players write it: the Seven Tag Roster, SAN, no Variant tag for fide.
    assert record.startswith('[Event "?"]\n')
    assert '[Result "0-1"]' in record and '[Termination "checkmate"]' in record
    assert "Variant" not in record
    assert record.rstrip().endswith("1. f3 e5 2. g4 Qh4# 0-1")
    assert str(g) == record
    with pytest.raises(dimchess.IllegalMoveError, match="game is over"):
        g.push("a2a3")
    assert len(g) == 4
    back = dimchess.Game.from_record(record)
    assert back.moves == FOOLS_MATE and back.position == g.position


@pytest.mark.parametrize("variant", CHEAP_VARIANTS)
def test_records_of_random_games_read_back(variant):
    for seed in range(3):
        g = dimchess.Game(variant)
        g.set_tag("Event", f'random "{seed}"')
        play_random(g, 60, seed)
        back = dimchess.Game.from_record(g.to_record())
        assert back.moves == g.moves
        assert back.position == g.position and back.start == g.start
        assert back.result_text == g.result_text
        assert back.tags == {"Event": f'random "{seed}"'}
        assert back.to_record() == g.to_record()


def test_dimension_x_game_reads_back():
    g = dimchess.Game("dimension-x")
    play_random(g, 3, 5)
    assert len(g) == 3
    assert dimchess.Game.from_record(g.to_record()).position == g.position


def test_a_game_from_a_position_records_its_start():
    start = dimchess.Position("fide").play("e2e4")
    g = dimchess.Game(start)
    g.push("c7c5")
    record = g.to_record()
    assert f'[FEN "{start.text}"]' in record and "1... c5" in record
    back = dimchess.Game.from_record(record)
    assert back.start == start and back.moves == ["c7c5"]
    assert dimchess.Game("fide", start.text).start == start


def test_bad_records_raise_with_the_culprit():
    # A record without a Variant tag is fide, as in PGN.
    assert dimchess.Game.from_record("1. e2e4").variant == "fide"
    with pytest.raises(dimchess.InvalidTextError, match="nochess"):
        dimchess.Game.from_record('[Variant "nochess"]\n')
    # A wrong move in a record is a record error that names the move.
    with pytest.raises(dimchess.InvalidTextError, match="move 1 `e2e5`: illegal move"):
        dimchess.Game.from_record('[Variant "fide"]\n1. e2e5')
    with pytest.raises(dimchess.DimchessError, match="Result"):
        dimchess.Game.from_record('[Variant "fide"]\n[Result "1-0"]\n1. e2e4 *')


def test_tags():
    g = dimchess.Game("fide")
    g.set_tag("White", "Ada")
    g.set_tag("Black", "Bea")
    g.set_tag("White", "Alan")
    assert g.tags == {"White": "Alan", "Black": "Bea"}
    for bad in ["Variant", "FEN", "Result", "bad name", ""]:
        with pytest.raises(dimchess.InvalidTextError):
            g.set_tag(bad, "x")


def test_svg_and_layout_highlight_the_last_move():
    g = dimchess.Game("fide")
    assert g.layout()["last_move"] == []
    g.push("e2e4")
    layout = g.layout()
    names = [layout["boards"][c["board"]]["cells"][c["cell"]]["name"] for c in layout["last_move"]]
    assert names == ["e2", "e4"]
    assert g.svg() != g.position.svg()


def test_copies_are_independent():
    g = dimchess.Game("fide")
    g.push("e2e4")
    g.set_tag("Event", "x")
    for c in (g.copy(), copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert c.moves == ["e2e4"] and c.tags == {"Event": "x"}
        c.push("e7e5")
        assert len(g) == 1
    assert "moves=1" in repr(g)


def test_constructor_types():
    with pytest.raises(TypeError):
        dimchess.Game(3)
    with pytest.raises(TypeError):
        dimchess.Game(dimchess.Position("fide"), "text as well")
    with pytest.raises(dimchess.InvalidTextError):
        dimchess.Game("nochess")
