"""The package's import graph keeps its shape: no module imports another that imports it back
(a circle hides behind imports inside functions and callbacks, as the Magical Burst battle's
did), no module reaches into another's private names, and the battle code (the engine and
each system's ``fight/``) imports nothing inside a function. Every system's battle package
has the modules every battle needs, under the same names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from calculators.systems import SYSTEMS

PACKAGE = Path(__file__).resolve().parents[2] / "calculators"
#: The modules every system's ``fight/`` package has (a system's extras come beside them).
ROLES = ("__init__", "calculator", "citations", "numbers", "conditions", "combatants", "rolls",
         "turns", "actions", "attacks", "damage", "events", "overrides", "view", "table")


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str) -> list[tuple[str, str, bool]]:
    """``(module, imported name, inside a function)`` for each import of the package."""
    path = MODULES[name]
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, str, bool]] = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            deeper = inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.ImportFrom):
                base = here.split(".")[:len(here.split(".")) - child.level + 1] \
                    if child.level else []
                target = ".".join([*base, *([child.module] if child.module else [])])
                found.extend((target, a.name, inside) for a in child.names)
            elif isinstance(child, ast.Import):
                found.extend((a.name, "", inside) for a in child.names)
            walk(child, deeper)

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return [(m, n, i) for m, n, i in found if m.startswith("calculators")]


def _edges(name: str) -> set[str]:
    out = set()
    for module, imported, _ in _imports(name):
        out.add(f"{module}.{imported}" if f"{module}.{imported}" in MODULES else module)
    return {m for m in out if m in MODULES and m != name}


def test_no_module_imports_one_that_imports_it_back():
    graph = {m: _edges(m) for m in MODULES}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("import circle: " + " → ".join(path[path.index(module):]
                                                               + [module]))
        if module in done:
            return
        for nxt in sorted(graph[module]):
            visit(nxt, [*path, module])
        done.add(module)

    for module in sorted(MODULES):
        visit(module, [])


def test_no_module_imports_another_module_s_private_names():
    private = [f"{m} imports {target}.{n}" for m in MODULES for target, n, _ in _imports(m)
               if n.startswith("_") and not n.startswith("__") and target != m]
    assert not private


def test_the_battle_code_imports_nothing_inside_a_function():
    battle = [m for m in MODULES if m.startswith("calculators.battle") or ".fight" in m]
    inside = [f"{m} → {target}" for m in battle for target, _, deep in _imports(m) if deep]
    assert len(battle) > 40 and not inside


@pytest.mark.parametrize("system", [s for s in SYSTEMS if s.battle], ids=lambda s: s.slug)
def test_each_system_s_battle_package_has_the_same_named_parts(system):
    folder = PACKAGE / system.module / "fight"
    assert {p.stem for p in folder.glob("*.py")} >= set(ROLES)
    assert not list((PACKAGE / system.module).glob("battle*.py"))
