"""The club's roster: players who persist from one game and one night to the next.

A player has an id, a display name, an optional member number and aliases. Two entries that turn
out to be one person are merged by an event: nothing is rewritten, and whatever names the merged
id (a seating, a result) counts for the player it was merged into (:meth:`Roster.resolve`).

    >>> roster = Roster()
    >>> for e in (PlayerAdded("p1", "Ann Lee", "17", []), PlayerAdded("p2", "Annie", None, []),
    ...           PlayersMerged("p1", "p2", "one person")):
    ...     roster.apply(e)
    >>> roster.resolve("p2"), roster.find("annie"), sorted(roster.players["p1"].aliases)
    ('p1', 'p1', ['Annie'])
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Optional

from events.registry import event_type
from referee.club.errors import ClubError
from referee.seat_names import check_seat_names
from referee.frozen import frozen as _frozen


#: The id of the one stream that holds the club's roster.
ROSTER_STREAM = "roster"
#: A guest (no roster entry) is named in a seating as ``guest:<name>``.
GUEST = "guest:"


@event_type("PlayerAdded", version=1)
@_frozen
class PlayerAdded:
    """A player joined the roster."""

    player_id: str
    name: str
    member_number: Optional[str]
    aliases: list[str]


@event_type("PlayerAliasAdded", version=1)
@_frozen
class PlayerAliasAdded:
    """Another name a player is known by."""

    player_id: str
    alias: str


@event_type("PlayersMerged", version=1)
@_frozen
class PlayersMerged:
    """Two entries are one person: ``merged`` counts as ``kept`` from now on, in all history."""

    kept: str
    merged: str
    reason: str


@dataclass
class Player:
    player_id: str
    name: str
    member_number: str | None
    aliases: list[str] = field(default_factory=list)
    merged_into: str | None = None

    def to_json(self) -> dict:
        return {"player_id": self.player_id, "name": self.name, "member_number": self.member_number,
                "aliases": list(self.aliases), "merged_into": self.merged_into}


class Roster:
    """The roster folded from its events (``apply``), and the checks that refuse a bad entry."""

    def __init__(self) -> None:
        self.players: dict[str, Player] = {}
        self.version = 0

    def apply(self, event: object) -> None:
        self.version += 1
        if isinstance(event, PlayerAdded):
            self.players[event.player_id] = Player(event.player_id, event.name, event.member_number, list(event.aliases))
        elif isinstance(event, PlayerAliasAdded):
            self.players[event.player_id].aliases.append(event.alias)
        elif isinstance(event, PlayersMerged):
            merged = self.players[event.merged]
            merged.merged_into = event.kept
            kept = self.players[event.kept]
            # The merged entry's names now find the kept player.
            kept.aliases.extend(n for n in (merged.name, *merged.aliases) if n not in kept.aliases)
        else:
            raise ValueError(f"{type(event).__name__} is no roster event")

    def resolve(self, player_id: str) -> str:
        """The id a player counts as, after every merge (a guest stays a guest)."""
        seen = set()
        while player_id in self.players and self.players[player_id].merged_into and player_id not in seen:
            seen.add(player_id)
            player_id = self.players[player_id].merged_into
        return player_id

    def active(self) -> list[Player]:
        """Players not merged into another, in the order they joined."""
        return [p for p in self.players.values() if p.merged_into is None]

    def name_of(self, player_id: str) -> str:
        """The display name of a player id or a guest."""
        if player_id.startswith(GUEST):
            return player_id[len(GUEST):]
        return self.players[self.resolve(player_id)].name

    def find(self, text: str) -> str:
        """The player an id, a name or an alias names (case-insensitive), after merges; a guest as
        ``guest:<name>``. Raises ``unknown_player`` with the nearest names ("did you mean")."""
        if text.startswith(GUEST):
            check_seat_names([text[len(GUEST):]])
            return text
        if text in self.players:
            return self.resolve(text)
        wanted = text.strip().casefold()
        for player in self.active():
            if wanted in (n.casefold() for n in (player.name, *player.aliases)):
                return player.player_id
        names = [n for p in self.active() for n in (p.name, *p.aliases)]
        near = difflib.get_close_matches(text, names, n=3, cutoff=0.6)
        hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        raise ClubError(f"No player on the roster is called {text!r}.{hint} A player not on the roster "
                        f"sits as a guest: 'guest:{text}'.", code="unknown_player", legal=near or None)

    def check_new(self, name: str, member_number: str | None, aliases: list[str]) -> None:
        """Refuse a new player whose name, alias or member number another player already has."""
        check_seat_names([name, *aliases])
        taken = {n.casefold(): p.player_id for p in self.active() for n in (p.name, *p.aliases)}
        for text in (name, *aliases):
            if text.casefold() in taken:
                raise ClubError(f"{text!r} is already on the roster (player {taken[text.casefold()]}): give "
                                "another name, or add an alias to that player.", code="player_exists")
        if member_number is not None:
            for p in self.active():
                if p.member_number == member_number:
                    raise ClubError(f"Member number {member_number!r} is already {p.name}'s (player {p.player_id}).",
                                    code="player_exists")

    def check_merge(self, kept: str, merged: str) -> None:
        """Two distinct players, both on the roster and neither merged already."""
        for pid in (kept, merged):
            if pid not in self.players:
                raise ClubError(f"There is no player with id {pid!r} on the roster.", code="unknown_player")
            if self.players[pid].merged_into is not None:
                raise ClubError(f"Player {pid} was already merged into {self.players[pid].merged_into}.",
                                code="invalid_merge")
        if kept == merged:
            raise ClubError(f"A player cannot be merged into itself ({kept}).", code="invalid_merge")
