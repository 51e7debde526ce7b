"""The Queens, a two-pack patience (rules: ``rules/source/the-queens.txt`` and ``rules/RULINGS.md``)."""
