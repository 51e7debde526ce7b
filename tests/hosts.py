"""The API as it is deployed, for the tests: `courtcard serve` processes on the suite's Redis, and a
client that spreads requests over them.

`courtcard serve` runs several API processes (two by default), and a league runs several hosts;
any of them may serve any request. A process that decided on what it remembers instead of the
record would refuse legal actions or show an old table only when the request before went to
another process, so the API and CLI tests run against two `courtcard serve` instances (each
with its default processes) and :class:`RoundRobinClient` sends each request to the next one:
every test sees every request served by another process than the one before it.
"""

from __future__ import annotations

import json as jsonlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import requests

#: How long a `courtcard serve` may take to answer (a set-up allowance: a slow fresh machine
#: with every xdist worker starting its hosts at once needs far more than a quiet one).
START_TIMEOUT_S = 180
#: Starts of `courtcard serve` on another free port when the one picked was taken meanwhile.
PORT_ATTEMPTS = 3


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerOnAFreePort:
    """A server process started on a port that was free when it was picked. Another process (another
    xdist worker's server, a client's ephemeral port) may take that port before the server binds it:
    :meth:`wait_ready` makes a start refused for that again on another port. A subclass says how to
    start it on a port (:meth:`start`), what it answers once it serves (:attr:`ready_path`, or
    :meth:`serves`) and what it said (:meth:`output`); it calls :meth:`launch` to start it, and may
    start others meanwhile."""

    port: int
    process: subprocess.Popen
    #: What the server answers with 200 once it serves.
    ready_path = "/openapi.json"

    def launch(self) -> None:
        self.port = free_port()
        self.process = self.start(self.port)

    def start(self, port: int) -> subprocess.Popen:
        raise NotImplementedError

    def serves(self) -> bool:
        """True once the process serves on its port; False if it exited first."""
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                answered = requests.get(f"http://127.0.0.1:{self.port}{self.ready_path}", timeout=2).status_code == 200
            except requests.RequestException:
                answered = False
            # Another process's server may answer on the port this one failed to bind: only an
            # answer while this process still runs counts.
            if answered and self.process.poll() is None:
                return True
            time.sleep(0.1)
        raise RuntimeError(f"courtcard serve did not answer within {START_TIMEOUT_S} s")

    def output(self) -> str:
        """What the process, which has exited, said."""
        raise NotImplementedError

    def wait_ready(self) -> None:
        """Wait until the process serves; start it again on another port if its port was taken."""
        for attempt in range(PORT_ATTEMPTS):
            if self.serves():
                return
            said = self.output()
            if "in use" not in said.lower() or attempt == PORT_ATTEMPTS - 1:
                raise RuntimeError(f"courtcard serve exited: {said}")
            self.launch()


class ServedApi(ServerOnAFreePort):
    """One `courtcard serve --workers 0` (the API processes alone) on ``redis_url``."""

    def __init__(self, redis_url: str, log_path: Path, *extra: str, env: dict[str, str] | None = None) -> None:
        self._env = dict(os.environ, REDIS_URL=redis_url, **(env or {}))
        self._extra = extra
        self.log_path = log_path
        self._log = None
        self.launch()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, port: int) -> subprocess.Popen:
        if self._log is not None:
            self._log.close()
        self._log = open(self.log_path, "wb")
        return subprocess.Popen(
            [sys.executable, "-m", "api", "serve", "--workers", "0", "--port", str(port), *self._extra],
            env=self._env, stdout=self._log, stderr=subprocess.STDOUT)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()


class Reply:
    """An HTTP reply, read the way Flask's test client reads one (so tests can use either)."""

    def __init__(self, response: requests.Response) -> None:
        self.status_code = response.status_code
        self.headers = response.headers
        self.data = response.content
        self.mimetype = (response.headers.get("Content-Type") or "").split(";")[0].strip()
        self.content_type = response.headers.get("Content-Type")

    @property
    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")

    def get_data(self, as_text: bool = False) -> bytes | str:
        return self.text if as_text else self.data

    def get_json(self) -> Any:
        return jsonlib.loads(self.data) if self.data else None

    @property
    def json(self) -> Any:
        return self.get_json()


class RoundRobinClient:
    """Flask-test-client-shaped calls (``get``, ``post``, ... with ``json=``, ``headers=``,
    ``query_string=``, ``data=``), each sent over real HTTP to the next of ``urls``."""

    def __init__(self, urls: list[str]) -> None:
        self.urls = urls
        self.sessions = [requests.Session() for _ in urls]
        self.turn = 0

    def open(self, path: str, method: str = "GET", json: Any = None, data: Any = None,
             headers: dict | None = None, query_string: dict | None = None,
             content_type: str | None = None, **_ignored: Any) -> Reply:
        i, self.turn = self.turn, (self.turn + 1) % len(self.urls)
        headers = dict(headers or {})
        if content_type:
            headers["Content-Type"] = content_type
        response = self.sessions[i].request(method, self.urls[i] + path, json=json, data=data, headers=headers,
                                            params=query_string, timeout=60)
        return Reply(response)

    def get(self, path: str, **kwargs: Any) -> Reply:
        return self.open(path, "GET", **kwargs)

    def post(self, path: str, **kwargs: Any) -> Reply:
        return self.open(path, "POST", **kwargs)

    def put(self, path: str, **kwargs: Any) -> Reply:
        return self.open(path, "PUT", **kwargs)

    def patch(self, path: str, **kwargs: Any) -> Reply:
        return self.open(path, "PATCH", **kwargs)

    def delete(self, path: str, **kwargs: Any) -> Reply:
        return self.open(path, "DELETE", **kwargs)

    def close(self) -> None:
        for session in self.sessions:
            session.close()
