"""The check every character test applies to a broken rule: it names its rule-book section and
carries the link to the page presenting it, and no message cites a section without its link."""

from __future__ import annotations

from collections.abc import Mapping

from calculators.errors import FieldError, RuleRef


def assert_rules_linked(errors: list[FieldError], rule_pages: Mapping[str, RuleRef]) -> None:
    """Each error in ``errors`` that cites one of the sections of ``rule_pages`` (a character
    module's ``RULE_PAGES``) in parentheses links that section, and every link names a section
    its message mentions."""
    for e in errors:
        if e.rule:
            assert e.rule.section in e.message, e
            # A rule of a spellcard in her deck is the spellcard checker's, linked by it.
            assert rule_pages.get(e.rule.section, e.rule) == e.rule, e
            assert e.as_dict()["rule"] == {"section": e.rule.section, "url": e.rule.url}
        else:
            cited = [s for s in rule_pages if f"({s})" in e.message or f"({s}," in e.message]
            assert not cited, f"{e.field}: {e.message!r} cites {cited} without a link"
