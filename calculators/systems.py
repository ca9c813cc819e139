"""The systems this site presents, declared once.

Everything that goes over every system reads :data:`SYSTEMS`: the rule-data loader (which seed
file a record may cite, and how a citation names it), the interpretation notes' links, the page
templates (``systems``), and the tests that check each system's data, glossary, notes and
pages. Adding a system is its package (``calculators/<module>/``), its pages
(``docs/<folder>/``), its entry in ``mkdocs.yml``'s ``nav`` and a line here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class System:
    """One system.

    Attributes:
        slug: its short name: the namespace of its page-template names (``{{ mb.dice… }}``).
        module: its subpackage of ``calculators`` (rule data in ``<module>/data/``).
        seed: the source document its rules restate (in ``../shared/seeds/``).
        title: that rule book as a player names it, as a citation writes it.
        folder: the folder of its pages under ``docs/`` (and of their addresses).
        battle: its battle tracker's calculator (``wr-battle``), whose rules are its
            ``fight/`` package; empty for a system with none. The battle conformance suite
            runs over every one.
    """

    slug: str
    module: str
    seed: str
    title: str
    folder: str
    battle: str = ""

    @property
    def package(self) -> str:
        """Its package's import name, ``calculators.western_roses``."""
        return f"{__package__}.{self.module}"


SYSTEMS: tuple[System, ...] = (
    System("wr", "western_roses", "000_3481892bc7cdecd5.txt", "Western Roses v0.6",
           "western-roses", battle="wr-battle"),
    System("rk", "roll_keep", "001_46d3c7a1980aa35d.txt", "Roll-and-keep d10", "roll-and-keep"),
    System("mb", "magical_burst", "002_f32d69e9731a3667.txt", "Magical Burst 4.1",
           "magical-burst", battle="mb-battle"),
    System("pmm", "post_magic_maid", "003_1585970b7e222c64.txt", "Post-magic-maid",
           "post-magic-maid", battle="pmm-battle"),
)


def system(package: str) -> System:
    """The system whose package is ``package`` (``calculators.magical_burst``) or holds it."""
    for s in SYSTEMS:
        if package == s.package or package.startswith(s.package + "."):
            return s
    raise KeyError(f"{package} is no system's package")
