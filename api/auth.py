"""Checking the scorekeeper's token a request presents (tokens are made and kept by
:mod:`workers.catalog`, as a hash)."""

from __future__ import annotations

from collections.abc import Callable

from flask import request

from api.director import is_director_key
from api.problems import ApiProblem
from api.services import services
from referee.game import record_has_secrets
from referee.registry import get_game
from referee.service import GameNotFoundError
from workers.catalog import CatalogEntry, GameCatalog


def presented_token() -> str | None:
    return token_of(request.headers.get("Authorization"))


def token_of(header: str | None) -> str | None:
    """The bearer token an ``Authorization`` header presents, if any."""
    scheme, _, token = (header or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def require_scorekeeper(entry: CatalogEntry, director: bool = False) -> str:
    """Writes (and director views, and reads of private games) need the game's token; where
    ``director`` is True (reading, disputing) the director's key will do too (``api.director``).
    Returns who presented it: ``"scorekeeper"`` or ``"director"``.

    A private game is not there for a request without its token or the director's key: it is
    answered as an unknown id is (404 ``game_not_found``, the same words), never 401 or 403,
    which would tell a watcher that the game exists."""
    token = presented_token()
    if token is not None and (entry.token_matches(token) or _fresh_entry_matches(entry.game_id, token)):
        return "scorekeeper"
    director_key = token is not None and is_director_key(token)
    if director and director_key:
        return "director"
    if entry.private and not director_key:
        raise GameNotFoundError(entry.game_id)
    if token is None:
        raise ApiProblem(401, f"Game {entry.game_id} needs its scorekeeper's token: "
                         "send 'Authorization: Bearer <token>'.", "token_required",
                         headers={"WWW-Authenticate": 'Bearer realm="courtcard"'})
    raise ApiProblem(403, f"That token is not the scorekeeper's token for game {entry.game_id}.",
                     "token_rejected")


def require_director() -> None:
    """The director's desk needs the director's key (``api.director``)."""
    token = presented_token()
    if token is None:
        raise ApiProblem(401, "The director's desk needs the director's key, kept in the service's data directory "
                         "(data/director-key): send 'Authorization: Bearer <key>'.", "token_required",
                         headers={"WWW-Authenticate": 'Bearer realm="courtcard"'})
    if not is_director_key(token):
        raise ApiProblem(403, "That is not the director's key of this service (data/director-key).", "token_rejected")


def require_owner(tokens: GameCatalog, record_id: str, what: str, not_found: Exception,
                  also: Callable[[str], str | None] | None = None) -> str:
    """A record of its own (a session, a league) takes its director's token or the director's key:
    returns ``"owner"`` or ``"director"``, or what ``also`` says another token is (an appeal's table
    scorekeeper). An unknown id raises ``not_found``; a token none of these is 401 or 403 naming
    ``what`` ("session S"), refused only on the stored entry."""
    entry = tokens.get(record_id)
    if entry is None:
        raise not_found
    token = presented_token()
    if token is None:
        raise ApiProblem(401, f"{what.capitalize()} needs its director's token: send 'Authorization: Bearer <token>'.",
                         "token_required", headers={"WWW-Authenticate": 'Bearer realm="courtcard"'})
    if entry.token_matches(token):
        return "owner"
    if is_director_key(token):
        return "director"
    other = also(token) if also is not None else None
    if other is not None:
        return other
    stored = tokens.get(record_id, fresh=True)
    if stored is not None and stored.token_matches(token):
        return "owner"
    raise ApiProblem(403, f"That token is not the director's token of {what}.", "token_rejected")


def _fresh_entry_matches(game_id: str, token: str) -> bool:
    """A token is refused on the stored entry, never on one this process remembers."""
    entry = services().catalog.get(game_id, fresh=True)
    return entry is not None and entry.token_matches(token)


def require_reader(entry: CatalogEntry) -> None:
    """A private game is read with its token or the director's key; to anyone else it is unknown."""
    if entry.private:
        require_scorekeeper(entry, director=True)


def reads_full_record(entry: CatalogEntry, finished: bool) -> bool:
    """May this request read every event payload of the game?

    A known record in progress holds hands the table has not seen yet (and, in Black Queen, who
    the hidden partners are), so only the scorekeeper reads its payloads until the game ends.
    A blind record holds nothing the table has not seen, unless its game says it logs what one
    player alone saw (``referee.game.record_has_secrets``).
    """
    if finished or not record_has_secrets(get_game(entry.game), entry.record):
        return True
    token = presented_token()
    return token is not None and (entry.token_matches(token) or _fresh_entry_matches(entry.game_id, token)
                                  or is_director_key(token))


def require_full_record(entry: CatalogEntry, finished: bool) -> None:
    if not reads_full_record(entry, finished):
        require_scorekeeper(entry, director=True)
