"""Benchmark: how long the ``courtcard`` command takes to answer at a table.

Times ``courtcard --version``, ``courtcard --help`` and one ``courtcard log`` (a card played)
against a local ``courtcard serve`` that this script starts (on an embedded store in a temporary
data directory, waited for until it answers, stopped by its pid). Each figure is the median of
``--runs`` runs, wall-clock, with the CPU time (user + system) of the same runs beside it: on a
shared machine the wall-clock also counts the time spent waiting for a core. The last line is
one JSON object with ``version_ms``, ``help_ms`` and ``log_ms`` (and their ``*_cpu_ms``).

    .venv/bin/python bench/cli.py [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.hosts import ServerOnAFreePort  # noqa: E402

COURTCARD = str(Path(sys.executable).with_name("courtcard"))


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds of one ``courtcard`` run (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([COURTCARD, *args], env=env, capture_output=True, text=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"courtcard {' '.join(args)} failed: {done.stdout}{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def median_of(runs: int, args_of, env: dict[str, str]) -> tuple[float, float]:
    figures = [timed(args_of(i), env) for i in range(runs)]
    return (round(statistics.median(f[0] for f in figures), 1), round(statistics.median(f[1] for f in figures), 1))


class Serve(ServerOnAFreePort):
    """``courtcard serve`` (one API process, no worker) on an embedded store in ``data``, on a free
    port (on another one if that one is taken before it binds it: ``wait_ready``)."""

    ready_path = "/healthz"

    def __init__(self, data: Path, log: Path, env: dict[str, str]) -> None:
        self.data, self.log, self.env = data, log, env
        self.launch()

    def start(self, port: int) -> subprocess.Popen:
        with open(self.log, "wb") as log:
            return subprocess.Popen([COURTCARD, "serve", "--port", str(port), "--workers", "0", "--processes", "1",
                                     "--data-dir", str(self.data)], env=self.env, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


#: The players of the Queen's Dungeon game whose cards are logged (Ann deals and calls hearts).
SEATS = ("Ann", "Bob", "Cat", "Dan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env.update(COURTCARD_HOME=str(Path(home) / "home"))
        version = median_of(args.runs, lambda _: ["--version"], env)
        help_ = median_of(args.runs, lambda _: ["--help"], env)
        serve = Serve(Path(home) / "data", Path(home) / "serve.log", env)
        try:
            serve.wait_ready()
            env.update(COURTCARD_URL=f"http://127.0.0.1:{serve.port}")
            created = subprocess.run([COURTCARD, "new", "queens-dungeon", *[a for s in SEATS for a in ("--seat", s)],
                                      "--record", "blind", "--option", "first_dealer=0", "--json"],
                                     env=env, capture_output=True, text=True, check=True)
            game = json.loads(created.stdout)["game_id"]
            for action in (["call_trump", "seat=Ann", "suit=H"], ["deal"]):
                subprocess.run([COURTCARD, "log", game, *action], env=env, capture_output=True, check=True)
            # A blind record takes any card a seat may hold: Bob, left of the dealer, leads the
            # highest club of each trick and wins it, so every trick is played Bob, Cat, Dan, Ann.
            cards = ["AC", "2C", "3C", "4C", "KC", "5C", "6C", "7C", "JC", "8C", "9C", "10C"]
            plays = [["log", game, "play", f"seat={SEATS[(i + 1) % 4]}", f"card={card}"]
                     for i, card in enumerate(cards)]
            if args.runs > len(plays):
                raise SystemExit(f"--runs at most {len(plays)} (one card each)")
            log = median_of(args.runs, lambda i: plays[i], env)
        finally:
            server = serve.process
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGINT)  # serve stops its API processes and its store
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
    figures = {"version_ms": version[0], "help_ms": help_[0], "log_ms": log[0],
               "version_cpu_ms": version[1], "help_cpu_ms": help_[1], "log_cpu_ms": log[1], "runs": args.runs,
               "load_average": round(os.getloadavg()[0], 1)}
    print(f"courtcard --version {version[0]} ms (CPU {version[1]} ms), --help {help_[0]} ms (CPU {help_[1]} ms), "
          f"log {log[0]} ms (CPU {log[1]} ms): medians of {args.runs} runs")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
