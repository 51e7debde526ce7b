"""Imports of a 15 MB history: the memory one takes, and the tables' service while several arrive.

    .venv/bin/python bench/imports.py [--hands 265] [--uploads 4] [--file game.jsonl]

A random Queen's Dungeon game of ``--hands`` hands (265: about 15.5 MB and 33,000 events, near the
16 MiB an import may be) is recorded on a private embedded server and exported as ``jsonl``. Then:

* memory: a fresh process makes the app (``api.app.create_app``) and imports the file through
  ``POST /imports``, its body streamed as a server hands it over; it prints the process's peak RSS
  before and after, and the seconds the import took (the referee decides every event again);
* service: ``courtcard serve --workers 0`` (its default API processes) is sent ``--uploads``
  imports of the file at once, anonymously, while ``/healthz`` is asked every 0.2 s; it prints what
  each upload was answered (201, 200 for the same file again, 503 ``imports_busy`` beyond what a
  process reads at once), the slowest ``/healthz`` answer, and the API processes' peak RSS.

The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402

from events.server import EmbeddedServer, redis_from_url  # noqa: E402
from events.store import EventStore  # noqa: E402
from tests.hosts import ServedApi  # noqa: E402
from tests.workers.longgame import random_game_events, record_game  # noqa: E402
from workers.exports import history, jsonl_lines  # noqa: E402

#: Run in a fresh process, so that its peak RSS is the import's and nothing else's.
MEASURE = r"""
import io, json, resource, sys, time
from api.app import create_app
app = create_app({"REDIS_URL": sys.argv[1], "TESTING": True})
client = app.test_client()
client.get("/signing-key")  # everything loaded once before measuring
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started = time.perf_counter()
with open(sys.argv[2], "rb") as body:
    reply = client.post("/imports", input_stream=body, content_length=int(sys.argv[3]),
                        content_type="text/plain" if sys.argv[2].endswith(".txt") else "application/x-ndjson")
seconds = time.perf_counter() - started
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"status": reply.status_code, "seconds": round(seconds, 1),
                  "rss_before_mb": round(before / 1024), "rss_peak_mb": round(after / 1024)}))
"""


def exported_file(url: str, hands: int, directory: Path) -> Path:
    store = EventStore(redis_from_url(url))
    events = random_game_events(hands=hands, seed=7)
    record_game(store, "bench-import", events)
    envelopes, head = history(store, "bench-import")
    path = directory / "game.jsonl"
    with open(path, "wb") as out:
        out.writelines(jsonl_lines(envelopes, "bench-import", head))
    store.redis.flushdb()  # the service imports it as a game it has not seen
    return path


def memory(url: str, path: Path) -> dict:
    result = subprocess.run([sys.executable, "-c", MEASURE, url, str(path), str(path.stat().st_size)],
                            capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def service(url: str, path: Path, uploads: int, directory: Path) -> dict:
    host = ServedApi(url, directory / "serve.log")
    slowest, answers, stop = [0.0], [], threading.Event()
    try:
        host.wait_ready()
        data = path.read_bytes()

        def ask_health() -> None:
            while not stop.is_set():
                started = time.perf_counter()
                requests.get(f"{host.url}/healthz", timeout=120)
                slowest[0] = max(slowest[0], time.perf_counter() - started)
                time.sleep(0.2)

        def upload() -> None:
            reply = requests.post(f"{host.url}/imports", data=data, timeout=300,
                                  headers={"Content-Type": "application/x-ndjson"})
            answers.append(reply.status_code)

        health = threading.Thread(target=ask_health)
        health.start()
        started = time.perf_counter()
        threads = [threading.Thread(target=upload) for _ in range(uploads)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - started
        stop.set()
        health.join()
        rss = _children_peak_rss_mb(host.process.pid)
    finally:
        host.stop()
    return {"answers": sorted(answers), "seconds": round(seconds, 1), "slowest_healthz_s": round(slowest[0], 2),
            "api_process_peak_rss_mb": rss}


def _children_peak_rss_mb(pid: int) -> list[int]:
    """The peak RSS (VmHWM) of each API process under ``courtcard serve``'s ``pid``."""
    peaks = []
    for child in Path("/proc").iterdir():
        try:
            status = (child / "status").read_text()
        except (OSError, ValueError):
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if fields.get("PPid", "").strip() in (str(pid),) and "VmHWM" in fields:
            peaks.append(round(int(fields["VmHWM"].split()[0]) / 1024))
    return sorted(peaks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=265)
    parser.add_argument("--uploads", type=int, default=4)
    parser.add_argument("--file", type=Path, help="import this jsonl file instead of a game made here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        server = EmbeddedServer(directory / "valkey")
        server.start()
        try:
            path = args.file or exported_file(server.url, args.hands, directory)
            size_mb = round(path.stat().st_size / 1e6, 1)
            print(f"file: {size_mb} MB, {sum(1 for _ in open(path, 'rb')) - 1} events")
            one = memory(server.url, path)
            print(f"one import in a fresh process: {one}")
            redis_from_url(server.url).flushdb()
            many = service(server.url, path, args.uploads, directory)
            print(f"{args.uploads} imports at once on courtcard serve: {many}")
        finally:
            server.stop()
    print(json.dumps({"file_mb": size_mb, "import_s": one["seconds"], "import_peak_rss_mb": one["rss_peak_mb"],
                      "rss_before_mb": one["rss_before_mb"], **{f"serve_{k}": v for k, v in many.items()}}))


if __name__ == "__main__":
    main()
