"""Properties every registered calculator must have, whatever system it belongs to.

These run over the whole registry, so a new calculator is covered the moment it is registered:
any JSON in gives either a JSON-able result or the one error type, its defaults compute, and
its rendering escapes what it shows.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import CALCULATORS, CalculatorError
from calculators.params import BOOL, CHOICE, INT, TEXT

NAMES = sorted(CALCULATORS)

json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)


def param_values(param):
    """Values aimed at one parameter: legal ones, edge ones, and junk."""
    junk = json_values | st.sampled_from(["", " ", "-", "1e3", "²", "<b>x</b>", "NaN", "10" * 30])
    if param.kind == INT:
        lo = param.minimum if param.minimum is not None else -10**6
        hi = param.maximum if param.maximum is not None else 10**6
        legal = st.integers(min_value=lo, max_value=hi)
        near = st.integers(min_value=lo - 3, max_value=hi + 3)
        return legal | near | legal.map(str) | junk
    if param.kind == BOOL:
        return st.booleans() | st.sampled_from(["true", "false", "on", "maybe"]) | junk
    if param.kind == CHOICE:
        return st.sampled_from(param.values) | junk
    if param.kind == TEXT:
        longest = param.maximum or 40
        return st.text(max_size=longest + 3) | st.sampled_from(["x" * (longest + 1), "a\nb"]) | junk
    return junk


@st.composite
def params_for(draw, calc):
    chosen = draw(st.lists(st.sampled_from(calc.params), unique=True)) if calc.params else []
    raw = {p.name: draw(param_values(p)) for p in chosen}
    if draw(st.booleans()):
        raw[draw(st.text(max_size=6))] = draw(json_scalars)
    return raw


def applying(calc, name: str) -> dict:
    """Inputs under which parameter ``name`` applies: its condition's first value, and so on
    up the chain of conditions."""
    params = {p.name: p for p in calc.params}
    inputs: dict = {}
    when = params[name].applies
    while when is not None:
        inputs[when.param] = when.values[0]
        when = params[when.param].applies
    return inputs


def not_applying(calc, name: str) -> dict | None:
    """Inputs under which parameter ``name`` does not apply (its controller on a value
    outside the condition), or None when it always applies."""
    params = {p.name: p for p in calc.params}
    when = params[name].applies
    if when is None:
        return None
    controller = params[when.param]
    options = controller.values if controller.kind == CHOICE else (True, False)
    other = next(v for v in options if v not in when.values)
    return {**applying(calc, when.param), when.param: other}


def test_the_registry_names_every_calculator_once_under_its_own_name():
    assert NAMES, "no calculator is registered"
    for name, calc in CALCULATORS.items():
        assert calc.name == name


@pytest.mark.parametrize("name", NAMES)
def test_defaults_compute_and_render(name):
    calc = CALCULATORS[name]
    result = calc.run(calc.defaults())
    json.dumps(result)
    assert calc.render(result).strip().startswith("<")


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_json_gives_a_result_or_a_calculator_error(name, data):
    calc = CALCULATORS[name]
    raw = data.draw(params_for(calc) | json_values)
    try:
        result = calc.run(raw)
    except CalculatorError as exc:
        assert exc.errors and all(e.message for e in exc.errors)
        json.dumps(exc.as_json())
        return
    json.dumps(result)
    html = calc.render(result)
    assert "<script" not in html.lower()


@pytest.mark.parametrize("name", NAMES)
def test_markup_in_a_field_is_reported_escaped_never_echoed_raw(name):
    calc = CALCULATORS[name]
    for p in calc.params:
        if p.kind in (INT, CHOICE):
            with pytest.raises(CalculatorError) as caught:
                calc.run({**applying(calc, p.name), p.name: "<img src=x onerror=alert(1)>"})
            assert any(e.field == p.name for e in caught.value.errors)


CONDITIONAL = [(name, p.name) for name in NAMES for p in CALCULATORS[name].params if p.applies]


def test_modes_declare_the_inputs_that_apply_only_to_some_of_them():
    """Roll-and-keep's modes, a contested post-magic-maid roll, the attack types and the
    spellcard builder's attack fields."""
    declared = {(name, param) for name, param in CONDITIONAL}
    for expected in [("roll-keep", "attribute"), ("roll-keep", "rolled"),
                     ("pmm-check", "opp_bonus"), ("wr-attack", "defender_charisma"),
                     ("wr-attack", "defender_insight"), ("spellcard-builder", "dice"),
                     ("spellcard-builder", "element")]:
        assert expected in declared


@pytest.mark.parametrize("name, param", CONDITIONAL)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_input_that_does_not_apply_is_ignored_whatever_it_holds(name, param, data):
    """Whatever is sent for an input that does not apply, the answer is the one without it,
    and it is never the field of an error."""
    calc = CALCULATORS[name]
    base = {**calc.defaults(), **not_applying(calc, param)}
    base.pop(param, None)
    junk = data.draw(param_values(next(p for p in calc.params if p.name == param)))
    outcomes = []
    for raw in (base, {**base, param: junk}):
        try:
            outcomes.append(calc.run(raw))
        except CalculatorError as exc:
            assert all(e.field != param for e in exc.errors)
            outcomes.append(exc.as_json())
    assert outcomes[0] == outcomes[1]


def test_the_cli_ignores_an_option_that_does_not_apply_and_says_when_it_does(capsys):
    from calculators.cli import main

    assert main(["spellcard-builder", "--type", "defensive", "--dice", "7",
                 "--special-1", "recover"]) == 0
    assert '"attack"' not in capsys.readouterr().out.split('"document"')[1].split("}")[1]
    assert main(["spellcard-builder", "--help"]) == 0
    assert "Used only when Card type is Attack or Special" in " ".join(capsys.readouterr().out.split())


def test_a_condition_must_name_an_earlier_choice_or_flag_and_its_values():
    from calculators.params import Param, When, check_conditions

    mode = Param("mode", "Mode", kind=CHOICE, default="a", choices=(("a", "A"), ("b", "B")))
    later = Param("n", "N", default=1, applies=When("mode", ("b",)))
    check_conditions((mode, later))
    for bad in [(later, mode), (mode, Param("n", "N", applies=When("mode", ("c",)))),
                (Param("k", "K", default=1), Param("n", "N", applies=When("k", (1,))))]:
        with pytest.raises(ValueError):
            check_conditions(bad)


def test_the_registry_table_lists_every_calculator_defined_in_the_package():
    """A Calculator defined in a module but missing from registry.LOCATIONS would never be
    reachable from the CLI, the build or the browser."""
    import importlib
    import pkgutil

    import calculators
    from calculators.calculator import Calculator
    from calculators.registry import LOCATIONS

    defined = {}
    for info in pkgutil.walk_packages(calculators.__path__, "calculators."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for attribute, value in vars(module).items():
            if isinstance(value, Calculator):
                defined.setdefault(value.name, f"{module.__name__}:{attribute}")
    assert set(defined) == set(LOCATIONS)


def test_asking_for_one_calculator_imports_only_its_own_system():
    """The browser's first answer waits for this import; other systems must not load."""
    import subprocess
    import sys

    code = ("import sys, calculators; calculators.get('wr-check'); "
            "print(sorted(m for m in sys.modules if m.startswith('calculators.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "calculators.western_roses.checks" in out
    for other in ("roll_keep", "magical_burst", "post_magic_maid", "spellcards"):
        assert f"calculators.{other}" not in out


# --- Hostile text and shapes, through the two surfaces a player reaches ----------------------

#: Text from every Unicode category, surrogates (Cs) included, with the ones a game night met:
#: a lone surrogate, NUL, right-to-left marks and overrides, combining marks.
any_unicode = st.text(st.characters(exclude_categories=()), max_size=12) | st.sampled_from(
    ["\ud800", "\udcff", "x\udfffy", "\x00", "\u200f", "\u202eabc", "e\u0301\u0301", "\ufeff"])


def deep_json(depth: int) -> str:
    """A valid JSON list nested ``depth`` deep (10,000 is 20 KB)."""
    return "[" * depth + "]" * depth


#: JSON text for one input: any text, any nesting from harmless to 10,000 deep, huge numbers.
hostile_json = st.one_of(
    any_unicode.map(lambda text: json.dumps(text)),
    st.sampled_from([deep_json(10_000), deep_json(33), deep_json(32), '{"a":' * 3000 + "1"
                     + "}" * 3000, "9" * 5000, "-" + "9" * 4301, "1e999", json.dumps("x" * 50_000),
                     json.dumps(2**64), '"\\ud800"', '["\\udc00", {"\\ud800": 1}]']),
    any_unicode.map(lambda text: json.dumps({text: [text]})))


def request_text(calc, draw) -> tuple[str, str]:
    """A parameters document for ``calc``: its defaults with one input, or an unknown name,
    replaced by hostile JSON text; returns the text and the input's name."""
    name = draw(st.sampled_from([p.name for p in calc.params] + ["\ud800", "x" * 50]))
    value = draw(hostile_json)
    others = {k: v for k, v in calc.defaults().items() if k != name}
    return "{" + ", ".join([*(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in others.items()),
                            f"{json.dumps(name)}: {value}"]) + "}", name


def assert_answer_or_field_errors(text: str) -> dict:
    """``text`` is UTF-8-encodable JSON holding an answer or field errors (with messages),
    never the message of a calculator that broke."""
    text.encode("utf-8")  # a lone surrogate raises here
    answer = json.loads(text)
    if "errors" in answer:
        assert answer["errors"] and all(e["message"] for e in answer["errors"])
        assert not any("failed unexpectedly" in e["message"] for e in answer["errors"])
    return answer


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_browser_s_entry_answers_hostile_input_with_field_errors_in_utf_8(name, data):
    from calculators.web import respond

    calc = CALCULATORS[name]
    text, _ = request_text(calc, data.draw)
    assert_answer_or_field_errors(respond(name, text))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("document", [deep_json(10_000), '{"a":' * 5000 + "1" + "}" * 5000],
                         ids=["lists", "objects"])
def test_a_request_nested_ten_thousand_deep_is_refused_saying_so(name, document):
    from calculators.web import respond

    answer = assert_answer_or_field_errors(respond(name, document))
    assert answer["errors"][0]["message"] == (
        "The inputs: lists or objects nested more than 32 levels deep; no input needs more "
        "than 32.")


@pytest.mark.parametrize("name, param", [(name, p.name) for name in NAMES
                                         for p in CALCULATORS[name].params if p.kind == TEXT])
@pytest.mark.parametrize("text", ["\ud800", "Aoi\udcff"])
def test_a_lone_surrogate_in_a_text_field_is_that_field_s_error(name, param, text):
    """A character's name, natural weapon, bond or ability names."""
    from calculators.web import respond

    calc = CALCULATORS[name]
    inputs = {**calc.defaults(), **applying(calc, param), param: text}
    answer = assert_answer_or_field_errors(respond(name, json.dumps(inputs)))
    assert [e["field"] for e in answer["errors"]] == [param]
    assert "not valid Unicode" in answer["errors"][0]["message"]


def cli_run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    """The CLI's main function with ``argv`` and ``stdin``: its status and what it printed."""
    import contextlib
    import io
    import sys

    from calculators.cli import main

    out, saved = io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out):
            status = main(argv)
    finally:
        sys.stdin = saved
    return status, out.getvalue()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_cli_answers_hostile_input_with_field_errors_in_utf_8(name, data):
    """An option's text as typed (with the surrogates Python makes of bytes that are not
    UTF-8), or the whole sheet on standard input for a calculator that reads one."""
    calc = CALCULATORS[name]
    param = data.draw(st.sampled_from(calc.params))
    if calc.document and data.draw(st.booleans()):
        text, _ = request_text(calc, data.draw)
        status, out = cli_run([name, "--" + calc.document, "-"], stdin=text)
    elif param.kind == "json":
        status, out = cli_run([name, "--" + param.name.replace("_", "-"), "-"],
                              stdin=data.draw(hostile_json))
    else:
        value = data.draw(any_unicode | hostile_json)
        status, out = cli_run([name, "--" + param.name.replace("_", "-") + "=" + value])
    answer = assert_answer_or_field_errors(out)
    assert status == (2 if "errors" in answer else 0)


@pytest.mark.parametrize("name", [name for name in NAMES if CALCULATORS[name].document])
def test_a_file_nested_ten_thousand_deep_is_refused_saying_so_not_called_invalid(name):
    option = CALCULATORS[name].document
    status, out = cli_run([name, "--" + option, "-"], stdin=deep_json(10_000))
    assert status == 2
    assert json.loads(out)["errors"] == [{"field": option, "message": (
        "Standard input: lists or objects nested more than 32 levels deep; no input needs "
        "more than 32.")}]


def test_bytes_that_are_not_utf_8_in_an_argument_are_refused_not_echoed():
    """Run as a shell would, with the raw byte 0xFF in the argument and a sheet file holding a
    lone surrogate: stdout is UTF-8 JSON naming the field, status 2, nothing on stderr."""
    import subprocess
    import sys
    import tempfile

    done = subprocess.run([sys.executable, "-m", "calculators", "wr-check", "--dice", b"4\xff"],
                          capture_output=True, timeout=120)
    assert (done.returncode, done.stderr) == (2, b"")
    assert b"\xff" not in done.stdout
    assert [e["field"] for e in json.loads(done.stdout.decode("utf-8"))["errors"]] == ["dice"]
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8") as sheet:
        sheet.write('{"name": "\\ud800", "natural_weapon": "claws"}')
        sheet.flush()
        done = subprocess.run([sys.executable, "-m", "calculators", "wr-character", "--sheet",
                               sheet.name], capture_output=True, timeout=120)
    assert (done.returncode, done.stderr) == (2, b"")
    assert [e["field"] for e in json.loads(done.stdout.decode("utf-8"))["errors"]] == ["name"]
