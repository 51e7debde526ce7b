"""The examples in the docstrings of Dungeon's card and dungeon-tree modules run as written."""

from __future__ import annotations

import doctest

import pytest

from referee.games.dungeon import cards, tree


@pytest.mark.parametrize("module", [cards, tree], ids=lambda m: m.__name__)
def test_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
