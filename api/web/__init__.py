"""The scorekeeper's page: a plain HTML/CSS/JavaScript client of the public API, served by the app.

The page holds no rules: every card it enables comes from ``/games/{id}/legal`` and everything it
shows comes from the game's views, so a referee change never needs a page change. All its files
are served from here (no CDN, no external fonts), so it works on a table's local network.
"""

from __future__ import annotations

from flask import Blueprint, Flask, render_template, send_from_directory

bp = Blueprint("web", __name__, template_folder="templates", static_folder="static",
               static_url_path="/web/static")


@bp.get("/")
def start_page():
    """Create a game or open one by id."""
    return render_template("web/start.html")


@bp.get("/play/<game_id>")
def play_page(game_id: str):
    """Log (with the game's token) or watch (without it) one game."""
    return render_template("web/play.html", game_id=game_id)


@bp.get("/director")
def director_page():
    """The director's desk: every game in progress, live."""
    return render_template("web/director.html")


@bp.get("/director/<game_id>")
def director_game_page(game_id: str):
    """One game as the director sees it, with its disputes."""
    return render_template("web/director_game.html", game_id=game_id)


@bp.get("/session/<session_id>")
def session_page(session_id: str):
    """A session's page: its rounds, its tables by number and their games, and the standings (no token)."""
    from api.club_pages import session_page as page
    from api.resources.sessions import session_json
    from api.services import services

    club = services().club
    return page(session_json(session_id, club.session(session_id)), club.standings_page(session_id, "html"),
                club.standings(session_id)["results"])


@bp.get("/standings/<session_id>")
def standings_page(session_id: str):
    """A session's standings as a page to print or publish on a website (no token)."""
    from api.services import services

    return services().club.standings_page(session_id, "html")


@bp.get("/player/<player_id>")
def player_page(player_id: str):
    """A player's page: names, games, ratings and disputes (no token; never a hand, never a private game)."""
    from api.club_pages import player_page as page
    from api.services import services

    return page(services().club.player_page(player_id))


@bp.get("/sw.js")
def service_worker():
    """The pages' service worker (static/sw.js), which lets a page reload with no network. Served
    from the root, since a service worker covers only the pages under its own address; asked again
    on every visit, so a new version of the pages replaces it at once."""
    return send_from_directory(bp.static_folder, "sw.js", mimetype="text/javascript", max_age=0)


def register(app: Flask) -> None:
    """Serve the pages (``/``, ``/play/<game_id>``, ``/director``), their files under
    ``/web/static``, their service worker (``/sw.js``), and the QR codes they show (``api.web.qr``)."""
    from api.web.qr import bp as qr

    app.register_blueprint(bp)
    app.register_blueprint(qr)
