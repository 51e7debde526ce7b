"""Benchmark: one play through the real API, served as ``courtcard serve`` serves it, on a real valkey-server.

Prints p50/p99 latency of a play at version ~10 and at version ~1,000 (the state cache must make
them cost the same), then plays per second with many tables logging at once, and the CPU a play
costs the API's processes and the store's server while they do. In the same run, a minimal app
(``bench/minimal_app.py``: one JSON read, one redis-py round trip, JSON out, served by Granian with
the same processes and threads) takes the same load, and its CPU per request is the yardstick: the
last line is one JSON object with the figures, among them ``api_cpu_us_per_play``,
``minimal_cpu_us_per_play``, ``cpu_ratio`` (the first over the second) and ``plays_per_s_32_tables``.

Every wait for the machine is a wait for readiness (the API answering ``/healthz``, each load
process reporting its tables set up), never a fixed allowance, so a loaded machine makes the run
slower, not wrong.

    .venv/bin/python bench/api.py [--tables 32] [--seconds 10] [--processes 2] [--appendfsync always] [--keys]

``--keys`` sends an Idempotency-Key with every play, as the web page and the command line do.

Each table is a Queen's Dungeon game (4 players, known record). Games are set up in this process
through the referee service (fast, no HTTP); every timed request goes over HTTP to the server. The
client keeps its own copy of each table's state, folded from the events the API returns, so that
choosing a legal card costs no extra request.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from workers.catalog import GameCatalog, new_token  # noqa: E402
from events.registry import registry  # noqa: E402
from events.server import APPENDFSYNC_CHOICES, EmbeddedServer, redis_from_url  # noqa: E402
from events.store import EventStore  # noqa: E402
from referee.replay import replay  # noqa: E402
from referee.service import RefereeService, new_game_id  # noqa: E402
from tests.hosts import ServedApi  # noqa: E402

NOT_RANDOM = {"end_game", "claim_renege", "take_back", "accept_penalty", "announce_challenge", "undo", "redo", "confirm"}
OPTIONS = {"first_dealer": 0, "target": 10**9}  # never ends: the benchmark decides how long to play


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Table:
    """One game logged over HTTP, with a local copy of its state to pick legal actions from."""

    def __init__(self, redis_url: str, port: int, rng: random.Random, keys: bool = False) -> None:
        self.rng = rng
        self.keys = keys
        client = redis_from_url(redis_url)
        self.store = EventStore(client)
        self.service = RefereeService(self.store)
        opening = self.service.plan_game("queens-dungeon", OPTIONS, ["Ann", "Bob", "Cat", "Dan"], "known")
        self.game_id, self.token = new_game_id(), new_token()
        GameCatalog(client).register(self.game_id, "queens-dungeon", "known", False, self.token)
        self.service.create_game(self.game_id, opening, actor="bench")
        self.state = None
        self.http = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def advance_in_process(self, to_version: int) -> None:
        """Play random legal actions through the service directly (set-up, not timed)."""
        while True:
            game, state = self.service.state(self.game_id)
            if state.version >= to_version:
                break
            action, fields = self._choose(game, state)
            self.service.act(self.game_id, action, fields, actor="bench")
        self.state = replay(e.event for e in self.store.read(self.game_id))

    def _choose(self, game, state):
        seat = self.rng.choice(game.to_act(state))
        options = [c for c in game.legal_actions(state, seat) if game.action_of(c) not in NOT_RANDOM]
        command = self.rng.choice(options)
        name = game.action_of(command)
        return name, game.command_schemas[name].dump(command)

    def warm(self) -> None:
        """One read, so the server process has this game's state cached before timing starts."""
        self.http.request("GET", f"/games/{self.game_id}")
        self.http.getresponse().read()

    def play_one(self) -> float:
        """Log one random legal action over HTTP; returns its latency in seconds."""
        from referee.replay import game_for

        game = game_for(self.state)
        action, fields = self._choose(game, self.state)
        body = json.dumps({"action": action, **fields})
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {self.token}",
                   "If-Match": f'"{self.state.version}"'}
        if self.keys:
            headers["Idempotency-Key"] = os.urandom(8).hex()
        try:
            start = time.perf_counter()
            self.http.request("POST", f"/games/{self.game_id}/actions", body=body, headers=headers)
        except (BrokenPipeError, ConnectionResetError):
            # The server closed an idle keep-alive connection: reconnect, and time the request afresh.
            self.http.close()
            start = time.perf_counter()
            self.http.request("POST", f"/games/{self.game_id}/actions", body=body, headers=headers)
        response = self.http.getresponse()
        payload = response.read()
        elapsed = time.perf_counter() - start
        if response.status != 201:
            raise RuntimeError(f"{response.status}: {payload[:300]!r}")
        for env in json.loads(payload)["events"]:
            self.state = game.apply(self.state, registry.decode(env["type"], env["schema_version"], env["payload"]))
        return elapsed


def wait_until_serving(port: int, process: subprocess.Popen, path: str = "/healthz", limit_s: float = 900) -> None:
    """Wait until the server answers ``path`` with 200, however long its processes take to start
    on a loaded machine; stop at once if it exits (``limit_s`` only guards against a hang)."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with {process.returncode} before it answered {path}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"the server did not answer {path} within {limit_s:.0f} s")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a live process and all its descendants, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = " ".join(p.read_text() for p in Path(f"/proc/{pid}/task").glob("*/children")).split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") + sum(cpu_seconds(int(c)) for c in children)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def latencies(redis_url: str, port: int, versions: tuple[int, ...], tables: int, plays_each: int,
              seed: int, keys: bool = False) -> dict[int, list[float]]:
    """Timed plays on tables set up at each version, taken in turns so that drift in the
    machine's load falls on every version alike."""
    rng = random.Random(seed)
    by_version = {v: [Table(redis_url, port, rng, keys) for _ in range(tables)] for v in versions}
    for version, games in by_version.items():
        for table in games:
            table.advance_in_process(version)
            table.warm()
    timed: dict[int, list[float]] = {v: [] for v in versions}
    for _ in range(plays_each):
        for i in range(tables):
            for version in versions:
                timed[version].append(by_version[version][i].play_one())
    return timed


class MinimalTable:
    """A table that posts the same kind of body to the minimal app (``bench/minimal_app.py``)."""

    def __init__(self, port: int, index: int) -> None:
        self.path = f"/games/minimal-{index}/actions"
        self.http = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def play_one(self) -> float:
        body = json.dumps({"action": "play_card", "card": "QS", "seat": 1})
        start = time.perf_counter()
        self.http.request("POST", self.path, body=body, headers={"Content-Type": "application/json"})
        response = self.http.getresponse()
        payload = response.read()
        elapsed = time.perf_counter() - start
        if response.status != 200:
            raise RuntimeError(f"{response.status}: {payload[:300]!r}")
        return elapsed


def _load_worker(kind: str, redis_url: str, port: int, tables: int, seconds: float, seed: int,
                 ready, go, results, keys: bool = False) -> None:
    """Set up ``tables`` tables, say so, wait for the word, then play on each (a thread a table)
    for ``seconds``; put (plays, latencies) on ``results``."""
    import threading

    rng = random.Random(seed)
    if kind == "api":
        games = [Table(redis_url, port, random.Random(rng.random()), keys) for _ in range(tables)]
        for table in games:
            table.advance_in_process(12)
            table.warm()
    else:
        games = [MinimalTable(port, seed * 1000 + i) for i in range(tables)]
    ready.put(seed)
    go.wait()
    deadline = time.monotonic() + seconds
    latencies: list[float] = []
    lock = threading.Lock()

    def run(table) -> None:
        mine = []
        while time.monotonic() < deadline:
            mine.append(table.play_one())
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=run, args=(t,)) for t in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    results.put((len(latencies), latencies))


def throughput(kind: str, redis_url: str, port: int, tables: int, seconds: float, client_processes: int,
               measured: dict[str, int], keys: bool = False) -> tuple[float, list[float], dict[str, float]]:
    """Plays per second with ``tables`` tables logging at once, their latencies, and the CPU
    seconds each process tree of ``measured`` (name -> pid) spent while they played. The tables
    start together once every load process has set its own up, whatever that took."""
    ctx = multiprocessing.get_context("spawn")
    per = [tables // client_processes + (1 if i < tables % client_processes else 0) for i in range(client_processes)]
    ready, results, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    workers = [ctx.Process(target=_load_worker, args=(kind, redis_url, port, n, seconds, i, ready, go, results, keys))
               for i, n in enumerate(per)]
    for worker in workers:
        worker.start()
    for _ in workers:
        ready.get()
    before = {name: cpu_seconds(pid) for name, pid in measured.items()}
    go.set()
    outcomes = [results.get() for _ in workers]
    cpu = {name: cpu_seconds(pid) - before[name] for name, pid in measured.items()}
    for worker in workers:
        worker.join()
    count = sum(r[0] for r in outcomes)
    return count / seconds, [x for r in outcomes for x in r[1]], cpu


def minimal_app(redis_url: str, tables: int, seconds: float, client_processes: int, processes: int,
                concurrency: int, store_pid: int) -> tuple[float, dict[str, float]]:
    """Requests per second of the minimal app under the same load, and its CPU by process tree."""
    port = free_port()
    root = Path(__file__).resolve().parents[1]
    app = subprocess.Popen(
        [str(Path(sys.executable).with_name("granian")), "--interface", "wsgi", "--workers", str(processes),
         "--blocking-threads", str(concurrency), "--port", str(port), "--log-level", "warning",
         "--working-dir", str(root), "bench.minimal_app:app"],
        env=dict(os.environ, REDIS_URL=redis_url), stdout=subprocess.DEVNULL,
    )
    try:
        wait_until_serving(port, app, path="/")
        per_s, _latencies, cpu = throughput("minimal", redis_url, port, tables, seconds, client_processes,
                                            {"app": app.pid, "store": store_pid})
    finally:
        app.terminate()
        app.wait(timeout=30)
    return per_s, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--processes", type=int, default=2, help="API server processes (as courtcard serve)")
    parser.add_argument("--concurrency", type=int, default=2, help="requests at work at once per process (as courtcard serve)")
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--latency-tables", type=int, default=20)
    parser.add_argument("--latency-plays", type=int, default=20, help="timed plays per table at each version")
    parser.add_argument("--appendfsync", choices=APPENDFSYNC_CHOICES, default="everysec",
                        help="when the store fsyncs its append-only file (as courtcard serve --appendfsync)")
    parser.add_argument("--keys", action="store_true", help="send an Idempotency-Key with every play (as the web page does)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(Path(tmp) / "data", appendfsync=args.appendfsync)
        redis_url = server.start()
        api = ServedApi(redis_url, Path(tmp) / "serve.log", "--processes", str(args.processes),
                        "--concurrency", str(args.concurrency))
        try:
            api.wait_ready()  # on another free port if the one picked is taken before it binds it
            port = api.port
            timed = latencies(redis_url, port, (10, 1000), args.latency_tables, args.latency_plays, seed=1, keys=args.keys)
            v10, v1000 = timed[10], timed[1000]
            plays_per_s, loaded, cpu = throughput("api", redis_url, port, args.tables, args.seconds,
                                                  args.client_processes, {"api": api.process.pid, "store": server.pid}, args.keys)
        finally:
            api.stop()
        try:
            minimal_per_s, minimal_cpu = minimal_app(redis_url, args.tables, args.seconds, args.client_processes,
                                                     args.processes, args.concurrency, server.pid)
        finally:
            server.stop()

    plays = plays_per_s * args.seconds
    requests = minimal_per_s * args.seconds
    us = lambda seconds, count: round(seconds * 1e6 / count, 1)  # noqa: E731
    ms = lambda seconds: round(seconds * 1000, 2)  # noqa: E731
    figures = {
        "p50_ms_v10": ms(statistics.median(v10)),
        "p99_ms_v10": ms(percentile(v10, 0.99)),
        "p50_ms_v1000": ms(statistics.median(v1000)),
        "p99_ms_v1000": ms(percentile(v1000, 0.99)),
        "latency_ratio": round(statistics.median(v1000) / statistics.median(v10), 3),
        "plays_per_s_32_tables" if args.tables == 32 else f"plays_per_s_{args.tables}_tables": round(plays_per_s, 1),
        "p99_ms_32_tables" if args.tables == 32 else f"p99_ms_{args.tables}_tables": ms(percentile(loaded, 0.99)),
        "p50_ms_32_tables" if args.tables == 32 else f"p50_ms_{args.tables}_tables": ms(statistics.median(loaded)),
        "api_cpu_us_per_play": us(cpu["api"], plays),
        "minimal_cpu_us_per_play": us(minimal_cpu["app"], requests),
        "cpu_ratio": round(cpu["api"] / plays / (minimal_cpu["app"] / requests), 2),
        "store_cpu_us_per_play": us(cpu["store"], plays),
        "minimal_store_cpu_us_per_play": us(minimal_cpu["store"], requests),
        "minimal_requests_per_s": round(minimal_per_s, 1),
        "samples_v10": len(v10),
        "samples_v1000": len(v1000),
        "api_processes": args.processes,
        "concurrency": args.concurrency,
        "appendfsync": args.appendfsync,
        "keys": args.keys,
        "cpus": os.cpu_count(),
    }
    print(f"one play at v10:   p50 {figures['p50_ms_v10']} ms, p99 {figures['p99_ms_v10']} ms ({len(v10)} plays)")
    print(f"one play at v1000: p50 {figures['p50_ms_v1000']} ms, p99 {figures['p99_ms_v1000']} ms ({len(v1000)} plays)")
    print(f"{args.tables} tables at once: {plays_per_s:.0f} plays/s, p99 {ms(percentile(loaded, 0.99))} ms")
    print(f"CPU per play: API {figures['api_cpu_us_per_play']} us, store {figures['store_cpu_us_per_play']} us; "
          f"minimal app {figures['minimal_cpu_us_per_play']} us a request, store {figures['minimal_store_cpu_us_per_play']} us "
          f"({minimal_per_s:.0f} requests/s): ratio {figures['cpu_ratio']}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
