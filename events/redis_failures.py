"""The store's Redis failures said in the store's own errors, so that callers never catch redis-py's."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import redis
from redis.exceptions import RedisClusterException

from events.errors import StoreDiskFullError, StoreFullError, StoreUnavailableError, refused_for_disk

_F = TypeVar("_F", bound=Callable[..., Any])


def translate_unavailable(method: _F) -> _F:
    """Turn "cannot reach Redis" failures into StoreUnavailableError (the API answers 503), "out
    of memory" refusals into StoreFullError and "cannot write to disk" ones into
    StoreDiskFullError (507)."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise StoreUnavailableError(f"the event store cannot be reached: {exc}") from exc
        except (redis.exceptions.ClusterDownError, redis.exceptions.TryAgainError) as exc:
            # A cluster that lost a primary refuses commands until a replica takes over.
            raise StoreUnavailableError(f"the event store's cluster is failing over: {exc}") from exc
        except redis.exceptions.OutOfMemoryError as exc:  # an "OOM" reply: at maxmemory, never evicting
            raise StoreFullError(f"the event store is full and refuses writes: {exc}") from exc
        except redis.ResponseError as exc:
            if refused_for_disk(exc):  # refused before anything ran: a script fails at its first write
                raise StoreDiskFullError(f"the event store cannot write to its disk and refuses writes: {exc}") from exc
            raise
        except RedisClusterException as exc:  # no node of the cluster could be reached to learn its slots
            raise StoreUnavailableError(f"the event store's cluster cannot be reached: {exc}") from exc

    return wrapper  # type: ignore[return-value]
