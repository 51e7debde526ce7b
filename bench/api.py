"""Benchmark: one play through the real API, served as ``courtcard serve`` serves it, on a real valkey-server.

Prints p50/p99 latency of a play at version ~10 and at version ~1,000 (the state cache must make
them cost the same), then plays per second with many tables logging at once. The last line is one
JSON object with the figures.

    .venv/bin/python bench/api.py [--tables 32] [--seconds 10] [--processes 2] [--appendfsync always]

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

NOT_RANDOM = {"end_game", "claim_renege", "take_back", "accept_penalty", "announce_challenge", "undo", "redo", "confirm"}
OPTIONS = {"first_dealer": 0, "target": 10**9}  # never ends: the benchmark decides how long to play


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Table:
    """One game logged over HTTP, with a local copy of its state to pick legal actions from."""

    def __init__(self, redis_url: str, port: int, rng: random.Random) -> None:
        self.rng = rng
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


def wait_until_serving(port: int) -> None:
    """Wait for the API to answer /healthz (a few seconds while its processes start)."""
    for _ in range(200):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the API did not start")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def latencies(redis_url: str, port: int, versions: tuple[int, ...], tables: int, plays_each: int,
              seed: int) -> dict[int, list[float]]:
    """Timed plays on tables set up at each version, taken in turns so that drift in the
    machine's load falls on every version alike."""
    rng = random.Random(seed)
    by_version = {v: [Table(redis_url, port, rng) for _ in range(tables)] for v in versions}
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


def _table_worker(args) -> tuple[int, list[float], float]:
    redis_url, port, tables, seconds, seed, start_at = args
    import threading

    rng = random.Random(seed)
    games = [Table(redis_url, port, random.Random(rng.random())) for _ in range(tables)]
    for table in games:
        table.advance_in_process(12)
        table.warm()
    latencies: list[float] = []
    lock = threading.Lock()
    while time.time() < start_at:  # every process starts logging at the same moment
        time.sleep(0.001)
    deadline = start_at + seconds

    def run(table: Table) -> None:
        mine = []
        while time.time() < deadline:
            mine.append(table.play_one())
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=run, args=(t,)) for t in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(latencies), latencies, seconds


def throughput(redis_url: str, port: int, tables: int, seconds: float, client_processes: int) -> tuple[float, list[float]]:
    per = [tables // client_processes + (1 if i < tables % client_processes else 0) for i in range(client_processes)]
    start_at = time.time() + 3 + tables * 0.15  # time for every process to set up its games
    with multiprocessing.get_context("spawn").Pool(client_processes) as pool:
        results = pool.map(_table_worker, [(redis_url, port, n, seconds, i, start_at) for i, n in enumerate(per)])
    count = sum(r[0] for r in results)
    latencies = [x for r in results for x in r[1]]
    return count / seconds, latencies


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
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(Path(tmp) / "data", appendfsync=args.appendfsync)
        redis_url = server.start()
        port = free_port()
        api = subprocess.Popen(
            [sys.executable, "-m", "api", "serve", "--workers", "0", "--port", str(port),
             "--processes", str(args.processes), "--concurrency", str(args.concurrency)],
            env=dict(os.environ, REDIS_URL=redis_url), stdout=subprocess.DEVNULL,
        )
        try:
            wait_until_serving(port)
            timed = latencies(redis_url, port, (10, 1000), args.latency_tables, args.latency_plays, seed=1)
            v10, v1000 = timed[10], timed[1000]
            plays_per_s, loaded = throughput(redis_url, port, args.tables, args.seconds, args.client_processes)
        finally:
            api.terminate()
            api.wait(timeout=30)
            server.stop()

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
        "samples_v10": len(v10),
        "samples_v1000": len(v1000),
        "api_processes": args.processes,
        "concurrency": args.concurrency,
        "appendfsync": args.appendfsync,
        "cpus": os.cpu_count(),
    }
    print(f"one play at v10:   p50 {figures['p50_ms_v10']} ms, p99 {figures['p99_ms_v10']} ms ({len(v10)} plays)")
    print(f"one play at v1000: p50 {figures['p50_ms_v1000']} ms, p99 {figures['p99_ms_v1000']} ms ({len(v1000)} plays)")
    print(f"{args.tables} tables at once: {plays_per_s:.0f} plays/s, p99 {ms(percentile(loaded, 0.99))} ms")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
