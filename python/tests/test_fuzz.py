"""Random and mutated input never crashes the interpreter: every call returns or raises one
of the documented exceptions."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dimchess
from conftest import CHEAP_VARIANTS, random_positions

DOCUMENTED = (dimchess.DimchessError, TypeError)
FUZZ = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Seeds: real texts of every variant, to mutate.
SEEDS = {v: [p.text for p in random_positions(v, 12, seed=2)] for v in CHEAP_VARIANTS}
SEEDS["dimension-x"] = [dimchess.Position("dimension-x").text]
VARIANTS = st.sampled_from(dimchess.variants())
ALPHABET = st.characters(codec="utf-8")
TEXT_CHARS = "rnbqkpRNBQKP12345678/| -wb0123456789abcdefghxyzACDSUX,:;@*#"


def mutate(text: str, rng: random.Random, edits: int) -> str:
    chars = list(text)
    placement = text.find(" ") if " " in text else len(text)
    letters = [i for i, c in enumerate(chars[:placement]) if c.isalpha()]
    for _ in range(edits):
        op = rng.randrange(5)
        if op >= 3 and len(letters) > 1:
            # Swap two letters: the text's shape stays, pieces move (often still valid).
            i, j = rng.sample(letters, 2)
            chars[i], chars[j] = chars[j], chars[i]
            continue
        i = rng.randrange(len(chars) + 1)
        c = rng.choice(TEXT_CHARS)
        if op == 0 and chars:
            chars[min(i, len(chars) - 1)] = c
        elif op == 1:
            chars.insert(i, c)
        elif op == 2 and chars:
            del chars[min(i, len(chars) - 1)]
    return "".join(chars)


def exercise(pos: dimchess.Position) -> None:
    """Everything a position offers, which must all work on anything the parser accepted."""
    assert dimchess.Position(pos.variant, pos.text) == pos
    moves = pos.legal_moves()
    for m in moves[:5]:
        pos.play(m)
    pos.outcome()
    pos.layout()
    pos.svg()
    pos.diagram()
    if pos.variant != "dimension-x":
        pos.perft(2, threads=1)


@FUZZ
@given(variant=VARIANTS, text=st.text(ALPHABET, max_size=120))
def test_random_position_texts(variant, text):
    try:
        pos = dimchess.Position(variant, text)
    except dimchess.InvalidTextError as e:
        assert str(e)
        return
    exercise(pos)


@FUZZ
@given(variant=VARIANTS, seed=st.integers(0, 2**32), edits=st.integers(1, 6))
def test_mutated_position_texts(variant, seed, edits):
    rng = random.Random(seed)
    text = mutate(rng.choice(SEEDS[variant]), rng, edits)
    try:
        pos = dimchess.Position(variant, text)
    except dimchess.InvalidTextError as e:
        assert str(e)
        return
    exercise(pos)


@FUZZ
@given(variant=VARIANTS, index=st.integers(0, 11), move=st.text(ALPHABET, max_size=24))
def test_random_move_texts(variant, index, move):
    seeds = SEEDS[variant]
    pos = dimchess.Position(variant, seeds[index % len(seeds)])
    try:
        after = pos.play(move)
    except (dimchess.InvalidTextError, dimchess.IllegalMoveError) as e:
        assert str(e)
        assert not pos.is_legal(move)
        return
    assert pos.is_legal(move)
    assert after.variant == variant


@FUZZ
@given(
    variant=VARIANTS,
    seed=st.integers(0, 2**32),
    moves=st.lists(st.text(ALPHABET, max_size=12), max_size=4),
    noise=st.text(ALPHABET, max_size=40),
)
def test_random_records(variant, seed, moves, noise):
    rng = random.Random(seed)
    game = dimchess.Game(variant)
    if variant != "dimension-x":
        for _ in range(rng.randrange(6)):
            legal = game.legal_moves()
            if legal:
                game.push(rng.choice(legal))
    record = game.to_record()
    pieces = record.split(" ")
    pieces.insert(rng.randrange(len(pieces) + 1), " ".join(moves) + noise)
    text = " ".join(pieces)
    try:
        back = dimchess.Game.from_record(text)
    except dimchess.DimchessError as e:
        assert str(e)
        return
    dimchess.Game.from_record(back.to_record())


@FUZZ
@given(
    args=st.lists(
        st.one_of(
            st.none(),
            st.integers(-(2**70), 2**70),
            st.floats(),
            st.text(max_size=10),
            st.binary(max_size=10),
            st.lists(st.text(max_size=5), max_size=3),
        ),
        max_size=4,
    )
)
def test_random_arguments(args):
    calls = [
        dimchess.Position,
        dimchess.Game,
        dimchess.perft,
        dimchess.random_playouts,
        dimchess.moves_many,
        dimchess.description,
        dimchess.Game.from_record,
        dimchess.Position("fide").play,
        dimchess.Position("fide").perft,
    ]
    for call in calls:
        try:
            # Small numbers only where they make the call run long (depth, n, max_plies).
            safe = [a if not isinstance(a, int) or abs(a) < 4 or a < 0 else 3 for a in args]
            call(*safe)
        except (*DOCUMENTED, ValueError, OverflowError):
            pass
