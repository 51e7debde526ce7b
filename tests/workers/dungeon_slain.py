"""A three-player Dungeon game, as the table logs it, in which a player is slain and the game goes
on: Cat leaves her cell with the 10 of hearts, Ann's Wight drives her back into it, and in turn 7
Ann's second Wight finds her in the cell: Cat retreats, and is slain by the king of clubs. Bob and
Ann play on (turns 8 and 9)."""

from __future__ import annotations

from referee.games.dungeon import commands as cmd
from tests.referee.dungeon_table import deck_order

SEATS = ["Ann", "Bob", "Cat"]
OPTIONS = {"players": 3}
#: Each seat's hand after the first-player contest (Ann wins it with her Ace), and the draws in order.
HANDS = [["KS", "KC", "2H", "3H", "4H"], ["5S", "6S", "7S", "8S", "9S"], ["10H", "2D", "3D", "4D", "5D"]]
CONTEST = ["AC", "2C", "3C"]
DRAWS = ["6H", "6D", "6C", "7H", "7D", "7C", "8H", "8D", "8C"]
ORDER = deck_order(OPTIONS, HANDS, CONTEST, DRAWS, cells=["5C"])

#: Up to the slaying (its last command is Cat's retreat into the cell), then the game going on.
TO_THE_SLAYING = [
    cmd.Deal(ORDER), cmd.ContestPlay(0, "AC"), cmd.ContestPlay(1, "2C"), cmd.ContestPlay(2, "3C"),
    cmd.Draw(0), cmd.EndTurn(0, ["6H"]),                                    # turn 1
    cmd.Draw(1), cmd.EndTurn(1, ["6D"]),                                    # turn 2
    cmd.Draw(2), cmd.PlayPassage(2, "10H"), cmd.EndTurn(2),                 # turn 3: Cat out of the cell
    cmd.Draw(0), cmd.Attack(0, "KS", 2), cmd.Retreat(2), cmd.EndTurn(0),    # turn 4: back into it
    cmd.Draw(1), cmd.EndTurn(1, ["7D"]),                                    # turn 5
    cmd.Draw(2), cmd.EndTurn(2, ["7C"]),                                    # turn 6
    cmd.Draw(0), cmd.Attack(0, "KC", 2), cmd.Retreat(2),                    # turn 7: slain in the cell
]
GOING_ON = [cmd.EndTurn(0), cmd.Draw(1), cmd.EndTurn(1, ["8D"])]            # turns 7 and 8 end
SLAIN_IN_TURN = 7
