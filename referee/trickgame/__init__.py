"""The trick engine every trick game runs on (Queen's Dungeon, Queen Bees, Black Queen).

``game.TrickGame`` is the ``referee.game.Game`` interface over one engine: state (``state``),
folding events (``apply``), deciding commands (``decide``) and the views (``views``); a game is a
small subclass under ``referee/games/`` that sets its data and overrides the hooks where its rules
differ. What the engine calls that is not a game's own lives beside it, shared with any game that
needs it: following, trick winners, cards left and unseen (``referee.tricks``), renege windows,
evidence, proofs and claims (``referee.reneges``), corrections (``referee.corrections``), the
look-ahead batch (``referee.batch``), the deal (``referee.dealing``), leaders and winners
(``referee.standings``), and the claim, correction and early-end commands
(``referee.shared_commands``).
"""
