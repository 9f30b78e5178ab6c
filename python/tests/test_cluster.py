"""Distributed perft from Python: split/run/merge (dimchess.perft_split, perft_run,
perft_count_unit, perft_merge) and the Dask driver (dimchess.cluster) on a scheduler and two
worker processes started here, one of them killed in the middle of the run."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import dimchess


def test_split_run_merge_equals_perft(tmp_path):
    manifest = dimchess.perft_split("dimension-chess", 4, 2, 3, str(tmp_path / "u"))
    assert manifest["positions"] == 400
    assert len(manifest["units"]) == 3
    for u in manifest["units"]:
        dimchess.perft_run(str(tmp_path / "u" / u["file"]), threads=2)
    assert dimchess.perft_merge(str(tmp_path / "u")) == dimchess.perft("dimension-chess", 4)


def test_count_unit_in_memory_and_merge_checks(tmp_path):
    d = tmp_path / "u"
    manifest = dimchess.perft_split("fide", 4, 2, 2, d)
    text = (d / "manifest.json").read_text()
    unit = manifest["units"][0]["file"]
    result = dimchess.perft_count_unit(text, unit, (d / unit).read_bytes(), hash_mb=1)
    assert json.loads(result)["unit"] == unit
    (d / dimchess.perft_result_name(unit)).write_text(result)
    # The other unit is missing.
    with pytest.raises(dimchess.DimchessError, match="unit-0001.jsonl: no result"):
        dimchess.perft_merge(d)
    dimchess.perft_run(d / manifest["units"][1]["file"])
    assert dimchess.perft_merge(d) == 197281
    with pytest.raises(dimchess.DimchessError, match="not verified"):
        dimchess.perft_merge(d, verify=True)
    # Another unit's bytes are refused by their checksum.
    with pytest.raises(dimchess.DimchessError, match="SHA-256"):
        dimchess.perft_count_unit(text, unit, b"{}\n")
    with pytest.raises(OSError):
        dimchess.perft_merge(tmp_path / "nowhere")
    with pytest.raises(ValueError):
        dimchess.perft_split("fide", 3, 4, 2, tmp_path / "v")


distributed = pytest.importorskip("distributed")


def _start(args, log):
    return subprocess.Popen(
        [sys.executable, "-m", *args],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def test_dask_cluster_with_a_worker_killed_mid_run(tmp_path):
    from dimchess import cluster

    sched_file = tmp_path / "scheduler.json"
    log = open(tmp_path / "dask.log", "wb")
    procs = [
        _start(
            [
                "distributed.cli.dask_scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--dashboard-address",
                ":0",
                "--scheduler-file",
                str(sched_file),
            ],
            log,
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while not sched_file.exists():
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.2)
        time.sleep(0.5)
        for _ in range(2):
            procs.append(
                _start(
                    [
                        "distributed.cli.dask_worker",
                        "--scheduler-file",
                        str(sched_file),
                        "--nworkers",
                        "1",
                        "--nthreads",
                        "1",
                        "--no-nanny",
                        "--no-dashboard",
                    ],
                    log,
                )
            )
        client = distributed.Client(scheduler_file=str(sched_file), timeout=60)
        client.wait_for_workers(2, timeout=60)
        victim = procs[1]
        killed = []

        def on_result(done, total):
            # After the first unit, kill a worker while the others are still being counted.
            if not killed and done < total:
                assert victim.poll() is None
                os.killpg(victim.pid, signal.SIGKILL)
                killed.append(done)

        total = cluster.perft(
            "fide",
            6,
            2,
            client=client,
            units=12,
            out=str(tmp_path / "units"),
            retries=3,
            progress=None,
            on_result=on_result,
        )
        client.close()
        assert killed, "no worker was killed"
        assert victim.wait(10) == -signal.SIGKILL
        assert total == 119060324
    finally:
        for p in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
        log.close()


def test_the_command_line_on_a_local_cluster(tmp_path):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "dimchess.cluster",
            "perft",
            "hyperspace",
            "3",
            "--at",
            "1",
            "--units",
            "4",
            "--out",
            str(tmp_path / "u"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == str(dimchess.perft("hyperspace", 3))
    assert "units 4/4" in out.stderr
