"""Shared helpers: the command-line tool to compare with, and random positions of every variant."""

import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import List

import pytest

import dimchess

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli() -> str:
    """The `dimchess` command-line tool: $DIMCHESS_CLI, else the checkout's release build
    (built here if missing)."""
    path = os.environ.get("DIMCHESS_CLI")
    if path:
        return path
    built = REPO / "target" / "release" / "dimchess"
    if not built.exists():
        cargo = shutil.which("cargo")
        if cargo is None:
            pytest.fail("no dimchess tool: set DIMCHESS_CLI or install cargo")
        subprocess.run(
            [cargo, "build", "--release", "--bin", "dimchess"], cwd=REPO, check=True
        )
    return str(built)


def run_cli(cli: str, *args: str) -> str:
    out = subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, f"dimchess {' '.join(args)}: {out.stderr}"
    return out.stdout


def random_positions(variant: str, n: int, seed: int, max_plies: int = 60) -> List[dimchess.Position]:
    """`n` positions of `variant` from random games (the start among them)."""
    rng = random.Random(seed)
    out = [dimchess.Position(variant)]
    pos = out[0]
    while len(out) < n:
        moves = pos.legal_moves()
        if not moves or rng.random() < 1 / max_plies:
            pos = dimchess.Position(variant)
            continue
        pos = pos.play(rng.choice(moves))
        out.append(pos)
    return out


# dimension-x lists about 19,000 turns from the start: its random positions are costly.
CHEAP_VARIANTS = [v for v in dimchess.variants() if v != "dimension-x"]
