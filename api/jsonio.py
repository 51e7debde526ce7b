"""Flask's JSON in and out through orjson: every request and reply of the API passes here."""

from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider


class OrjsonProvider(DefaultJSONProvider):
    """orjson is several times faster than the standard json module on the API's envelopes."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj, default=self.default, option=orjson.OPT_NON_STR_KEYS).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)
