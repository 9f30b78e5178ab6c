"""dimchess.perft equals the command-line tool's `dimchess perft` for every variant id."""

import pytest

import dimchess
from conftest import run_cli

# dimension-x lists 19,060 turns from the start, so its start is compared at depth 1 and the
# deeper counts on the rulebook's positions (6.3's Spider, DX-35's castling position).
DX_SPIDER = "7k/8/8/8/8/8/8/K7|8/8/8/8/3A4/8/8/8 w - - 0 1"
DX_CASTLING = "4k2r/6S1/2r5/3C4/B7/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1"

CASES = [
    (variant, None, depth)
    for variant in dimchess.variants()
    if variant != "dimension-x"
    for depth in (1, 2, 3)
] + [
    ("dimension-x", None, 1),
    ("dimension-x", DX_SPIDER, 1),
    ("dimension-x", DX_SPIDER, 2),
    ("dimension-x", DX_SPIDER, 3),
    ("dimension-x", DX_CASTLING, 2),
]


def test_the_ids_are_the_tools(cli):
    assert run_cli(cli, "variants").split() == dimchess.variants()


@pytest.mark.parametrize("variant, text, depth", CASES)
def test_perft_equals_the_tool(cli, variant, text, depth):
    args = ["perft", variant, str(depth)] + (["--fen", text] if text else [])
    expected = int(run_cli(cli, *args).split()[-1])
    assert dimchess.perft(variant, depth, text=text) == expected
    assert dimchess.perft(variant, depth, text=text, threads=1) == expected


@pytest.mark.parametrize("variant", [v for v in dimchess.variants() if v != "dimension-x"])
def test_divide_equals_the_tool(cli, variant):
    lines = run_cli(cli, "perft", variant, "2", "--divide").splitlines()
    expected = {}
    for line in lines:
        move, sep, count = line.rpartition(": ")
        if sep and move != "Nodes searched":
            expected[move] = int(count)
    got = dimchess.perft(variant, 2, divide=True)
    assert list(got.items()) == list(expected.items())
