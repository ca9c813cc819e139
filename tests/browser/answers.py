"""A widget's answer as a person reads it, for comparing with CPython's answer."""

from __future__ import annotations

SQUASHED = """([selector, html]) => {
    const squash = (text) => text.replace(/\\s+/g, " ").trim();
    if (html === null) return squash(document.querySelector(selector + " [data-calc-output]").textContent);
    const scratch = document.createElement("template");
    scratch.innerHTML = html;
    return squash(scratch.content.textContent);
}"""


def answer_text(page, widget: str, html: str | None = None) -> str:
    """The text of widget `widget`'s answer on `page`, or of `html` (an answer CPython
    rendered) read the same way, with runs of white space as one space."""
    return page.evaluate(SQUASHED, [widget, html])
