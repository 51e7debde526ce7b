"""GET /signing-key: the public key this service signs its exported records with.

The key is made on first use in the data directory (``COURTCARD_DATA``, default ``./data``), which
every API process of one ``courtcard serve`` shares, also when ``REDIS_URL`` names an external
server: see ``events.signing``.
"""

from __future__ import annotations

import threading

import marshmallow as ma
from flask import current_app
from flask.views import MethodView
from flask_smorest import Blueprint

from events.server import default_data_dir
from events.signing import ALGORITHM, RecordSigner, load_or_create_signer

blp = Blueprint("signing", __name__, url_prefix="/signing-key", description="Who recorded an exported file")

_made = threading.Lock()


def record_signer() -> RecordSigner:
    """This service's signing key, loaded (or made) once per process."""
    extensions = current_app.extensions
    with _made:
        if "courtcard_signer" not in extensions:
            extensions["courtcard_signer"] = load_or_create_signer(current_app.config.get("COURTCARD_DATA") or default_data_dir())
        return extensions["courtcard_signer"]


class SigningKeySchema(ma.Schema):
    algorithm = ma.fields.String(metadata={"description": "always ed25519"})
    public_key = ma.fields.String(metadata={"description": "base64 of the 32-byte public key: `courtcard verify FILE --key KEY`"})


@blp.route("")
class SigningKey(MethodView):
    @blp.response(200, SigningKeySchema)
    def get(self):
        """The public key of this service's signature on exported records.

        `courtcard verify FILE --key KEY` with it says whether FILE was exported by this service and
        is unaltered since, and whether the service recorded the game or imported it (then when,
        from a file with which SHA-256); without a key, verification proves a record consistent and
        correctly refereed, not who recorded it."""
        return {"algorithm": ALGORITHM, "public_key": record_signer().public_key}
