"""Request bodies and Flask's JSON in and out through orjson: every request and reply passes here.

Bodies are read here for every route. One longer than the route reads (``max_content_length``,
see api.app) is refused with a 413, whether it came with a Content-Length or chunked; one that is
not JSON, or nests deeper than any request of the API does, with a 400 problem that says which,
before a schema or the referee sees it.
"""

from __future__ import annotations

from typing import Any

import flask_smorest
import orjson
from flask import Request, request
from flask.json.provider import DefaultJSONProvider
from marshmallow import missing
from werkzeug.exceptions import RequestEntityTooLarge
from webargs.flaskparser import FlaskParser, is_json_request

from api.problems import ApiProblem

#: No request of the API nests deeper than a deal (object, hands, a hand: 3 levels); orjson itself
#: stops at 1024, deeper than Python may safely walk afterwards.
MAX_JSON_DEPTH = 32


class OrjsonProvider(DefaultJSONProvider):
    """orjson is several times faster than the standard json module on the API's envelopes."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return self.dumpb(obj).decode()

    def dumpb(self, obj: Any) -> bytes:
        """The same JSON as bytes, as a response sends it (api.hot_routes)."""
        return orjson.dumps(obj, default=self.default, option=orjson.OPT_NON_STR_KEYS)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)


def request_body() -> bytes:
    """The request's body, whole, or a 413 when it is longer than the route reads.

    Werkzeug refuses a Content-Length over the limit at once, but stops reading a chunked body at
    the limit without a word: a body that fills the limit is refused, never read cut short."""
    data = request.get_data(cache=True)
    limit = request.max_content_length
    if limit is not None and request.content_length is None and len(data) >= limit:
        raise RequestEntityTooLarge()
    return data


def json_body() -> Any:
    """The request's JSON body, or ``missing`` when it sent none (or not as JSON).

    Raises a 400 problem naming what is wrong when the body is not JSON or nests too deep."""
    if not is_json_request(request):
        return missing
    data = request_body()
    if not data.strip():
        return missing
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        if any(word in str(exc).lower() for word in ("depth", "recursion")):  # orjson's words for it
            raise _too_deep() from exc
        raise ApiProblem(400, f"The body is not valid JSON: {exc}.", "invalid_json") from exc
    if nests_deeper_than(value, MAX_JSON_DEPTH):
        raise _too_deep()
    return value


def _too_deep() -> ApiProblem:
    return ApiProblem(400, f"The body nests JSON arrays and objects more than {MAX_JSON_DEPTH} levels deep; "
                      "no request of this API does.", "json_too_deep")


#: The types of JSON's scalars as orjson reads them: a dict holding only these is one level deep.
_SCALARS = frozenset({str, int, float, bool, type(None)})


def nests_deeper_than(value: Any, limit: int) -> bool:
    """Does ``value`` hold arrays or objects more than ``limit`` levels deep? (Walked without recursion.)"""
    if type(value) is dict and limit >= 1 and _SCALARS.issuperset(map(type, value.values())):
        return False  # one level: a table action's body, read on every play (checked in C, no generator)
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


class JsonBodyParser(FlaskParser):
    """webargs' parser, reading JSON bodies through :func:`json_body` (the standard json module
    it uses otherwise overflows Python's stack on a deeply nested body: a 500)."""

    def load_json(self, req: Request, schema) -> Any:
        return json_body()


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint, with request bodies read by :class:`JsonBodyParser`."""

    ARGUMENTS_PARSER = JsonBodyParser()
