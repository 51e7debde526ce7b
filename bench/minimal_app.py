"""The least a play could cost the API: a WSGI app that reads the request's JSON, makes one redis-py
round trip (the game's head, as an append's check reads it) and answers JSON. ``bench/api.py``
serves it with Granian as ``courtcard serve`` serves the API, and measures its CPU per request in
the same run, so that the API's cost reads as a ratio that holds on a loaded machine.

The store's address comes from ``REDIS_URL``.
"""

from __future__ import annotations

import os

import orjson
import redis

_client = redis.Redis.from_url(os.environ["REDIS_URL"])


def app(environ, start_response):
    size = int(environ.get("CONTENT_LENGTH") or 0)
    body = orjson.loads(environ["wsgi.input"].read(size)) if size else {}
    game = environ["PATH_INFO"].split("/")[2] if environ["PATH_INFO"].startswith("/games/") else "none"
    head = _client.hget(f"minimal:{{{game}}}:ids", "")
    out = orjson.dumps({"action": body.get("action"), "head": head.decode() if head else None})
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(out)))])
    return [out]
