"""The engine shared by the plain trick games with a bidding phase (Queen Bees, Black Queen).

State, commands, deciding, applying and views of a hand of tricks; each game supplies its own
``TrickRules`` (bidding, trump, trick winner, scoring) and its own package under ``referee/games/``.
Game-neutral trick mechanics used by every trick game (following, winners, evidence) are in
``referee.tricks``.
"""
