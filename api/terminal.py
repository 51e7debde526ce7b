"""The terminal the ``courtcard`` command prints on: words it did not write itself (players'
names, a record's words, the service's sentences that quote them) are shown as text, never obeyed.

A terminal obeys control characters (ESC ``[2J`` clears it) and a bidi override turns the rest of
a line around; rich reads ``[...]`` as its markup (``[link=...]`` writes a terminal hyperlink, a
stray ``[/]`` is an error). So the consoles here read no markup and write every unseen character
as an escape (``\\u001b``, ``referee.seat_names.escape_unseen``), newlines too: the command's
own lines are printed one at a time. Where a line is styled, :func:`marked` builds it from the
command's own markup and the words it quotes, which are escaped first.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

# rich is imported when something is printed: every ``courtcard`` command imports this module, and
# rich's console takes a while to load (``courtcard --version`` and ``--help`` print through click).


def unseen_escaped(text: str) -> str:
    """``text`` with its unseen characters written as escapes."""
    # Imported here: every command imports this module, and only rendering needs the referee's rule.
    from referee.seat_names import escape_unseen

    return escape_unseen(text)


@functools.cache
def _terminal_console_type() -> type[Console]:
    from rich.console import Console

    class TerminalConsole(Console):
        """A console that prints what it is given as text: no markup, no emoji codes, and every
        unseen character escaped (a ``Text`` built by :func:`marked` is escaped already)."""

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(markup=False, emoji=False, **kwargs)

        def render_str(self, text: str, **kwargs: Any) -> Text:
            kwargs["markup"] = False  # a caller's markup=True would read a quoted name's [brackets]
            return super().render_str(unseen_escaped(text), **kwargs)

    return TerminalConsole


def TerminalConsole(**kwargs: Any) -> Console:  # noqa: N802 - made as the class it was
    """A rich console that prints text only (see the module's docstring)."""
    return _terminal_console_type()(**kwargs)


class LazyConsole:
    """A :func:`TerminalConsole` made on first use: the command's module-level consoles cost
    nothing to commands that never print through them. ``real`` is the console itself, for rich's
    own objects (a progress bar) that take one."""

    def __init__(self, **kwargs: Any) -> None:
        self._kwargs, self._console = kwargs, None

    @property
    def real(self) -> Console:
        if self._console is None:
            self._console = TerminalConsole(**self._kwargs)
        return self._console

    def __getattr__(self, name: str) -> Any:  # every other member of rich's Console, made when first used
        return getattr(self.real, name)


def marked(markup: str, *quoted: Any) -> Text:
    """A styled line: ``markup`` is the command's own (``"[bold]{}[/] created"``), each ``{}`` one of
    ``quoted``, shown as text (markup and unseen characters escaped).

    >>> marked("[bold]Game {}[/] created", "[/]x").plain
    'Game [/]x created'
    """
    from rich.markup import escape
    from rich.text import Text

    return Text.from_markup(markup.format(*(escape(unseen_escaped(str(value))) for value in quoted)), emoji=False)
