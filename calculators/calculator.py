"""The calling convention every calculator follows.

A :class:`Calculator` bundles a pure ``compute`` function with the declared parameters that
guard it and the ``render`` function that turns its JSON result into HTML. The CLI prints
``run(...)``; the build and the browser show ``render(run(...))``; so all three surfaces share
one code path from raw input to answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import CalculatorError
from .params import Param, check_conditions, coerce_all
from .saved_words import WORDS

Result = dict[str, Any]


#: In ``Linked.fields``: all of the record's inputs, as one JSON object.
WHOLE_RECORD = "*"


@dataclass(frozen=True)
class Linked:
    """Inputs a widget may take from one of the records a player keeps with another
    calculator (one declared with a ``collection``): a spellcard's caster from one of her
    characters, a battle's next combatant from her characters or her monsters. While linked,
    the site script fills ``fields`` from the record and locks them until she unlinks; a choice
    narrowed (``Param.offered``) by a locked input then lists only what that input allows.

    Attributes:
        calculator: the calculator whose records are offered (``"wr-character"``).
        page: the page source path where those records are made, linked when she has none.
        param: this calculator's hidden text input keeping the linked record's id, so the link
            survives a reload and is kept with whatever saves these inputs.
        fields: ``(this calculator's input, the record's input)`` pairs; the record's input
            :data:`WHOLE_RECORD` fills a JSON input with all of the record's inputs (a battle's
            combatant from her character file).
        values: ``(this calculator's input, the record's text, this input's text)`` for a
            value the two spell differently (a goddess not chosen yet: ``""`` and ``"none"``).
        label: what the record is to this calculator ("Caster").
    """

    calculator: str
    page: str
    param: str
    fields: tuple[tuple[str, str], ...]
    values: tuple[tuple[str, str, str], ...] = ()
    label: str = ""


@dataclass(frozen=True)
class RecordLog:
    """A collection whose records keep a log that only grows (a battle's events), so a record
    has one identity wherever it goes. The site script (``docs/assets/js/calc/collection.js``)
    gives each record an id at its creation and writes it, with the inputs, compressed into the
    address's fragment (``url-state.js``); a link of a record kept on the device updates it
    when its log extends the one kept, opens the kept one when it is behind, and keeps a log
    that forks as a named copy. An answer's element carrying ``data-record-summary`` (a
    battle's round and whose turn) is what the list of records shows beside each one.

    Attributes:
        input: the JSON input holding the log (a list).
        own: inputs a device keeps its own when a link updates the record (whose seat it
            shows), not the link's.
        kept: hidden inputs the answer keeps beside the log (a battle file's format, rules
            and a digest of each event's lines): an answer's element carrying
            ``data-calc-keep`` (their values as text) sets them as part of that answer, not
            as a change; they follow the log, so a link or a file that differs from the
            record kept only in them holds nothing new.
    """

    input: str
    own: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"input": self.input, "own": list(self.own), "kept": list(self.kept)}


@dataclass(frozen=True)
class SavedCards:
    """A calculator's part in the spellcards a player saves on her device, one list kept by
    the site script. The script names no calculator: these ties reach it as data attributes
    of the widget (``data-cards-*``, build_scripts/widgets.py).

    Attributes:
        saves: its answer is a card (``data-card`` and ``data-cost`` in its HTML) she saves
            under its ``name`` input; her saved cards are listed beside its widget.
        deck: for a calculator that ``saves``, the calculator whose JSON input ``deck_param``
            holds the deck (``{"caster", "cards": [{"card", "copies"}]}``) that a saved card's
            "Add to deck" adds to, when its widget is on the same page.
        deck_param: that input.
        deck_section: the anchor of that deck's section on the page, linked from the line
            under the saved cards.
        made_at: for a calculator with an input edited as a list of cards
            (``editor="card-list"``), where cards are built and saved, as a page source
            path#anchor: the list links there while she has saved none.
    """

    saves: bool = False
    deck: str = ""
    deck_param: str = ""
    deck_section: str = ""
    made_at: str = ""


@dataclass(frozen=True)
class Calculator:
    """A named calculator.

    Attributes:
        name: the registry key and CLI sub-command (kebab-case, prefixed by system).
        title: a short heading for the widget.
        summary: one sentence for ``--help`` and the widget.
        params: the declared inputs, in form order.
        compute: takes the coerced parameters as keyword arguments, returns a JSON-able dict,
            and raises :class:`CalculatorError` for combinations the declarations cannot catch.
        render: turns a result of ``compute`` into an HTML fragment (escaped, self-contained).
        example: inputs a widget starts from, on top of the declared defaults, where a
            sensible answer needs more than those (a page may override them).
        rules: where the rules it implements are written, as ``(label, page source path#anchor)``,
            for example ``("Basic rolls", "western-roses/basic-rolls.md")``.
        saved: the inputs are a player's own record (counters, a card, a deck): the browser
            keeps them on her device and restores them on her next visit.
        collection: a singular noun ("character") when a player keeps several records of this
            calculator, each under its ``name`` input: the browser lists them, switches between
            them and keeps a roll log with each. Empty for one record (or none).
        saved_as: what a player calls one saved record of it ("Western Roses character",
            "overcharge tracker"): the home page's saved-data summary names it so (with an
            "s" for several records of a collection). Required with ``saved``.
        document: the CLI option (``"sheet"``) that reads the whole parameters object from a
            JSON file or standard input, for calculators whose inputs are a record a player
            keeps as a file. Empty for none.
        linked: inputs the widget may fill from a record of another calculator (see
            :class:`Linked`), or a tuple of them for records of several (each its own
            inputs); ``None`` for none. :attr:`links` reads either as a tuple.
        answer_first: the page shows the answer above the form: a tracker played from its
            answer's buttons, the form holding only what is set up once.
        cards: its part in the spellcards a player saves (see :class:`SavedCards`); ``None``
            for none.
        seat: the hidden input that makes a player's seat view (a battle tracker's ``seat``):
            an address that sets it opens her seat only (the site script hides the form, the
            buttons that would change that input, and keeps it out of the address when a
            button of the answer sets it). Empty for none.
        log: for a collection whose records keep a growing log (a battle), which input holds
            it (see :class:`RecordLog`); ``None`` for none.
    """

    name: str
    title: str
    summary: str
    params: tuple[Param, ...]
    compute: Callable[..., Result]
    render: Callable[[Result], str]
    example: Mapping[str, Any] = field(default_factory=dict)
    rules: tuple[tuple[str, str], ...] = ()
    saved: bool = False
    collection: str = ""
    saved_as: str = ""
    document: str = ""
    linked: Linked | tuple[Linked, ...] | None = None
    answer_first: bool = False
    cards: SavedCards | None = None
    seat: str = ""
    log: RecordLog | None = None

    def __post_init__(self) -> None:
        check_conditions(self.params)
        names = {p.name for p in self.params}
        hidden = {p.name for p in self.params if p.hidden}
        for link in self.links:
            mine = {field for field, _ in link.fields}
            if link.param not in hidden or not mine <= names:
                raise ValueError(f"{self.name}: a link keeps its record in a hidden input and "
                                 "fills inputs of this calculator")
        if len({link.param for link in self.links}) < len(self.links):
            raise ValueError(f"{self.name}: each link keeps its record in its own input")
        if self.collection and ("name" not in names or not self.saved):
            raise ValueError(f"{self.name}: a collection needs a 'name' input and saved=True")
        if self.collection and self.collection not in WORDS:
            raise ValueError(f"{self.name}: no words for a collection of {self.collection}s "
                             "(calculators/saved_words.py)")
        if self.log and (not self.collection or not {self.log.input, *self.log.own} <= names):
            raise ValueError(f"{self.name}: a record log is a collection's, kept in its inputs")
        if self.log and not set(self.log.kept) <= hidden:
            raise ValueError(f"{self.name}: the inputs an answer keeps are hidden inputs")
        if self.saved != bool(self.saved_as):
            raise ValueError(f"{self.name}: saved data needs saved_as, what a player calls it")
        if self.seat and self.seat not in hidden:
            raise ValueError(f"{self.name}: the seat input {self.seat!r} is a hidden input")
        if self.document in names:
            raise ValueError(f"{self.name}: document option --{self.document} names an input")
        cards = self.cards or SavedCards()
        if cards.saves and "name" not in names:
            raise ValueError(f"{self.name}: a card is saved under its 'name' input")
        if bool(cards.deck) != bool(cards.deck_param) or (cards.deck and not cards.saves):
            raise ValueError(f"{self.name}: saved cards go to a deck's input from a builder")
        if any(p.editor == "card-list" for p in self.params) != bool(cards.made_at):
            raise ValueError(f"{self.name}: a list of cards links where cards are made "
                             "(cards.made_at)")

    @property
    def links(self) -> tuple[Linked, ...]:
        """Every :class:`Linked` declared, in order (none, one, or several)."""
        if self.linked is None:
            return ()
        return self.linked if isinstance(self.linked, tuple) else (self.linked,)

    def blank(self) -> dict[str, Any]:
        """The rules' starting point: the declared defaults alone (absent optional inputs left
        out). For a collection it is where a new record starts (nothing spent, no name), so
        each default must be that starting value; the tests hold every collection to it."""
        return {p.name: p.default for p in self.params if p.default is not None}

    def defaults(self) -> dict[str, Any]:
        """The inputs a widget starts with: the blank, then the example."""
        return {**self.blank(), **self.example}

    def run(self, raw: Any = None) -> Result:
        """Validate ``raw`` (any JSON value) and compute; raises only :class:`CalculatorError`."""
        return self.compute(**coerce_all(self.params, raw))


__all__ = ["Calculator", "CalculatorError", "Linked", "RecordLog", "Result", "SavedCards"]
