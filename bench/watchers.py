"""Benchmark: many live watchers of ``GET /games/{id}/events/stream`` on one ``courtcard serve``,
while the watched tables log plays.

    .venv/bin/python bench/watchers.py [--watchers 1000] [--games 32] [--seconds 20] [--interval 1.0]
                                       [--processes 2] [--streams N]

A private embedded server and one ``courtcard serve --workers 0`` (its default 2 API processes)
are started. A child process sets up ``--games`` Queen's Dungeon tables (known record, as
bench/api.py does) and, once every watcher is connected, logs one random legal play on each table
every ``--interval`` seconds (each table its own thread, with some jitter), noting when each
append was acknowledged: when its reply had been read. Meanwhile this process follows the games
with ``--watchers`` live streams, spread evenly over the games, from the version each game had
before logging started; one watcher in eight carries the scorekeeper's token (so it sees
payloads) and the rest see them withheld. The watchers are raw asyncio connections speaking
HTTP/1.1 (chunked), which take a few microseconds per event, so that the client is not what is
measured. A watcher that is refused (503 too_many_streams) or cut reconnects after 2 s with
Last-Event-ID, as the scorekeeper's page does.

For every event and every watcher of its game: delivery = arrival at the watcher minus the
append's acknowledgement (both on this machine's monotonic clock; it may be slightly negative
when the stream beats the reply). ``lost`` counts (watcher, event) pairs never delivered by
the time every watcher had its game's last event (at most ``--grace`` seconds after the last
play). ``out_of_order`` counts events that arrived other than
as the next version a watcher had (a gap or a repeat). ``server_cpu`` and ``watchers_client_cpu``
are CPU seconds per second of logging of the API processes and of this process (which must stay
small: the client is not what is measured). The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import multiprocessing
import random
import sys
import tempfile
import threading
import time
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from events.server import EmbeddedServer  # noqa: E402
from tests.hosts import ServedApi  # noqa: E402


def _bench_api():
    """bench/api.py (its Table logs plays over HTTP from a local copy of the state); loaded by path,
    since its module name is the api package's."""
    spec = importlib.util.spec_from_file_location("bench_api", ROOT / "bench" / "api.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench_api = _bench_api()
RECONNECT_S = 2.0
TOKEN_EVERY = 8  # one watcher in eight has the scorekeeper's token


# -- the tables (a child process) ---------------------------------------------------------------

def log_tables(redis_url: str, port: int, games: int, seconds: float, interval: float, conn) -> None:
    """Set up the tables, report them, wait for "go", log plays for ``seconds``, report the acks."""
    rng = random.Random(7)
    tables = [bench_api.Table(redis_url, port, random.Random(rng.random())) for _ in range(games)]
    for table in tables:
        table.advance_in_process(12)
        table.warm()
    conn.send([(t.game_id, t.token, t.state.version) for t in tables])
    conn.recv()  # go
    deadline = time.monotonic() + seconds
    acks: list[tuple[str, int, float]] = []
    plays: list[float] = []
    lock = threading.Lock()

    def run(table, jitter: random.Random) -> None:
        mine_acks, mine_plays = [], []
        next_at = time.monotonic() + jitter.uniform(0, interval)
        while True:
            pause = next_at - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            if time.monotonic() >= deadline:
                break
            before = table.state.version
            mine_plays.append(table.play_one())
            acked = time.monotonic()
            mine_acks.extend((table.game_id, v, acked) for v in range(before + 1, table.state.version + 1))
            next_at += interval * jitter.uniform(0.5, 1.5)
        with lock:
            acks.extend(mine_acks)
            plays.extend(mine_plays)

    threads = [threading.Thread(target=run, args=(t, random.Random(i))) for i, t in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    conn.send((acks, plays))


# -- the watchers (asyncio, in this process) ------------------------------------------------------

class Watcher(asyncio.Protocol):
    """One live stream over raw HTTP/1.1, reconnecting with Last-Event-ID when refused or cut."""

    def __init__(self, port: int, game_id: str, after: int, token: str | None) -> None:
        self.port, self.game_id, self.token = port, game_id, token
        self.first = after + 1
        self.after = after
        self.arrivals = array("d")  # arrival time of version first + i
        self.connected = asyncio.Event()
        self.refusals = self.cuts = self.out_of_order = 0
        self.stopping = False
        self.transport = None

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.stopping:
            self._reset()
            try:
                await loop.create_connection(lambda: self, "127.0.0.1", self.port)
                await self.closed
            except OSError:
                pass
            if self.stopping:
                return
            self.cuts += 1
            await asyncio.sleep(RECONNECT_S * random.uniform(0.9, 1.1))

    def _reset(self) -> None:
        self.closed = asyncio.get_running_loop().create_future()
        self.raw = b""
        self.headers_done = False
        self.chunk_left = 0  # bytes of the current chunk's payload still to read
        self.crlf_due = False  # the CRLF that ends a chunk's payload is next
        self.text = b""

    def connection_made(self, transport) -> None:
        self.transport = transport
        auth = f"Authorization: Bearer {self.token}\r\n" if self.token else ""
        transport.write((f"GET /games/{self.game_id}/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         f"Accept: text/event-stream\r\nLast-Event-ID: {self.after}\r\n{auth}\r\n").encode())

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        self.raw += data
        if not self.headers_done:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            status = self.raw[9:12]
            self.raw = self.raw[end + 4:]
            self.headers_done = True
            if status != b"200":
                self.refusals += 1
                self.transport.close()
                return
            self.connected.set()
        self._dechunk()
        while True:
            end = self.text.find(b"\n\n")
            if end < 0:
                break
            block, self.text = self.text[:end], self.text[end + 2:]
            if block.startswith(b"id: "):
                version = int(block[4:block.index(b"\n")])
                if version == self.after + 1:
                    self.arrivals.append(now)
                    self.after = version
                else:
                    self.out_of_order += 1

    def _dechunk(self) -> None:
        """Move the payload of whole or partial chunks from ``raw`` to ``text``."""
        raw = self.raw
        while True:
            if self.chunk_left:
                take = raw[:self.chunk_left]
                self.text += take
                self.chunk_left -= len(take)
                raw = raw[len(take):]
                if self.chunk_left:
                    break
                self.crlf_due = True
            if self.crlf_due:
                if len(raw) < 2:
                    break
                raw, self.crlf_due = raw[2:], False
            end = raw.find(b"\r\n")
            if end < 0:
                break
            self.chunk_left = int(raw[:end], 16)
            raw = raw[end + 2:]
            if not self.chunk_left:  # the last chunk: the server ended the stream
                break
        self.raw = raw

    def connection_lost(self, exc) -> None:
        if not self.closed.done():
            self.closed.set_result(None)

    def stop(self) -> None:
        self.stopping = True
        if self.transport is not None:
            self.transport.close()


async def watch(port: int, games: list[tuple[str, str, int]], watchers: int, conn, grace: float,
                connect_timeout: float, server_pid: int):
    """Open the watchers, start the tables, follow until the tables are done (+ grace)."""
    crowd = []
    for i in range(watchers):
        game_id, token, version = games[i % len(games)]
        crowd.append(Watcher(port, game_id, version, token if i % TOKEN_EVERY == 0 else None))
    tasks = []
    for start in range(0, watchers, 100):  # open in waves, as a crowd arrives
        tasks += [asyncio.create_task(w.run()) for w in crowd[start:start + 100]]
        await asyncio.sleep(0.05)
    # Every watcher connected (or refused and waiting to retry), however long a loaded machine
    # takes; ``connect_timeout`` only guards against a server that stopped answering.
    try:
        await asyncio.wait_for(asyncio.gather(*(w.connected.wait() for w in crowd)), connect_timeout)
    except asyncio.TimeoutError:
        pass
    connected = sum(w.connected.is_set() for w in crowd)
    loop = asyncio.get_running_loop()
    cpu = (bench_api.cpu_seconds(server_pid), time.process_time())
    conn.send("go")
    acks, plays = await loop.run_in_executor(None, conn.recv)
    cpu = (bench_api.cpu_seconds(server_pid) - cpu[0], time.process_time() - cpu[1])
    # Late events: wait until every watcher has its game's last acknowledged event, or ``grace``
    # seconds have passed since the last play (those still missing then count as lost).
    last: dict[str, int] = {}
    for game_id, version, _at in acks:
        last[game_id] = max(last.get(game_id, 0), version)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(w.after < last.get(w.game_id, 0) for w in crowd):
        await asyncio.sleep(0.05)
    for w in crowd:
        w.stop()
    await asyncio.gather(*tasks, return_exceptions=True)
    return crowd, connected, acks, plays, cpu


# -- figures -------------------------------------------------------------------------------------

def figures(crowd: list[Watcher], connected: int, acks, plays: list[float], seconds: float,
            cpu: tuple[float, float]) -> dict:
    acked = {(g, v): t for g, v, t in acks}
    last = {}
    for g, v, _t in acks:
        last[g] = max(last.get(g, 0), v)
    delays, lost = [], 0
    for w in crowd:
        for i, arrived in enumerate(w.arrivals):
            at = acked.get((w.game_id, w.first + i))
            if at is not None:
                delays.append(arrived - at)
        lost += max(0, last.get(w.game_id, 0) - w.after)
    delays.sort()
    ms = lambda s: None if s is None else round(s * 1000, 1)  # noqa: E731
    pct = lambda xs, q: xs[min(len(xs) - 1, int(q * len(xs)))] if xs else None  # noqa: E731
    plays_sorted = sorted(plays)
    return {
        "watchers": len(crowd),
        "games": len({w.game_id for w in crowd}),
        "connected_at_start": connected,
        "events": len(acks),
        "delivered": len(delays),
        "delivery_p50_ms": ms(pct(delays, 0.5)),
        "delivery_p99_ms": ms(pct(delays, 0.99)),
        "delivery_max_ms": ms(pct(delays, 1.0)),
        "lost": lost,
        "out_of_order": sum(w.out_of_order for w in crowd),
        "refusals": sum(w.refusals for w in crowd),
        "reconnects": sum(w.cuts for w in crowd),
        "plays_per_s": round(len(plays) / seconds, 1),
        "play_p50_ms": ms(pct(plays_sorted, 0.5)),
        "play_p99_ms": ms(pct(plays_sorted, 0.99)),
        # CPU seconds per second of logging: the server's (API processes) and this client's
        "server_cpu": round(cpu[0] / seconds, 2),
        "watchers_client_cpu": round(cpu[1] / seconds, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--games", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=20, help="how long the tables log plays")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a table's plays (on average)")
    parser.add_argument("--grace", type=float, default=30.0,
                        help="at most this many seconds to wait for late events after the last play")
    parser.add_argument("--connect-timeout", type=float, default=600.0,
                        help="at most this many seconds to wait for every watcher to connect")
    parser.add_argument("--processes", type=int, default=2, help="API server processes (as courtcard serve)")
    parser.add_argument("--streams", type=int, default=None, help="serve --streams (default: courtcard serve's)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(Path(tmp) / "data")
        redis_url = server.start()
        options = ["--processes", str(args.processes)]
        if args.streams is not None:
            options += ["--streams", str(args.streams)]
        api = ServedApi(redis_url, Path(tmp) / "serve.log", *options, env={"COURTCARD_DATA": str(Path(tmp) / "keys")})
        tables = None
        try:
            api.wait_ready()  # on another free port if the one picked is taken before it binds it
            port = api.port
            here, there = multiprocessing.get_context("spawn").Pipe()
            tables = multiprocessing.get_context("spawn").Process(
                target=log_tables, args=(redis_url, port, args.games, args.seconds, args.interval, there))
            tables.start()
            games = here.recv()
            crowd, connected, acks, plays, cpu = asyncio.run(
                watch(port, games, args.watchers, here, args.grace, args.connect_timeout, api.process.pid))
        finally:
            if tables is not None:
                tables.join(timeout=30)
            api.stop()
            server.stop()

    result = figures(crowd, connected, acks, plays, args.seconds, cpu)
    print(f"{result['watchers']} watchers of {result['games']} games, {result['connected_at_start']} connected at the start")
    print(f"{result['events']} events appended, {result['delivered']} deliveries: p50 {result['delivery_p50_ms']} ms, "
          f"p99 {result['delivery_p99_ms']} ms, max {result['delivery_max_ms']} ms; lost {result['lost']}, "
          f"out of order {result['out_of_order']}, refused {result['refusals']} times")
    print(f"plays: {result['plays_per_s']}/s, p50 {result['play_p50_ms']} ms, p99 {result['play_p99_ms']} ms")
    print(f"CPU per second of logging: API processes {result['server_cpu']} s, the watchers' client "
          f"{result['watchers_client_cpu']} s")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
