"""Many Python threads at once: the same answers as one thread, and the GIL released in
long calls."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import dimchess
from conftest import random_positions


def test_concurrent_calls_give_the_serial_answers():
    positions = random_positions("fide", 200, seed=3)
    texts = [p.text for p in positions]
    serial_moves = dimchess.moves_many("fide", texts)
    serial_perft = [dimchess.perft("fide", 3, text=t, threads=1) for t in texts[:20]]
    serial_playouts = dimchess.random_playouts("hyperspace", 20, 100, seed=9)
    shared = dimchess.Position("fide")
    game = dimchess.Game("fide")
    lock = threading.Lock()

    def work(i: int):
        out = {}
        out["moves"] = dimchess.moves_many("fide", texts)
        out["perft"] = [dimchess.perft("fide", 3, text=t, threads=1 + i % 2) for t in texts[:20]]
        out["playouts"] = dimchess.random_playouts("hyperspace", 20, 100, seed=9)
        out["one"] = [p.legal_moves() for p in positions]
        out["shared"] = [shared.play(m) for m in shared.legal_moves()]
        with lock:  # a Game is mutable: callers that share one take turns
            if len(game) < 2:
                game.push(["e2e4", "e7e5"][len(game)])
        return out

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(16)))
    for r in results:
        assert r["moves"] == serial_moves
        assert r["perft"] == serial_perft
        assert r["playouts"] == serial_playouts
        assert r["one"] == [p.legal_moves() for p in positions]
        assert len(r["shared"]) == 20
    assert game.moves == ["e2e4", "e7e5"]


def test_threads_share_one_game_without_corrupting_it():
    game = dimchess.Game("fide")
    errors = []

    def push_pop():
        for _ in range(500):
            try:
                game.push("g1f3")
                game.pop()
            except (dimchess.DimchessError, IndexError, RuntimeError) as e:
                # Another thread's push can make g1f3 illegal (Black to move) or leave
                # nothing to pop: refused cleanly, never a crash or a broken game.
                errors.append(type(e))

    threads = [threading.Thread(target=push_pop) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # Whatever interleaving happened, the game is consistent with its record.
    assert dimchess.Game.from_record(game.to_record()).position == game.position
    assert set(errors) <= {dimchess.IllegalMoveError, IndexError, RuntimeError}


def test_perft_releases_the_gil():
    # A long perft in one thread; the main thread keeps running Python code meanwhile.
    window = {}

    def count():
        window["start"] = time.perf_counter()
        window["n"] = dimchess.perft("fide", 6, threads=1)
        window["end"] = time.perf_counter()

    t = threading.Thread(target=count)
    ticks = []
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    assert window["n"] == 119060324
    start, end = window["start"], window["end"]
    margin = (end - start) * 0.1
    inside = [x for x in ticks if start + margin < x < end - margin]
    # With the GIL held for the whole count, the main thread could not tick inside it.
    assert len(inside) >= 10, (end - start, len(ticks), len(inside))


def test_random_playouts_and_moves_many_release_the_gil():
    texts = [p.text for p in random_positions("fide", 2000, seed=4)] * 10
    for call in (
        lambda: dimchess.random_playouts("fide", 3000, 200, seed=1),
        lambda: dimchess.moves_many("fide", texts),
    ):
        window = {}

        def run():
            window["start"] = time.perf_counter()
            call()
            window["end"] = time.perf_counter()

        t = threading.Thread(target=run)
        ticks = []
        t.start()
        while t.is_alive():
            ticks.append(time.perf_counter())
            time.sleep(0.0005)
        t.join()
        start, end = window["start"], window["end"]
        margin = (end - start) * 0.2
        inside = [x for x in ticks if start + margin < x < end - margin]
        # Holding the GIL, the call would leave the main thread no tick at all in there.
        assert len(inside) >= 1, (end - start, len(ticks), len(inside))
