"""perft, random_playouts and moves_many against the one-position API."""

import pytest

import dimchess
from conftest import CHEAP_VARIANTS, random_positions


def test_the_acceptance_number():
    assert dimchess.perft("fide", 5) == 4865609


def test_perft_options_give_the_same_counts():
    base = dimchess.perft("fide", 4, threads=1)
    assert base == 197281
    assert dimchess.perft("fide", 4, threads=2) == base
    assert dimchess.perft("fide", 4, hash_mb=4) == base
    assert dimchess.perft("fide", 0) == 1
    text = dimchess.Position("fide").play("e2e4").text
    assert dimchess.perft("fide", 3, text=text) == 13160


@pytest.mark.parametrize("variant", CHEAP_VARIANTS)
def test_divide_is_the_children_counts(variant):
    pos = dimchess.Position(variant)
    div = dimchess.perft(variant, 2, divide=True)
    assert list(div) == pos.legal_moves()
    assert sum(div.values()) == dimchess.perft(variant, 2)
    for m, n in list(div.items())[:5]:
        assert pos.play(m).perft(1) == n == len(pos.play(m).legal_moves())


@pytest.mark.parametrize("variant", CHEAP_VARIANTS)
def test_random_playouts(variant):
    a = dimchess.random_playouts(variant, 20, 80, seed=3)
    assert a == dimchess.random_playouts(variant, 20, 80, seed=3)
    assert len(a) == 20
    for result, plies in a:
        assert 0 <= plies <= 80
        assert result is None or plies <= 80
        if result is None:
            # A game without a result was cut at max_plies.
            assert plies == 80
    assert dimchess.random_playouts(variant, 0, 10) == []
    assert dimchess.random_playouts(variant, 3, 0) == [(None, 0)] * 3


def test_random_playouts_from_a_finished_game():
    mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert dimchess.random_playouts("fide", 2, 10, text=mate) == [("0-1 (checkmate)", 0)] * 2


def test_random_playouts_end_with_results_of_the_variant():
    results = {r for r, _ in dimchess.random_playouts("fide", 200, 400, seed=11) if r}
    assert results <= {
        "1-0 (checkmate)",
        "0-1 (checkmate)",
        "1/2-1/2 (stalemate)",
        "1/2-1/2 (insufficient material)",
    }
    assert results, "200 random fide games of 400 plies include finished ones"


@pytest.mark.parametrize("variant", CHEAP_VARIANTS)
def test_moves_many_equals_legal_moves(variant):
    positions = random_positions(variant, 60, seed=7)
    texts = [p.text for p in positions]
    assert dimchess.moves_many(variant, texts) == [p.legal_moves() for p in positions]
    assert dimchess.moves_many(variant, iter(texts[:3])) == [p.legal_moves() for p in positions[:3]]
    assert dimchess.moves_many(variant, []) == []


def test_moves_many_names_the_bad_text():
    good = dimchess.Position("fide").text
    with pytest.raises(dimchess.InvalidTextError, match="position 2"):
        dimchess.moves_many("fide", [good, good, "nonsense"])
    with pytest.raises(TypeError):
        dimchess.moves_many("fide", good)
    with pytest.raises(TypeError):
        dimchess.moves_many("fide", [good, 3])
    with pytest.raises(dimchess.InvalidTextError):
        dimchess.moves_many("nochess", [good])


@pytest.mark.parametrize("variant", CHEAP_VARIANTS)
def test_bestmove_is_a_legal_move(variant):
    pos = dimchess.Position(variant)
    r = dimchess.bestmove(variant, depth=2)
    assert r["move"] in pos.legal_moves()
    assert r["pv"][0] == r["move"]
    assert r["depth"] >= 1 and r["nodes"] > 0
    assert r["score"].split()[0] in ("cp", "win", "loss")


def test_bestmove_finds_mate_in_one_and_refuses_a_finished_game():
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
    r = dimchess.bestmove("fide", fen, depth=3)
    assert r["move"] == "h5f7"
    assert r["score"] == "win 1"
    mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    with pytest.raises(dimchess.DimchessError, match="game over"):
        dimchess.bestmove("fide", mated, depth=1)
    with pytest.raises(ValueError):
        dimchess.bestmove("fide", depth=0)
