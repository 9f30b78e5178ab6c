"""Multi-dimensional chess variants at the speed of the Rust core.

Positions and their legal moves, games with undo and PGN-like records, perft, random
playouts and SVG diagrams for every dimchess variant (``variants()`` lists the ids). The
classes and functions are those of the extension ``dimchess._dimchess``; ``dimchess.cluster``
runs distributed perft on Dask.
"""

from ._dimchess import *  # noqa: F401,F403 (the extension's public names)
from ._dimchess import __version__  # noqa: F401
