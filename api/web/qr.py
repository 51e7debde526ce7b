"""QR codes for joining a table, drawn here as SVG (no network, no image library).

``POST /web/qr`` with ``{"text": "<a link>"}`` answers the link as a QR code. The link is posted,
not put in the address: the scorekeeper's link for a second device carries the game's token (in
its fragment), and a request's address is what server and proxy logs keep; a body is not.
"""

from __future__ import annotations

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response

from api.jsonio import json_body
from api.problems import ApiProblem

bp = Blueprint("qr", __name__)

#: A link to a game's page with its token is under 200 characters; a QR code of this many is still
#: read at arm's length from a phone's screen.
MAX_TEXT = 512


@bp.post("/web/qr")
def qr_svg():
    """The posted ``text`` as an SVG QR code (error correction M: still read with a smudge)."""
    body = json_body()
    text = body.get("text") if isinstance(body, dict) else None
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_TEXT:
        raise ApiProblem(422, f'Send {{"text": "<a link>"}}: a string of 1 to {MAX_TEXT} characters to draw as a QR code.',
                         "invalid_request")
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4,
                         image_factory=qrcode.image.svg.SvgPathImage)
    code.add_data(text)
    svg = code.make_image().to_string(encoding="unicode")
    return Response(svg, 200, {"Cache-Control": "no-store"}, mimetype="image/svg+xml")
