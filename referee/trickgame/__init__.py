"""The engine shared by the plain trick games with a bidding phase (Queen Bees, Black Queen).

State, commands, deciding, applying and views of a hand of tricks; each game supplies its own
``TrickRules`` (bidding, trump, trick winner, scoring) and its own package under ``referee/games/``.
What every trick game shares, Queen's Dungeon included, is outside this package so that both
engines call the same code: following, trick winners, cards left and unseen (``referee.tricks``),
renege windows, evidence, proofs and claims (``referee.reneges``), the look-ahead batch
(``referee.batch``), the deal (``referee.dealing``), leaders and winners (``referee.standings``),
and the claim, take-back and early-end commands (``referee.shared_commands``).
"""
