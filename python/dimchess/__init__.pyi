"""Multi-dimensional chess variants at the speed of the Rust core.

Positions and their legal moves, games with undo and PGN-like records, perft, random
playouts and SVG diagrams for every dimchess variant (``variants()`` lists the ids).
"""

import os
from typing import Any, Dict, Iterable, List, Literal, Optional, Tuple, Union, overload

__version__: str

class DimchessError(ValueError):
    """An error of the dimchess library; ``str(e)`` is the library's message."""

class InvalidTextError(DimchessError):
    """A position, move or record text that cannot be read, or an unknown variant id."""

class IllegalMoveError(DimchessError):
    """A well-formed move that is not legal here, or any move once the game is over."""

def variants() -> List[str]:
    """The variant ids, in the order ``dimchess variants`` lists them."""

def description(variant: str) -> str:
    """One line on what the variant is (InvalidTextError for an unknown id)."""

class Outcome:
    """How a finished game ended."""

    @property
    def winner(self) -> Optional[int]:
        """The winner's index in turn order (0 moves first), or None for a draw."""
    @property
    def reason(self) -> str:
        """Why the game ended, in a few words ("checkmate", "stalemate")."""
    @property
    def result_text(self) -> str:
        """The result text ("1-0 (checkmate)"), also ``str(outcome)``."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

# A layout as plain data: see Position.layout.
Layout = Dict[str, Any]

class Position:
    """A position of any variant; immutable (``play`` returns a new position).

    Equal when of the same variant with the same text; hashable, copyable, picklable.
    """

    def __init__(self, variant: str, text: Optional[str] = None) -> None:
        """The start position of ``variant``, or the position ``text`` of it.

        Raises InvalidTextError for an unknown variant or a text that cannot be read.
        """
    @property
    def variant(self) -> str:
        """The variant id."""
    @property
    def text(self) -> str:
        """The position text; ``Position(variant, text)`` reads it back."""
    @property
    def turn(self) -> int:
        """The player to move, from 0 in turn order (0: White)."""
    @property
    def result_text(self) -> Optional[str]:
        """The result text once the game is over, else None."""
    @property
    def zobrist(self) -> int:
        """The 64-bit Zobrist hash (fixed keys: stable across runs)."""
    def legal_moves(self) -> List[str]:
        """The legal move texts in generation order (empty once the game is over, except in
        fide's dead positions, which ``outcome()`` draws by insufficient material)."""
    def play(self, move: str, /) -> "Position":
        """The position after ``move``.

        Raises InvalidTextError (unreadable move text) or IllegalMoveError (not legal here,
        or the game is over).
        """
    def is_legal(self, move: str, /) -> bool:
        """Whether ``move`` is a legal move text here."""
    def outcome(self) -> Optional[Outcome]:
        """The Outcome once the game is over, else None."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def svg(self) -> str:
        """A self-contained SVG diagram of every board."""
    def layout(self) -> Layout:
        """Boards, cells, pieces, players, turn, pieces in flight and notes as plain data."""
    def diagram(self) -> str:
        """A multi-line text diagram of every board."""
    @overload
    def perft(
        self,
        depth: int,
        threads: Optional[int] = None,
        divide: Literal[False] = False,
        hash_mb: int = 0,
    ) -> int: ...
    @overload
    def perft(
        self,
        depth: int,
        threads: Optional[int] = None,
        *,
        divide: Literal[True],
        hash_mb: int = 0,
    ) -> Dict[str, int]: ...
    def copy(self) -> "Position": ...
    def __copy__(self) -> "Position": ...
    def __deepcopy__(self, memo: Any) -> "Position": ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Game:
    """A start position and the moves played from it, with undo and records."""

    def __init__(self, start: Union[str, Position], text: Optional[str] = None) -> None:
        """A game from a variant's start (or the position ``text``) or from a Position."""
    @staticmethod
    def from_record(record: str) -> "Game":
        """Reads a record and replays it, checking every move.

        Raises InvalidTextError (unreadable record) or IllegalMoveError (an illegal move).
        """
    def to_record(self) -> str:
        """The PGN-like record text."""
    def push(self, move: str, /) -> str:
        """Plays ``move`` and returns its canonical text.

        Raises InvalidTextError or IllegalMoveError (also once the game is over); the game
        is then unchanged.
        """
    def pop(self) -> str:
        """Takes back the last move and returns its text; IndexError if none was played."""
    def peek(self) -> Optional[str]:
        """The text of the last move, or None at the start."""
    @property
    def variant(self) -> str:
        """The variant id."""
    @property
    def position(self) -> Position:
        """The position now."""
    @property
    def start(self) -> Position:
        """The start position."""
    @property
    def moves(self) -> List[str]:
        """The canonical texts of the moves played."""
    @property
    def turn(self) -> int:
        """The player to move now."""
    @property
    def result_text(self) -> Optional[str]:
        """The result text once the game is over, else None."""
    @property
    def tags(self) -> Dict[str, str]:
        """The extra tags of the record (not Variant, FEN, Result)."""
    def set_tag(self, name: str, value: str) -> None:
        """Sets an extra tag (InvalidTextError for Variant, FEN, Result or a bad name)."""
    def legal_moves(self) -> List[str]:
        """The legal move texts now."""
    def outcome(self) -> Optional[Outcome]:
        """The Outcome once the game is over, else None."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def svg(self) -> str:
        """An SVG diagram of the position now, the last move highlighted."""
    def layout(self) -> Layout:
        """The layout now (see Position.layout), with "last_move" filled in."""
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def __len__(self) -> int: ...

@overload
def perft(
    variant: str,
    depth: int,
    text: Optional[str] = None,
    threads: Optional[int] = None,
    divide: Literal[False] = False,
    hash_mb: int = 0,
) -> int: ...
@overload
def perft(
    variant: str,
    depth: int,
    text: Optional[str] = None,
    threads: Optional[int] = None,
    *,
    divide: Literal[True],
    hash_mb: int = 0,
) -> Dict[str, int]: ...
def random_playouts(
    variant: str,
    n: int,
    max_plies: int,
    seed: int = 0,
    text: Optional[str] = None,
) -> List[Tuple[Optional[str], int]]:
    """``n`` games of random legal moves: (result text or None if cut, plies) per game."""

def moves_many(variant: str, texts: Iterable[str]) -> List[List[str]]:
    """The legal move texts of each position text, in order (GIL released)."""

def bestmove(
    variant: str,
    text: Optional[str] = None,
    depth: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    nodes: Optional[int] = None,
    hash_mb: int = 16,
) -> Dict[str, Any]:
    """The engine's move: {"move", "score", "pv", "depth", "nodes"} (GIL released)."""

def perft_split(
    variant: str,
    depth: int,
    at: int,
    units: int,
    out: Union[str, "os.PathLike[str]"],
    text: Optional[str] = None,
) -> Dict[str, Any]:
    """Splits perft(depth) into work units at ply ``at`` in the directory ``out``; the manifest."""

def perft_run(
    unit: Union[str, "os.PathLike[str]"], threads: int = 1, hash_mb: int = 0
) -> int:
    """Counts one unit file and writes its result file (resumable); its total (GIL released)."""

def perft_count_unit(
    manifest: str, unit: str, data: bytes, threads: int = 1, hash_mb: int = 0
) -> str:
    """Counts a unit held in memory; the text of its result file (GIL released)."""

def perft_result_name(unit: str) -> str:
    """The result file name of a unit file name."""

def perft_merge(directory: Union[str, "os.PathLike[str]"], verify: bool = False) -> int:
    """Checks every unit's result (missing, corrupt, duplicated: DimchessError); the total."""
