"""axe-core's WCAG 2 A/AA check of a page as it stands, in both of the theme's palettes.

axe-core comes from npm (a rules engine nobody here wrote). The page tests and the battle
trackers' view tests share it: what is opened before the check, which rules run, and how a
palette is switched (the header's toggle, as a reader switches it, in place: no second load).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
#: The palette each value of the body's data-md-color-scheme is.
PALETTES = {"default": "light", "slate": "dark"}
#: The WCAG A/AA rules whose outcome a palette can change: a palette changes colours only
#: (the theme's and the site's CSS key every colour on data-md-color-scheme), so the other
#: rules find in the second palette exactly what they found in the first.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def axe_violations(page, axe_source: str, rules: list[str] | None = None) -> list[str]:
    """Open every <details>, render what the page lays out only near the screen
    (content-visibility: auto), run axe with the WCAG 2 A/AA rules (or only ``rules``), and
    list what it finds."""
    page.evaluate(OPEN_AND_RENDER_ALL)
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    run_only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": WCAG_AA}
    return [f"{v['id']} ({v['help']}): " + ", ".join(str(t) for t in v["targets"][:5])
            + (f" and {len(v['targets']) - 5} more" if len(v["targets"]) > 5 else "")
            for v in page.evaluate(VIOLATIONS, run_only)]


#: Every <details> opened and everything laid out, then a frame drawn. One stylesheet rule
#: renders what content-visibility: auto would skip (asking every element for its computed
#: style took 60 ms a page); another lets a colour change take effect at once instead of
#: fading in, so the palette switch is checked as it settles without waiting for its fade.
OPEN_AND_RENDER_ALL = """() => new Promise((drawn) => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  if (!document.getElementById("test-render-all")) {
    const rule = document.createElement("style");
    rule.id = "test-render-all";
    rule.textContent = "* { content-visibility: visible !important; }"
      + " *, *::before, *::after { transition: none !important; }";
    document.head.append(rule);
  }
  requestAnimationFrame(() => setTimeout(drawn, 50));
})"""

#: axe's run, brought back as the violations alone: each rule's id, help and the selectors of
#: its nodes. axe's whole result also lists every node that passed, with its HTML; handing that
#: to the test took longer than the check itself (1.3 s of a 2.4 s run on a long page).
VIOLATIONS = """runOnly => axe.run(document, {runOnly, resultTypes: ["violations"]}).then((r) =>
  r.violations.map((v) => ({id: v.id, help: v.help, targets: v.nodes.map((n) => n.target)})))"""


def switch_palette(page) -> None:
    """Tap the palette toggle, as a reader does, and wait for the other palette (which the site
    keeps for the next page she opens)."""
    scheme = page.evaluate("document.body.dataset.mdColorScheme")
    page.locator("[data-rpg-palette] label:visible").click()
    page.wait_for_function("was => document.body.dataset.mdColorScheme !== was", arg=scheme)
    # Then the pointer leaves the toggle for the page's empty left margin (over a control it
    # would check that control's hover colours, which axe never looks at otherwise), the
    # toggle's tooltip fades out, and the theme's colour transitions end (checked mid-way, a
    # half-faded colour fails contrast that the colour it settles on passes).
    page.mouse.move(1, page.viewport_size["height"] // 2)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.wait_for_function("() => !document.querySelector('.md-tooltip--active')")
    page.evaluate(SETTLED)


#: Every animation or transition that ends has ended (a spinner's, which never ends, aside).
SETTLED = """() => Promise.all(document.getAnimations()
  .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map(a => a.finished.catch(() => null)))"""


def violations_in_both_palettes(page, axe_source: str, where: str) -> list[str]:
    """axe's findings on ``page`` in the palette it shows (every WCAG A/AA rule), then in the
    other (the rules a palette can change), each named by ``where`` and the palette."""
    found = []
    for rules in (None, COLOUR_RULES):
        if rules:
            switch_palette(page)
        palette = PALETTES[page.evaluate("document.body.dataset.mdColorScheme")]
        found += [f"{where} {palette}: {v}" for v in axe_violations(page, axe_source, rules)]
    return found
