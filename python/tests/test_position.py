"""Position: texts round-trip, moves play, equality, hashing, copies, layouts, diagrams."""

import copy
import pickle

import pytest

import dimchess
from conftest import CHEAP_VARIANTS, random_positions


def test_variants_are_listed_with_descriptions():
    ids = dimchess.variants()
    assert ids[0] == "fide"
    assert len(ids) == len(set(ids)) >= 9
    for v in ids:
        assert dimchess.description(v)
        assert dimchess.Position(v).variant == v


def test_start_position_of_fide():
    p = dimchess.Position("fide")
    assert p.text == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert str(p) == p.text
    assert p.turn == 0
    assert p.result_text is None and p.outcome() is None and not p.is_game_over()
    assert len(p.legal_moves()) == 20
    assert "e2e4" in p.legal_moves()


@pytest.mark.parametrize("variant", dimchess.variants())
def test_text_round_trips_and_every_move_plays(variant):
    n = 3 if variant == "dimension-x" else 40
    for pos in random_positions(variant, n, seed=1):
        again = dimchess.Position(variant, pos.text)
        assert again == pos and again.text == pos.text
        assert hash(again) == hash(pos)
        assert again.zobrist == pos.zobrist
        moves = pos.legal_moves()
        assert len(set(moves)) == len(moves)
        for m in moves[:25]:
            assert pos.is_legal(m)
            child = pos.play(m)
            assert child.variant == variant
            assert child != pos
        # `play` leaves the position as it was.
        assert pos == again


def test_play_returns_a_new_position():
    p = dimchess.Position("fide")
    q = p.play("e2e4")
    assert p.text.split()[1] == "w" and q.text.split()[1] == "b"
    assert q.turn == 1
    assert q == dimchess.Position("fide", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    assert p.play("e2e4") == q and p.play("e2e4") is not q


def test_text_is_read_with_surrounding_white_space():
    p = dimchess.Position("fide")
    assert dimchess.Position("fide", "  " + p.text + "\n") == p


def test_equality_hash_and_copies():
    p = dimchess.Position("fide").play("g1f3")
    same = dimchess.Position("fide", p.text)
    assert p == same and not (p != same)
    assert len({p, same, dimchess.Position("fide")}) == 2
    assert p != p.text and p != None  # noqa: E711 (comparison with other types)
    other_variant = dimchess.Position("dimension-chess")
    assert other_variant != dimchess.Position("fide")
    for c in (p.copy(), copy.copy(p), copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert c == p and c.variant == "fide"
    assert eval(repr(p), {"Position": dimchess.Position}) == p


def test_checkmate_outcome():
    p = dimchess.Position("fide")
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        p = p.play(m)
    o = p.outcome()
    assert o is not None and p.is_game_over()
    assert (o.winner, o.reason, o.result_text) == (1, "checkmate", "0-1 (checkmate)")
    assert str(o) == p.result_text == "0-1 (checkmate)"
    assert p.legal_moves() == []
    assert o == dimchess.Position("fide", p.text).outcome()
    assert "checkmate" in repr(o)


def test_stalemate_is_a_draw():
    p = dimchess.Position("fide", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    o = p.outcome()
    assert o is not None and o.winner is None and o.reason == "stalemate"
    assert p.result_text == "1/2-1/2 (stalemate)"


@pytest.mark.parametrize("variant", dimchess.variants())
def test_layout_is_plain_data_matching_the_moves(variant):
    pos = dimchess.Position(variant)
    layout = pos.layout()
    assert set(layout) == {"boards", "players", "turn", "in_flight", "last_move", "notes"}
    assert layout["turn"] == pos.turn
    assert len(layout["players"]) >= 2
    assert all(p["colour"].startswith("#") for p in layout["players"])
    names = set()
    pieces = 0
    for b in layout["boards"]:
        assert len(b["cells"]) == b["files"] * b["ranks"]
        assert len(b["file_labels"]) == b["files"] and len(b["rank_labels"]) == b["ranks"]
        for c in b["cells"]:
            if c is None:
                continue
            names.add(c["name"])
            assert isinstance(c["dark"], bool)
            if c["piece"] is not None:
                pieces += 1
                assert 0 <= c["piece"]["owner"] < len(layout["players"])
                assert c["piece"]["symbol"]
    assert pieces > 0
    assert layout["last_move"] == []
    assert all(isinstance(n, tuple) and len(n) == 2 for n in layout["notes"])
    # Every cell a move text names is a cell of the layout (for the variants whose move texts
    # are cell names joined together, at least the first move's cells show up).
    if variant == "fide":
        assert {"e2", "e4", "a1", "h8"} <= names


@pytest.mark.parametrize("variant", dimchess.variants())
def test_svg_and_diagram(variant):
    pos = dimchess.Position(variant)
    svg = pos.svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert variant in svg
    assert pos.diagram().strip()


def test_fide_perft_method_matches_the_published_numbers():
    p = dimchess.Position("fide")
    assert [p.perft(d) for d in range(5)] == [1, 20, 400, 8902, 197281]
    kiwipete = dimchess.Position(
        "fide", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    )
    assert kiwipete.perft(3, threads=1) == 97862
    assert kiwipete.perft(3, threads=2, hash_mb=1) == 97862
