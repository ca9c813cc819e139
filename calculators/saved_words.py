"""How the page speaks of a player's saved records, by the noun of their collection
(``Calculator.collection``): a character is "she" with a sheet and a roll log of the rolls
made on it; a monster is "it", built on its builder; a battle is "it", its rolls made in a
player's view and its whole log in the tracker above.

The site script names no collection: the widget carries its collection's words
(``data-calc-collection-words``), and a link to another calculator's records carries theirs.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class CollectionWords:
    """The words for one kind of saved record.

    Attributes:
        she: the record as the subject of a sentence ("she", "it").
        it: the record as an object or possessive ("her", "it").
        print: the print button's label.
        go_to: the label of the link to the record's own page.
        newest: her latest saved version ("her newest sheet").
        keep: the button keeping a record shared with her.
        roll_log: the heading of the rolls made on it.
        no_rolls: what the roll log says while empty.
        delete_also: what deleting it deletes with it (a leading space).
        shared: what a shared link gives whoever opens it.
        record: what a link to one of them fills in from ("'s sheet"), after ``it``.
    """

    she: str
    it: str
    print: str
    go_to: str
    newest: str
    keep: str
    roll_log: str
    no_rolls: str
    delete_also: str
    shared: str
    record: str = ""

    def as_json(self) -> dict[str, str]:
        """The words as the site script reads them (camelCase keys)."""
        def camel(name: str) -> str:
            first, *rest = name.split("_")
            return first + "".join(part.capitalize() for part in rest)
        return {camel(k): v for k, v in asdict(self).items()}


WORDS: dict[str, CollectionWords] = {
    "character": CollectionWords(
        she="she", it="her", print="Print the sheet", go_to="Go to her sheet",
        newest="her newest sheet", keep="Keep her", roll_log="Roll log",
        no_rolls="no rolls yet (use Roll on the sheet)", delete_also=" and her roll log",
        shared="whoever opens it sees this sheet", record="'s sheet"),
    "monster": CollectionWords(
        she="it", it="it", print="Print the monster", go_to="Go to the monster",
        newest="its newest version", keep="Keep it", roll_log="Roll log",
        no_rolls="no rolls yet", delete_also=" and its roll log",
        shared="whoever opens it sees this monster"),
    "battle": CollectionWords(
        she="it", it="it", print="Print the battle", go_to="Go to the battle",
        newest="its newest log", keep="Keep it", roll_log="Players' rolls",
        no_rolls="none yet (use Roll in a player's view)", delete_also=" and its whole log",
        shared="whoever opens it takes over the fight where it stands, its whole log "
               "included"),
}

__all__ = ["WORDS", "CollectionWords"]
