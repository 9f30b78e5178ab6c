"""Distributed perft on a Dask cluster.

::

    python -m dimchess.cluster perft <variant> <depth> --at K [--fen TEXT]
        [--scheduler ADDRESS] [--units N] [--out DIR] [--threads N] [--hash MB] [--retries N]

splits perft(depth) into work units at ply K (``dimchess.perft_split``), submits one Dask task
per unit to the scheduler at ADDRESS (or to a local cluster of one single-threaded worker
process per core when no address is given), writes each unit's result file as it arrives,
then checks and sums them (``dimchess.perft_merge``: a missing, corrupt or duplicated result is
an error, never summed) and prints the total as the last line of stdout. Progress goes to
stderr. A task runs ``dimchess.perft_count_unit``, which counts in Rust with the GIL
released; a task whose worker dies is run again elsewhere (``retries``: further attempts after
a task fails). Units whose result file is already in ``--out`` are not submitted again, so a
driver that is stopped can be started again on the same directory.

Needs ``dask`` and ``distributed`` (``pip install dask distributed``). See docs/distributed.md.
"""

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Dict, Optional, TextIO

import dimchess

__all__ = ["count_unit_task", "perft", "main"]


def count_unit_task(
    manifest: str, unit: str, data: bytes, threads: int = 1, hash_mb: int = 0
) -> str:
    """The Dask task: counts one unit held in memory, returns its result file's text."""
    return dimchess.perft_count_unit(manifest, unit, data, threads=threads, hash_mb=hash_mb)


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def perft(
    variant: str,
    depth: int,
    at: int,
    *,
    text: Optional[str] = None,
    scheduler: Optional[str] = None,
    client: Any = None,
    units: Optional[int] = None,
    out: Optional[str] = None,
    threads: int = 1,
    hash_mb: int = 0,
    retries: int = 3,
    progress: Optional[TextIO] = sys.stderr,
    on_result: Optional[Callable[[int, int], None]] = None,
) -> int:
    """perft(depth) of ``variant``'s start (or ``text``) counted as Dask tasks, one per unit.

    ``client``: a ``distributed.Client`` to use; else one to ``scheduler`` (an address or a
    scheduler file), else a local cluster started (and closed) here. ``units``: default eight
    per worker thread. ``out``: the split's directory (default: a new temporary one; a directory
    that holds a manifest already is resumed, its other arguments must match).
    ``on_result(done, total)`` is called as each unit's result arrives (tests use it).
    Returns the merged total; raises ``dimchess.DimchessError`` if merging finds a problem.
    """
    from distributed import Client, LocalCluster, as_completed

    def say(msg: str) -> None:
        if progress is not None:
            print(msg, file=progress, flush=True)

    started = time.monotonic()
    own_cluster = None
    own_client = None
    if client is None:
        if scheduler is None:
            own_cluster = LocalCluster(
                n_workers=os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
            own_client = Client(own_cluster)
        elif scheduler.endswith(".json") and Path(scheduler).exists():
            own_client = Client(scheduler_file=scheduler)
        else:
            own_client = Client(scheduler)
        client = own_client
    try:
        workers = client.scheduler_info().get("workers", {})
        slots = sum(w.get("nthreads", 1) for w in workers.values()) or 1
        directory = Path(out) if out is not None else Path(tempfile.mkdtemp(prefix="dimchess-"))
        manifest_path = directory / "manifest.json"
        if manifest_path.exists():
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
            if (manifest.get("variant"), manifest.get("depth"), manifest.get("at")) != (
                variant,
                depth,
                at,
            ):
                raise dimchess.DimchessError(
                    f"{manifest_path}: a split of another count (variant, depth, at)"
                )
            say(f"resuming the split in {directory}")
        else:
            n = units if units is not None else 8 * slots
            manifest = dimchess.perft_split(variant, depth, at, n, str(directory), text=text)
        manifest_text = manifest_path.read_text(encoding="utf-8")
        todo = []
        for u in manifest["units"]:
            if not (directory / dimchess.perft_result_name(u["file"])).exists():
                todo.append(u["file"])
        total_units = len(manifest["units"])
        done = total_units - len(todo)
        say(
            f"{variant} perft {depth} at ply {at}: {manifest['entries']} positions in "
            f"{total_units} units ({len(todo)} to count) on {slots} worker thread(s), {directory}"
        )
        run_id = uuid.uuid4().hex[:8]
        futures = {}
        for unit in todo:
            data = (directory / unit).read_bytes()
            f = client.submit(
                count_unit_task,
                manifest_text,
                unit,
                data,
                threads,
                hash_mb,
                key=f"dimchess-perft-{run_id}-{unit}",
                retries=retries,
                pure=False,
            )
            futures[f] = unit
        leaves = 0
        for f in as_completed(list(futures)):
            unit = futures[f]
            result_text = f.result()  # a task that failed after its retries raises here
            _write_atomic(directory / dimchess.perft_result_name(unit), result_text)
            done += 1
            leaves += json.loads(result_text)["total"]
            secs = time.monotonic() - started
            say(f"units {done}/{total_units}, {leaves} leaves, {secs:.1f} s")
            if on_result is not None:
                on_result(done, total_units)
        total = dimchess.perft_merge(str(directory))
        say(f"merged: {total} leaves in {time.monotonic() - started:.1f} s")
        return total
    finally:
        if own_client is not None:
            own_client.close()
        if own_cluster is not None:
            own_cluster.close()


def main(argv: Optional[list] = None) -> int:
    """The command line (``python -m dimchess.cluster perft ...``); 0 on success, 2 on error."""
    parser = argparse.ArgumentParser(
        prog="python -m dimchess.cluster", description="Distributed perft on Dask."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count perft(depth) as Dask tasks, one per work unit")
    p.add_argument("variant")
    p.add_argument("depth", type=int)
    p.add_argument("--at", type=int, required=True, help="the ply of the units' positions")
    p.add_argument("--fen", help="the root position's text (default: the start)")
    p.add_argument("--scheduler", help="a Dask scheduler address or scheduler file")
    p.add_argument("--units", type=int, help="number of units (default: 8 per worker thread)")
    p.add_argument("--out", help="the split's directory (default: a new temporary one)")
    p.add_argument("--threads", type=int, default=1, help="threads per task (default 1)")
    p.add_argument("--hash", type=int, default=0, help="hash table MiB per task (default 0)")
    p.add_argument("--retries", type=int, default=3, help="retries of a failed task")
    a = parser.parse_args(argv)
    try:
        total = perft(
            a.variant,
            a.depth,
            a.at,
            text=a.fen,
            scheduler=a.scheduler,
            units=a.units,
            out=a.out,
            threads=a.threads,
            hash_mb=a.hash,
            retries=a.retries,
        )
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(total)
    return 0


if __name__ == "__main__":
    # Run through the package's module, so that tasks refer to dimchess.cluster (importable
    # on every worker), not to __main__.
    from dimchess.cluster import main as _main

    sys.exit(_main())
