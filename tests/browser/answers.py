"""A widget's answer as a person reads it, for comparing with CPython's answer or with the
answer the build drew into the page."""

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


def drawn(page, widget: str) -> tuple[str, list[str]]:
    """What widget ``widget`` shows: its text and its charts (Material wraps static tables in
    extra scroll containers, so the HTML itself differs harmlessly)."""
    charts = page.locator(f"{widget} [data-calc-output] svg").all()
    return answer_text(page, widget), [svg.evaluate("el => el.outerHTML") for svg in charts]


def redrawn_otherwise_than_built(page) -> list[str]:
    """The widgets on ``page`` (their ids) that the browser's Python, reset to their defaults,
    draws otherwise than the build drew them: it must redraw exactly what CPython drew for the
    same inputs."""
    differ = []
    for widget in page.eval_on_selector_all("[data-calc]", "ws => ws.map((w) => w.id)"):
        selector = f"[id='{widget}']"
        built = drawn(page, selector)
        page.click(f"{selector} [data-calc-reset]")
        page.wait_for_function("(s) => document.querySelector(s).dataset.calcState === 'live'",
                               arg=selector, timeout=60_000)
        if drawn(page, selector) != built:
            differ.append(widget)
    return differ
