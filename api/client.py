"""A small HTTP client for the Courtcard API, used by the ``courtcard`` command line."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import requests

# requests (about a tenth of a second to import) is loaded when a client is made: `courtcard
# --version`, `--help` and the offline commands never talk HTTP.

DEFAULT_URL = "http://127.0.0.1:8000"


class ApiError(Exception):
    """The server answered with a problem (or could not be reached)."""

    def __init__(self, status: int, problem: dict[str, Any]) -> None:
        super().__init__(problem.get("detail") or problem.get("title") or f"HTTP {status}")
        self.status, self.problem = status, problem


class TokenBook:
    """Scorekeeper tokens this machine was given, by game id, in a file only its owner can read."""

    def __init__(self, path: Path | None = None) -> None:
        home = Path(os.environ.get("COURTCARD_HOME", Path.home() / ".courtcard"))
        self.path = path or home / "tokens.json"

    def get(self, game_id: str) -> str | None:
        try:
            return json.loads(self.path.read_text()).get(game_id)
        except (FileNotFoundError, json.JSONDecodeError):
            return None

    def put(self, game_id: str, token: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            book = json.loads(self.path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            book = {}
        book[game_id] = token
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(book, indent=1))
        tmp.chmod(0o600)
        tmp.replace(self.path)


class Client:
    def __init__(self, url: str | None = None, tokens: TokenBook | None = None, timeout: float = 30) -> None:
        self.url = (url or os.environ.get("COURTCARD_URL") or DEFAULT_URL).rstrip("/")
        self.tokens = tokens or TokenBook()
        import requests

        self.http = requests.Session()
        self.timeout = timeout

    def request(self, method: str, path: str, token: str | None = None, **kwargs) -> requests.Response:
        import requests

        headers = kwargs.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            response = self.http.request(method, self.url + path, headers=headers, timeout=self.timeout, **kwargs)
        except requests.ConnectionError as exc:
            raise ApiError(0, {"detail": f"Cannot reach Courtcard at {self.url}: is `courtcard serve` running?"}) from exc
        if response.status_code >= 400:
            try:
                problem = response.json()
            except ValueError:
                problem = {"detail": response.text[:200]}
            raise ApiError(response.status_code, problem)
        return response

    def token_for(self, game_id: str) -> str | None:
        return os.environ.get("COURTCARD_TOKEN") or self.tokens.get(game_id)

    def create_game(self, game: str, seats: list[str], options: dict, record: str, private: bool = False) -> dict:
        body = {"game": game, "seats": seats, "options": options, "record": record, "private": private}
        created = self.request("POST", "/games", json=body).json()
        self.tokens.put(created["game_id"], created["token"])
        return created

    def act(self, game_id: str, action: dict, if_match: int | None = None, key: str | None = None,
            words: bool = False) -> dict:
        """Log ``action``; with ``words``, the answer's ``said`` says what it logged, in the game's words."""
        headers = {}
        if if_match is not None:
            headers["If-Match"] = f'"{if_match}"'
        if key:
            headers["Idempotency-Key"] = key
        return self.request("POST", f"/games/{game_id}/actions", token=self.token_for(game_id),
                            json=action, headers=headers, params={"words": "1"} if words else None).json()

    def game(self, game_id: str, view: str = "table", seat: int | None = None) -> dict:
        params = {"view": view} | ({"seat": seat} if seat is not None else {})
        return self.request("GET", f"/games/{game_id}", token=self.token_for(game_id), params=params).json()

    def catalog(self) -> list[dict]:
        """The games this service referees: each one's name, title, actions and their fields."""
        return self.request("GET", "/games/catalog").json()

    def legal(self, game_id: str, seat: int) -> list[dict]:
        return self.request("GET", f"/games/{game_id}/legal", token=self.token_for(game_id),
                            params={"seat": seat}).json()["actions"]

    def scores(self, game_id: str, wait: float = 10) -> dict:
        """The score sheet read model (``ready`` false while it has not caught up within ``wait`` s)."""
        return self.request("GET", f"/games/{game_id}/scores", token=self.token_for(game_id),
                            params={"wait": wait}).json()

    def list_games(self, game: str | None, status: str | None, offset: int, limit: int) -> dict:
        params = {k: v for k, v in {"game": game, "status": status, "offset": offset, "limit": limit}.items() if v is not None}
        return self.request("GET", "/games", params=params).json()

    def file_dispute(self, game_id: str, claim: dict, key: str | None = None) -> dict:
        headers = {"Idempotency-Key": key} if key else {}
        return self.request("POST", f"/games/{game_id}/disputes", token=self.token_for(game_id), json=claim,
                            headers=headers).json()

    def disputes(self, game_id: str) -> dict:
        """The game's disputes (claims and the game's own rulings), one line of summary each, under
        ``disputes`` (``ready`` false while a worker is still making the list)."""
        return self.request("GET", f"/games/{game_id}/disputes", token=self.token_for(game_id)).json()

    def dispute(self, game_id: str, n: int) -> dict:
        """Dispute ``n``'s ruling explained (``ready`` false while a worker is still writing it)."""
        return self.request("GET", f"/games/{game_id}/disputes/{n}", token=self.token_for(game_id)).json()
