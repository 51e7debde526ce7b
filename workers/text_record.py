"""The text record of a game, in the spirit of PGN: tag pairs, then the table's actions, then the chain.

One writer and one reader for every game. The moves are the table's actions, written in the words
a scorekeeper types (``courtcard log GAME play seat=Bob card=QS`` is the move ``Bob play QS``):
the player, the action's name, its first field bare and the others as ``field=value``. Everything
the referee made in answer (a trick won, a ruling, a score, the end) is a ``{comment}`` in words
after the move, so the notation itself holds only what the table did; reading it back decides
every action again and so makes the referee's events anew. Lines starting with ``%`` hold the hash
chain (each event's id, time, actor, command and hash, and the salts of hidden cards, which are
commitments and no move), the head and the exporting service's signature. With them, a record read
back must give the very events, hashes, tags and moves it says; without them it is read as a record
of the table's actions alone, refereed afresh. The comments (and the tags in words) are a reading
aid, not part of what is verified: a release may word them anew, so a record read back is told
where its words differ from today's, and never refused for them. The format is described in
docs/records.md.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import uuid
from collections.abc import Iterator, Sequence
from datetime import datetime, timezone
from typing import Any

from events.chain import head_record
from events.envelope import GENESIS_HASH, Envelope, canonical_json, envelope_hash
from events.registry import registry as event_registry
from referee.errors import InputError
from referee.events import GameCreated
from referee.game import Game
from referee.redecide_batches import as_recorded
from referee.registry import get_game
from referee.seat_names import escape_unseen
from workers.imports import ImportRejected
from workers.naming import seat_names
from workers.record_words import carries_verdict, result_words, sentence

#: The tags the reader needs, in the order they are written; the others say what the moves give.
_READ_TAGS = ("Game", "GameId", "Players", "Record", "Options")
#: The tags written in words for people: like the comments, a reading aid a release may word anew,
#: except for the facts they carry, which are verified: the game id in ``Event`` ("Dungeon, game
#: <id>") and who won in ``Result`` ("Dan wins", before the reason's words in brackets).
_WORDED_TAGS = ("Event", "Site", "Result")
_TAG = re.compile(r"\[([A-Za-z]+)\s+(.*)\]")
#: The facts of a tag in words: the game id of Event, the winners of Result (all of "*").
_TAG_FACTS = {"Event": re.compile(r".*(, game \S+\")$"), "Result": re.compile(r"(.*?)(?: \([^()]*\))?(\")$")}
_BARE = re.compile(r"[\w#.\-]+")  # \w: letters of any script, so "Zoë" stays a name
#: The bare words JSON (as Python reads it) takes for something other than a string.
_JSON_WORD = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null|NaN|-?Infinity")
_LINE_WIDTH = 100
#: Deciding draws nothing that counts: chance is in the moves, salts in the chain (as ``referee.redecide_record``).
_SEED = 0


# ------------------------------------------------------------------ writing


def write_text(envelopes: Sequence[Envelope], head: tuple[int, str], signature: dict | None = None) -> str:
    """The text record of a game's envelopes (version order, typed) with its chain, its ``head``
    (version, hash) and the exporting service's ``signature`` when there is one."""
    events = [_typed(e) for e in envelopes]
    first = events[0]
    if not isinstance(first, GameCreated):
        raise ValueError(f"a game's record starts with GameCreated, not {envelopes[0].type}")
    game = get_game(first.game)
    names = seat_names(list(envelopes))
    seats = _seat_tokens(names, game)
    lines = [f"[{k} {v}]" for k, v in _tags(game, first, envelopes, names).items()]
    lines.append("")
    current: list[str] = []
    hand = None
    for command, batch, own in _batches(game, events, envelopes):
        if command is None:  # the opening: what the options set
            lines.append(_comment(batch, names, game))
            continue
        number = batch[own].payload.get("hand")
        if number is not None and number != hand:
            if current:
                lines.append("; ".join(current))
                current = []
            lines.append(f"{{Hand {number}}}")
            hand = number
        current.append(_move(game, command, seats))
        rest = [e for i, e in enumerate(batch) if i != own or carries_verdict(e)]
        if rest:
            lines.append("; ".join(current) + " " + _comment(rest, names, game))
            current = []
        elif len("; ".join(current)) > _LINE_WIDTH:
            lines.append("; ".join(current))
            current = []
    if current:
        lines.append("; ".join(current))
    lines.append("")
    lines.append("% chain: version event_id recorded_at actor command_id hash, then the salts of hidden cards")
    for envelope, event in zip(envelopes, events):
        fields = [envelope.version, envelope.event_id, envelope.recorded_at, envelope.actor, envelope.command_id,
                  envelope.hash]
        salts = [f"{k}={_value(v)}" for k, v in _commitments(event).items()]
        lines.append("% " + " ".join([*map(_value, fields), *salts]))
    lines.append(f"% head {head[0]} {head[1]}")
    if signature is not None:
        lines.append("% signature " + canonical_json(signature).decode())
    return "\n".join(lines) + "\n"


def _tags(game: Game, first: GameCreated, envelopes: Sequence[Envelope], names: list[str]) -> dict[str, str]:
    state = game.initial_state()
    for envelope in envelopes:
        state = game.apply(state, _typed(envelope))
    return {
        "Event": _quote(f"{game.title}, game {envelopes[0].game_id}"),
        "Site": _quote("Courtcard"),
        "Date": _quote(envelopes[0].recorded_at[:10].replace("-", ".")),
        "Game": _quote(first.game),
        "GameId": _quote(envelopes[0].game_id),
        "Players": " ".join(_quote(n) for n in first.seats),
        "Record": _quote(first.record),
        "Options": _quote(canonical_json(first.options).decode()),
        "Result": _quote(result_words(game.outcome(state), names)),
    }


def _batches(game: Game, events: list[Any], envelopes: Sequence[Envelope]
             ) -> Iterator[tuple[Any, list[Envelope], int]]:
    """(command, the batch's envelopes, the index of the event that records the command) for each
    table action, after (None, the opening, -1). Batches are cut where ``decide`` cuts them, as
    ``referee.redecide_record`` does, since one action may make several table-action-like events."""
    first = events[0]
    opening = len(game.start(first.options, list(first.seats), first.record, random.Random(_SEED)))
    state = game.initial_state()
    for event in events[:opening]:
        state = game.apply(state, event)
    yield None, list(envelopes[:opening]), -1
    rng = random.Random(_SEED)
    start = opening
    while start < len(events):
        at = next((i for i in range(start, len(events)) if game.command_of(events[i]) is not None), None)
        if at is None:
            raise ValueError(f"event {start + 1} ({type(events[start]).__name__}) follows no table action")
        command = game.command_of(events[at])
        size = len(game.decide(state, command, rng))
        for event in events[start:start + size]:
            state = game.apply(state, event)
        yield command, list(envelopes[start:start + size]), at - start
        start += size


def _move(game: Game, command: Any, seats: dict[int, str]) -> str:
    action = game.action_of(command)
    schema = game.command_schemas[action]
    body = {k: v for k, v in schema.dump(command).items() if v is not None}
    words = []
    if "seat" in body:
        seat = body.pop("seat")
        words.append(seats.get(seat, f"@{seat}"))
    words.append(action)
    fields = [f for f in schema.fields if f != "seat"]
    if fields and fields[0] in body and not isinstance(body[fields[0]], dict):
        words.append(_value(body.pop(fields[0])))
    words.extend(f"{k}={_value(v)}" for k, v in body.items())
    return " ".join(words)


def _seat_tokens(names: list[str], game: Game) -> dict[int, str]:
    """How each seat is written in a move: its name when that reads as one word no action has,
    else ``@N``."""
    out = {}
    for seat, name in enumerate(names):
        plain = (_BARE.fullmatch(name) and names.count(name) == 1 and name not in game.command_schemas
                 and not name.startswith("@") and _is_text(name))
        out[seat] = name if plain else f"@{seat}"
    return out


def _comment(envelopes: Sequence[Envelope], names: list[str], game: Any) -> str:
    """The events' words, kept inside their braces: a name holding a brace or a newline (a record of
    an earlier release may) can neither close the comment nor start a line of its own."""
    said = escape_unseen(" ".join(sentence(e, names, game=game) for e in envelopes))
    return "{" + said.replace("{", "(").replace("}", ")") + "}"


def _commitments(event: Any) -> dict[str, Any]:
    """The fields of an event that are commitments, not decisions (a hidden card's salt)."""
    return {f.name: getattr(event, f.name) for f in dataclasses.fields(event) if not f.compare}


def _value(value: Any) -> str:
    if isinstance(value, str) and _BARE.fullmatch(value) and _is_text(value):
        return value
    return canonical_json(value).decode()


def _quote(text: str) -> str:
    """``text`` as a JSON string: JSON escapes quotes and C0 controls, ``escape_unseen`` the rest
    (a bidi override, a line separator), which JSON reads back as the characters themselves."""
    return escape_unseen(json.dumps(text, ensure_ascii=False))


def _is_text(word: str) -> bool:
    """True when a bare word reads back as the string itself (not a number, true, false or null)."""
    return _JSON_WORD.fullmatch(word) is None


def _typed(envelope: Envelope) -> Any:
    if envelope.event is not None:
        return envelope.event
    return event_registry.decode(envelope.type, envelope.schema_version, envelope.payload)


# ------------------------------------------------------------------ reading


@dataclasses.dataclass
class ReadRecord:
    """A text record read back: the ``jsonl`` lines it stands for (envelopes and the head line,
    for ``workers.imports``), the text's line of each of those lines, to name it in a refusal,
    whether the text carried its chain (without it, the events are made afresh: nothing to verify),
    and, with its chain, the lines whose words for people differ from today's (``line``, what it
    ``says``, ``today``'s words): not verified, so a record worded by an earlier release still reads
    back, and a reader is told where its words are not the record's own. Without its chain, None:
    none of its words were compared, the events being made afresh from its moves."""

    lines: list[bytes]
    text_line: dict[int, int]
    chained: bool = True
    reworded: list[dict[str, Any]] | None = dataclasses.field(default_factory=list)

    def in_text(self, exc: ImportRejected) -> ImportRejected:
        """A refusal of :attr:`lines` said of the text's line instead."""
        line = self.text_line.get(exc.line) if exc.line is not None else None
        return ImportRejected(line, exc.reason)


def is_text_record(data: bytes) -> bool:
    """True when ``data`` (an uploaded record) is a text record rather than ``jsonl``."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"[")


def read_text(text: str | Sequence[str]) -> ReadRecord:
    """Read a text record back into the ``jsonl`` lines of its events; raises ImportRejected naming
    the text's line and what is wrong. With a chain, each event a move makes must hash as the chain
    says (checked move by move, so an altered move is refused at its own line) and the text must
    give the facts the events give (tags, moves, chain); its words for people may differ from
    today's (:attr:`ReadRecord.reworded`). ``text`` may be given as its lines (an upload read
    line by line is never held whole as well)."""
    if isinstance(text, str):
        lines = text.replace("\r\n", "\n").split("\n")
    else:
        lines = [line.removesuffix("\r") for line in text]
    tags, moves, chain = _sections(lines)
    game, created, names = _opening(tags)
    seats = {name: seat for seat, name in _seat_tokens(names, game).items()}
    game_id = tags["GameId"][1]
    made_by: list[int] = []  # the text line of each event's move
    if chain["events"]:
        items: list[dict[str, Any]] = []
        for number, event in _decide_moves(game, created, moves, seats):  # checked as made: refused at the move
            prev = items[-1]["hash"] if items else GENESIS_HASH
            items.append(_chained(event, len(items) + 1, chain, game_id, prev, number))
            made_by.append(number)
        _ended(items, chain)
    else:
        events = []
        for number, event in _decide_moves(game, created, moves, seats):
            events.append(event)
            made_by.append(number)
        items = _fresh(events, game_id, made_by)
    text_line = {i + 1: line for i, line in enumerate(made_by)}
    text_line[len(items) + 1] = chain["head_line"] or len(lines)
    head = head_record(items[-1]["game_id"], len(items), items[-1]["hash"], chain["signature"])
    reworded = _same_text(lines, items, chain["signature"]) if chain["events"] else None
    return ReadRecord([canonical_json(i) for i in [*items, head]], text_line, bool(chain["events"]), reworded)


def _sections(lines: list[str]) -> tuple[dict[str, tuple[int, Any]], list[tuple[int, str]], dict[str, Any]]:
    tags: dict[str, tuple[int, Any]] = {}
    moves: list[tuple[int, str]] = []
    chain: dict[str, Any] = {"events": [], "head": None, "head_line": None, "signature": None}
    for number, raw in enumerate(lines, 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        if line.startswith("%"):
            _chain_line(number, line[1:].strip(), chain)
        elif line.startswith("[") and not moves:
            match = _TAG.fullmatch(line)
            if match is None:
                raise ImportRejected(number, f"a tag pair is [Name \"value\"], not {_excerpt(line)}")
            values = _scan_values(number, match.group(2))
            tags[match.group(1)] = (number, values if match.group(1) == "Players" else (values or [None])[0])
        else:
            moves.append((number, line))
    missing = [t for t in _READ_TAGS if t not in tags]
    if missing:
        raise ImportRejected(1, f"the record lacks the tag(s) {', '.join(missing)}")
    return tags, moves, chain


def _chain_line(number: int, line: str, chain: dict[str, Any]) -> None:
    word, _, rest = line.partition(" ")
    if word in ("chain:", "chain"):
        return
    if word == "head":
        chain["head_line"] = number
        chain["head"] = _scan_values(number, rest)
    elif word == "signature":
        try:
            chain["signature"] = json.loads(rest)
        except ValueError as exc:
            raise ImportRejected(number, f"the signature is not JSON: {exc}") from exc
    else:
        tokens = _tokens(number, line)
        plain = [v for k, v in tokens if k is None]
        if len(plain) != 6 or not isinstance(plain[0], int):
            raise ImportRejected(number, "a chain line is: version event_id recorded_at actor command_id hash [salt=...]")
        chain["events"].append((number, plain, {k: v for k, v in tokens if k is not None}))


def _opening(tags: dict[str, tuple[int, Any]]) -> tuple[Game, GameCreated, list[str]]:
    line, name = tags["Game"]
    try:
        game = get_game(name)
    except Exception as exc:
        raise ImportRejected(line, f"no game is called {name!r}") from exc
    line, options = tags["Options"]
    try:
        options = json.loads(options)
    except (TypeError, ValueError) as exc:
        raise ImportRejected(line, "the Options tag holds the game's options as JSON") from exc
    names = tags["Players"][1]
    if not names or not all(isinstance(n, str) for n in names):
        raise ImportRejected(tags["Players"][0], "the Players tag names every seat, each in quotes")
    return game, GameCreated(name, options, list(names), tags["Record"][1]), list(names)


def _decide_moves(game: Game, created: GameCreated, moves: list[tuple[int, str]], seats: dict[str, int]
                  ) -> Iterator[tuple[int, Any]]:
    """Every event the moves make, as a record holds them, with the text line that made it."""
    try:
        opening = game.start(created.options, list(created.seats), created.record, random.Random(_SEED))
    except Exception as exc:
        raise ImportRejected(1, f"the referee cannot set up this game: {exc}") from exc
    state = game.initial_state()
    for event in opening:
        event = as_recorded(event)
        state = game.apply(state, event)
        yield 1, event
    rng = random.Random(_SEED)
    for number, line in moves:
        for words in _split_moves(number, line):
            command = _command(game, number, words, seats)
            try:
                batch = [as_recorded(e) for e in game.decide(state, command, rng)]
            except InputError as exc:
                raise ImportRejected(number, f"the referee refuses {_excerpt(_said(words))}: {exc.message}") from exc
            for event in batch:
                state = game.apply(state, event)
                yield number, event


def _split_moves(number: int, line: str) -> list[list[tuple[str | None, Any]]]:
    moves: list[list[tuple[str | None, Any]]] = [[]]
    for token in _tokens(number, line, separators=True):
        if token == (";", None):
            moves.append([])
        else:
            moves[-1].append(token)
    return [m for m in moves if m]


def _command(game: Game, number: int, words: list[tuple[str | None, Any]], seats: dict[str, int]) -> Any:
    body: dict[str, Any] = {}
    words = list(words)
    key, first = words[0]
    if key is None and isinstance(first, str) and first not in game.command_schemas:
        if first.startswith("@") and first[1:].isdigit():
            body["seat"] = int(first[1:])
        elif first in seats:
            body["seat"] = seats[first]
        else:
            raise ImportRejected(number, f"{first!r} is neither a player nor an action of {game.title}")
        words.pop(0)
    if not words or words[0][0] is not None or words[0][1] not in game.command_schemas:
        raise ImportRejected(number, f"{_excerpt(_said(words))} names no action of {game.title} "
                                     f"({', '.join(game.command_schemas)})")
    action = words.pop(0)[1]
    schema = game.command_schemas[action]
    fields = [f for f in schema.fields if f != "seat"]
    if words and words[0][0] is None and fields:
        body[fields[0]] = words.pop(0)[1]
    for key, value in words:
        if key is None:
            raise ImportRejected(number, f"{_excerpt(_value(value))} needs a field name (field=value) in {action}")
        body[key] = value
    try:
        return schema.load(body)
    except Exception as exc:  # marshmallow's ValidationError, or a command that refuses its fields
        raise ImportRejected(number, f"{action} cannot be read: {exc}") from exc


def _chained(event: Any, version: int, chain: dict[str, Any], game_id: Any, prev: str, number: int) -> dict[str, Any]:
    """The envelope of the ``version``-th event the moves make, with the chain's id, time, actor,
    command and salts; refused at the move's line when its hash is not the one the chain lists."""
    listed = chain["events"]
    if version > len(listed):
        raise ImportRejected(number, f"the moves make more events than the chain's {len(listed)}; the record was altered")
    line, (at, event_id, recorded_at, actor, command_id, hash_), salts = listed[version - 1]
    if at != version:
        raise ImportRejected(line, f"the chain lists event {at} where event {version} belongs")
    try:
        event = dataclasses.replace(event, **salts)
    except TypeError as exc:
        raise ImportRejected(line, f"event {version} has no such field: {exc}") from exc
    item = _envelope(event, game_id, version, event_id, recorded_at, actor, command_id, prev)
    if envelope_hash(item) != hash_:
        raise ImportRejected(number, f"the moves and the chain disagree at event {version} ({item['type']}): the "
                                     "event this move makes does not have the chain's hash; the record was altered")
    item["hash"] = hash_
    return item


def _ended(items: list[dict[str, Any]], chain: dict[str, Any]) -> None:
    """The chain must end where the moves end, at its head."""
    listed = chain["events"]
    if len(listed) > len(items):
        raise ImportRejected(listed[len(items)][0], f"the chain lists {len(listed)} events where the moves make "
                                                    f"{len(items)}; the record was altered")
    if _head(chain) != (len(items), items[-1]["hash"]):
        raise ImportRejected(chain["head_line"], f"the head is not the last event's ({len(items)}, {items[-1]['hash']})")


def _head(chain: dict[str, Any]) -> tuple[int, str] | None:
    head = chain["head"]
    if not head or len(head) != 2:
        raise ImportRejected(chain["head_line"], "the chain ends with its head: % head VERSION HASH")
    return head[0], head[1]


def _fresh(events: list[Any], game_id: Any, made_by: list[int]) -> list[dict[str, Any]]:
    """Envelopes for a record without a chain: new ids, the time of reading, one command per move."""
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    items, prev, command, last = [], GENESIS_HASH, None, None
    for version, (event, line) in enumerate(zip(events, made_by), 1):
        if line != last or version == 1:
            command, last = f"import:{uuid.uuid4().hex}", line
        item = _envelope(event, game_id, version, uuid.uuid4().hex, now, "import", command, prev)
        item["hash"] = prev = envelope_hash(item)
        items.append(item)
    return items


def _envelope(event: Any, game_id: Any, version: Any, event_id: Any, recorded_at: Any, actor: Any,
              command_id: Any, prev: str) -> dict[str, Any]:
    name, schema_version, payload = event_registry.encode(event)
    item = {"event_id": event_id, "game_id": game_id, "version": version, "type": name,
            "schema_version": schema_version, "payload": json.loads(canonical_json(payload)),
            "recorded_at": recorded_at, "actor": actor, "prev_hash": prev}
    if command_id is not None:
        item["command_id"] = command_id
    return item


def _same_text(lines: list[str], items: list[dict[str, Any]], signature: dict | None) -> list[dict[str, Any]]:
    """A record with its chain must be what its events give in every fact: the tags the events
    give, the moves line by line, the chain; a difference is refused at its line. The words for
    people (the ``{comments}`` and the tags in words, :data:`_WORDED_TAGS`) are a reading aid that
    a release may word anew, so they are not verified: each line whose words differ from today's
    is returned (its line, what it says, today's words), for the reader to be told, never refused."""
    envelopes = [Envelope.from_dict(i, event_registry.decode(i["type"], i["schema_version"], i["payload"]))
                 for i in items]
    given = write_text(envelopes, (len(items), items[-1]["hash"]), signature).split("\n")
    said = [lines[0].lstrip("\ufeff"), *lines[1:]] if lines else []
    skipped = next((i for i, line in enumerate(said) if line.strip()), 0)  # blank lines before the tags
    reworded = []
    for number, (line, wanted) in enumerate(zip(said[skipped:], given), skipped + 1):
        line = line.rstrip()
        if line == wanted or _same_tag(number, line, wanted):
            continue
        (facts, words), (wanted_facts, wanted_words) = _facts_and_words(number, line), _facts_and_words(number, wanted)
        if facts != wanted_facts:
            at = next((i for i, (a, b) in enumerate(zip(facts, wanted_facts)) if a != b),
                      min(len(facts), len(wanted_facts)))
            start = max(0, at - 20)
            raise ImportRejected(number, f"the line says {_excerpt(facts[start:])} where the record gives "
                                         f"{_excerpt(wanted_facts[start:])} (from character {start + 1})")
        reworded.append({"line": number, "says": words, "today": wanted_words})
    rest = said[skipped + len(given):]
    if any(line.strip() for line in rest):
        raise ImportRejected(skipped + len(given) + 1, "the record goes on after its signature")
    return reworded


def _same_tag(number: int, line: str, wanted: str) -> bool:
    """Do two tag lines give the same values? An earlier release wrote a name's format characters
    (a bidi override) as themselves, where they are escaped now: the same name either way."""
    said, given = _TAG.fullmatch(line), _TAG.fullmatch(wanted)
    return bool(said and given and said.group(1) == given.group(1)
                and _scan_values(number, said.group(2)) == _scan_values(number, given.group(2)))


def _facts_and_words(number: int, line: str) -> tuple[str, str]:
    """A line of the record split into its facts (the line without its words) and its words for
    people: a tag in words (:data:`_WORDED_TAGS`) is all words; a move line's words are its
    ``{comments}``; a chain line is all facts."""
    tag = _TAG.fullmatch(line)
    if tag and tag.group(1) in _WORDED_TAGS:
        name, value = tag.groups()
        facts = _TAG_FACTS.get(name)
        match = facts.fullmatch(value) if facts else None
        return f"[{name} {''.join(match.groups()) if match else ''}]", value
    if tag or line.startswith("%"):
        return line, ""
    spans: list[tuple[int, int]] = []
    _tokens(number, line, separators=True, comments=spans)
    cuts = [0, *(i for span in spans for i in span), len(line)]
    facts = " ".join(" ".join(line[a:b].split()) for a, b in zip(cuts[::2], cuts[1::2]) if line[a:b].strip())
    return facts, " ".join(line[a + 1:b - 1] for a, b in spans)


# ------------------------------------------------------------------ the tokens of a line


def _tokens(number: int, line: str, separators: bool = False,
            comments: list[tuple[int, int]] | None = None) -> list[tuple[str | None, Any]]:
    """``key=value`` and bare values of a line (``{comments}`` skipped, their spans added to
    ``comments`` when given); with ``separators``, ``;`` is a token of its own (between moves)."""
    out: list[tuple[str | None, Any]] = []
    decoder = json.JSONDecoder()
    i = 0
    while i < len(line):
        c = line[i]
        if c.isspace():
            i += 1
            continue
        if c == "{":
            end = line.find("}", i)
            if end < 0:
                raise ImportRejected(number, "a {comment} is not closed")
            if comments is not None:
                comments.append((i, end + 1))
            i = end + 1
            continue
        if c == ";" and separators:
            out.append((";", None))
            i += 1
            continue
        key = None
        match = re.match(r"([A-Za-z_][A-Za-z0-9_]*)=", line[i:])
        if match:
            key, i = match.group(1), i + match.end()
        if i < len(line) and (line[i] in '["' or (key and line[i] == "{")):
            try:
                value, i = decoder.raw_decode(line, i)
            except ValueError as exc:
                raise ImportRejected(number, f"{_excerpt(line[i:])} is not a JSON value: {exc.msg}") from exc
        else:
            word = re.match(r"[^\s;{]*", line[i:]).group(0)
            if not word:
                raise ImportRejected(number, f"{key}= has no value")
            i += len(word)
            value = word if _is_text(word) else json.loads(word)
        out.append((key, value))
    return out


def _scan_values(number: int, text: str) -> list[Any]:
    return [v for _, v in _tokens(number, text)]


def _said(words: list[tuple[str | None, Any]]) -> str:
    return " ".join(f"{k}={_value(v)}" if k else _value(v) for k, v in words)


def _excerpt(text: str, limit: int = 60) -> str:
    text = text.strip()
    return repr(text if len(text) <= limit else text[:limit] + f"... ({len(text) - limit} more characters)")
