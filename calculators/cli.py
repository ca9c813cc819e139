"""``python -m calculators NAME [--option value ...]``: any calculator from the shell.

Options come from each calculator's declared parameters, passed through as text so the same
coercion as the browser form reports bad values. The result is printed as JSON on stdout with
exit status 0; bad input prints ``{"errors": [{"field", "message"}]}`` with exit status 2.
A reader that stops reading early (``| head``) ends the run quietly with status 141, as a
program stopped by SIGPIPE does, instead of a BrokenPipeError traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from . import untrusted
from .errors import CalculatorError
from .params import BOOL, CHOICE, JSON
from .registry import CALCULATORS

EXIT_BAD_INPUT = 2
#: Where argparse keeps a calculator's ``document`` option (no input can be called this).
DOCUMENT = "-document"

#: What a shell reports for a program stopped by SIGPIPE (128 + 13).
EXIT_BROKEN_PIPE = 141


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors come out as the same JSON errors as bad values."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CalculatorError.single("", f"{message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m calculators",
        description="Run a rules calculator and print its result as JSON.",
        epilog="Run 'python -m calculators NAME --help' for a calculator's options.",
    )
    commands = parser.add_subparsers(dest="calculator", metavar="NAME", title="calculators",
                                     parser_class=_Parser)
    for calc in CALCULATORS.values():
        sub = commands.add_parser(calc.name, help=calc.summary, description=calc.summary)
        if calc.document:
            sub.add_argument("--" + calc.document, dest=DOCUMENT, metavar="FILE", default=None,
                             help="The whole record as a JSON object of the inputs below, from a "
                                  "file or - for standard input; an option given as well "
                                  "replaces that input.")
        for p in calc.params:
            flag = "--" + p.name.replace("_", "-")
            default_note = f" (default: {p.default})" if p.default is not None else ""
            if p.applies is not None:  # ignored otherwise, as in the browser's form
                default_note += f" Used only {p.applies.describe(calc.params)}."
            if p.kind == BOOL:
                sub.add_argument(flag, dest=p.name, action=argparse.BooleanOptionalAction,
                                 default=None, help=p.help + default_note)
            elif p.kind == JSON:
                sub.add_argument(flag, dest=p.name, metavar="JSON|FILE", default=None,
                                 help=p.help + " The JSON itself, a JSON file, or - for "
                                               "standard input.")
            else:
                choices = f" One of: {', '.join(p.values)}." if p.kind == CHOICE else ""
                sub.add_argument(flag, dest=p.name, metavar=p.kind.upper(), default=None,
                                 help=p.help + choices + default_note)
    return parser


def _read_json_file(field: str, path: str) -> str:
    """A ``json`` parameter's text, from a file or standard input; parsing is left to the
    parameter, so bad JSON is reported like any other bad value. A text longer than
    :data:`~calculators.untrusted.MAX_DOCUMENT` is refused unread past that length."""
    most = untrusted.MAX_DOCUMENT
    try:
        if path == "-":
            text = sys.stdin.read(most + 1)
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read(most + 1)
    except OSError as exc:
        raise CalculatorError.single(field, f"Cannot read {path}: {exc.strerror}.") from None
    except UnicodeDecodeError:
        raise CalculatorError.single(field, f"{path} is not UTF-8 text.") from None
    if len(text) > most:
        where = "Standard input" if path == "-" else path
        raise CalculatorError.single(field, f"{where} is longer than {most:,} characters, more "
                                            "than any battle, sheet or deck file holds.")
    return text


def _inline_json(value: str) -> bool:
    """A ``json`` option given as the JSON itself (``--event '{"type": "start"}'``) rather
    than a file name: text starting with ``{`` or ``[``."""
    return value.lstrip()[:1] in ("{", "[")


def _read_document(option: str, path: str) -> dict:
    """The parameters object of a ``document`` option's file; not an object is bad input."""
    value = untrusted.parse(_read_json_file(option, path), option,
                            "Standard input" if path == "-" else path)
    if not isinstance(value, dict):
        raise CalculatorError.single(option, f"{path} must hold a JSON object of inputs.")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    try:
        try:
            status = _run(argv)
        except SystemExit as stop:  # argparse has printed --help
            status = stop.code if isinstance(stop.code, int) else 0
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader closed the pipe (``| head``). Point stdout at /dev/null so the interpreter's
        # own flush at exit does not raise again, and stop as SIGPIPE would.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return EXIT_BROKEN_PIPE


def _print_json(value: dict) -> None:
    """Print and flush, so a closed pipe is noticed here rather than at exit."""
    print(json.dumps(value, ensure_ascii=False, indent=2))
    sys.stdout.flush()


def _refuse_undecodable(argv: Sequence[str]) -> None:
    """Refuse an argument holding bytes that are not UTF-8 (Python keeps them as lone
    surrogates, which no output can print), on the field of the option it belongs to."""
    for index, arg in enumerate(argv):
        if untrusted.has_surrogate(arg):
            option = arg.split("=", 1)[0] if "=" in arg else argv[index - 1] if index else ""
            named = option.startswith("--") and not untrusted.has_surrogate(option)
            field = option[2:].replace("-", "_") if named else ""
            raise CalculatorError.single(field, f"This argument: {untrusted.NOT_UNICODE}.")


def _run(argv: Sequence[str] | None) -> int:
    try:
        _refuse_undecodable(sys.argv[1:] if argv is None else argv)
        args = vars(build_parser().parse_args(argv))
        name = args.pop("calculator")
        if name is None:
            raise CalculatorError.single("", "Name a calculator (see --help).")
        calc = CALCULATORS[name]
        document = args.pop(DOCUMENT, None)
        raw = {key: value for key, value in args.items() if value is not None}
        for p in calc.params:
            if p.kind == JSON and p.name in raw and not _inline_json(raw[p.name]):
                raw[p.name] = _read_json_file(p.name, raw[p.name])
        if document is not None:
            raw = {**_read_document(calc.document, document), **raw}
        result = calc.run(raw)
    except CalculatorError as exc:
        _print_json(exc.as_json())
        return EXIT_BAD_INPUT
    _print_json(result)
    return 0

if __name__ == "__main__":
    sys.exit(main())
