"""The trick engine every trick game runs on (Queen's Dungeon, Queen Bees, Black Queen).

``game.TrickGame`` is the ``referee.game.Game`` interface over one engine: state (``state``),
folding events (``apply``), deciding commands (``decide``) and the views (``views``); a game is a
small subclass under ``referee/games/`` that sets its data and overrides the hooks where its rules
differ. What the engine calls that is not a game's own lives beside it in this folder, shared by
the trick games: following, trick winners, cards left and unseen (``tricks``), renege windows,
evidence, proofs and claims (``reneges``), corrections (``corrections``), the look-ahead batch
(``batch``), leaders and winners (``leaders``), the claim, take-back and early-end commands
(``shared_commands``) and the commands a record's table actions carry (``table_actions``). The
deal (``referee.dealing``) is every game's.
"""
