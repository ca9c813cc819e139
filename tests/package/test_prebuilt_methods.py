"""The methods ``dataclasses`` writes, compiled once at build time
(calculators/prebuilt_methods.py): classes made from the compiled code are the classes
``dataclasses`` makes alone, a text the build did not see is compiled as usual, and nothing
changes where no compiled file is. The Pyodide tests check that the browser's import of the
package compiles none of them."""

from __future__ import annotations

import dataclasses
import marshal

import pytest

from calculators import prebuilt_methods


def make_classes():
    """Classes of the shapes the package uses: frozen records with defaults and factories,
    an ordered one, a plain mutable one, and one that inherits fields."""

    @dataclasses.dataclass(frozen=True)
    class Record:
        id: str
        value: int = 3
        tags: tuple[str, ...] = ()

    @dataclasses.dataclass(order=True)
    class Ranked:
        rank: int
        name: str = dataclasses.field(default="", compare=False)

    @dataclasses.dataclass
    class Mutable:
        items: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True)
    class Derived(Record):
        extra: bool = False

    return Record, Ranked, Mutable, Derived


def exercise(classes) -> list:
    """What each class does, as plain values to compare: construction, defaults, repr,
    equality, hashing, ordering, the factory, frozenness and the inherited fields' order."""
    Record, Ranked, Mutable, Derived = classes
    a, b = Record("a"), Record("a", 3, ())
    frozen = None
    try:
        a.value = 4
    except dataclasses.FrozenInstanceError as exc:
        frozen = type(exc).__name__
    first, second = Mutable(), Mutable()
    first.items.append(1)
    return [repr(a), a == b, hash(a) == hash(b), repr(Record("b", 5, ("x",))),
            Ranked(1, "z") < Ranked(2, "a"), Ranked(1, "z") == Ranked(1, "y"),
            repr(first), second.items, frozen,
            repr(Derived("d", 1, ("t",), True)), [f.name for f in dataclasses.fields(Derived)]]


@pytest.fixture
def recorded():
    """The texts of :func:`make_classes`, recorded and passed through marshal as the build's
    file is, and the classes made while recording."""
    with prebuilt_methods.recording() as texts:
        classes = make_classes()
    return marshal.loads(marshal.dumps(texts)), classes


def counted(compiled, make):
    """``make()`` run with ``dataclasses`` using ``compiled``; its result and the hits and
    misses it counted."""
    before = dict(prebuilt_methods.counts)
    with prebuilt_methods.exec_in_dataclasses(prebuilt_methods.running(compiled)):
        made = make()
    return made, {k: prebuilt_methods.counts[k] - before[k] for k in before}


def test_recording_keeps_one_compiled_text_for_each_class(recorded):
    compiled, _ = recorded
    assert len(compiled) == 4
    assert all(text.startswith("def __create_fn__(") for text in compiled)


def test_classes_made_from_the_compiled_methods_behave_as_dataclasses_alone_makes_them(recorded):
    compiled, _ = recorded
    classes, counts = counted(compiled, make_classes)
    assert counts == {"hits": 4, "misses": 0}
    assert exercise(classes) == exercise(make_classes())


def test_a_class_the_build_did_not_see_is_compiled_as_usual_and_counted(recorded):
    """Its own fields, in its own order: a text not recorded never takes another's code."""
    compiled, _ = recorded

    def make_other():
        @dataclasses.dataclass(frozen=True)
        class Record:
            value: int
            id: str = "x"
        return Record

    Record, counts = counted(compiled, make_other)
    assert counts == {"hits": 0, "misses": 1}
    assert repr(Record(2)).endswith("Record(value=2, id='x')")
    assert [f.name for f in dataclasses.fields(Record)] == ["value", "id"]


def test_dataclasses_gets_its_own_exec_back_when_a_recording_or_a_use_ends(recorded):
    compiled, _ = recorded
    with prebuilt_methods.exec_in_dataclasses(prebuilt_methods.running(compiled)):
        assert "exec" in vars(dataclasses)
    assert "exec" not in vars(dataclasses)


def test_the_package_from_its_source_has_no_compiled_methods_and_installs_none():
    """CPython runs the package from its source; only the wheel the site ships holds the file."""
    assert prebuilt_methods.install() is False
    assert "exec" not in vars(dataclasses)
