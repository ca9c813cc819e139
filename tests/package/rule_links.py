"""The check every character test applies to a broken rule: it names its rule-book section and
carries the link to the page presenting it, and no message cites a section without its link."""

from __future__ import annotations

from calculators.errors import FieldError
from calculators.ruledata import rule_refs


def assert_rules_linked(errors: list[FieldError], package: str) -> None:
    """Each error in ``errors`` (raised by ``package``'s character calculator) that cites one
    of the package's sections in parentheses links that section, and every link names a
    section its message mentions."""
    refs = rule_refs(package)
    for e in errors:
        if e.rule:
            assert e.rule.section in e.message, e
            assert refs[e.rule.section] == e.rule, e
            assert e.as_dict()["rule"] == {"section": e.rule.section, "url": e.rule.url}
        else:
            cited = [s for s in refs if f"({s})" in e.message or f"({s}," in e.message]
            assert not cited, f"{e.field}: {e.message!r} cites {cited} without a link"
