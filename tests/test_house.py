"""The house rules of the code, checked by reading it (`ast`), so a lazy import cannot hide:

- `bot/ui` renders and answers; it never reaches the store (`bot/store`): the use cases do.
- `bot/client.py` knows no feature: each extension (cog) registers its own components.
- Nobody imports `VoxBot` to cast the client: interactions are typed `Interaction[VoxBot]`.
- No import cycle between modules.
- Modules stay under 300 lines, cogs under 150, functions under 50 (a flat `match` aside).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs")
MAX_MODULE, MAX_COG, MAX_FUNCTION = 300, 150, 50


def sources() -> Iterator[Path]:
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sources()}


def imports(path: Path) -> set[str]:
    """Every module `path` imports (at the top, in a function or under TYPE_CHECKING), resolved
    to the most specific module of this project that exists (`from bot.ui import x` → bot.ui.x)."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                found.add(inner if inner in MODULES else node.module)
    return found


def test_ui_never_imports_the_store() -> None:
    offenders = {
        name: sorted(m for m in imports(path) if m == "bot.store" or m.startswith("bot.store."))
        for name, path in MODULES.items()
        if name.startswith("bot.ui")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_client_imports_no_feature_of_the_ui() -> None:
    features = {p.name for p in (ROOT / "bot/ui").iterdir() if (p / "__init__.py").exists()}
    reached = {m for m in imports(ROOT / "bot/client.py") if m.startswith("bot.ui.")}
    assert {m for m in reached if m.split(".")[2] in features} == set()


def _casts_the_client(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Call) and node.args):
        return False
    func, first = node.func, node.args[0]
    named = isinstance(func, ast.Name) and func.id == "cast"
    named |= isinstance(func, ast.Attribute) and func.attr == "cast"
    bot_type = isinstance(first, ast.Constant) and first.value == "VoxBot"
    bot_type |= isinstance(first, ast.Name) and first.id == "VoxBot"
    return named and bot_type


def test_nobody_casts_the_client_to_voxbot() -> None:
    offenders = [
        f"{name}:{node.lineno}"
        for name, path in MODULES.items()
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.Call) and _casts_the_client(node)
    ]
    assert offenders == []


def cycle() -> list[str] | None:
    """One import cycle between the project's modules, or None."""
    graph = {
        name: sorted(m for m in imports(path) if m in MODULES) for name, path in MODULES.items()
    }
    done: set[str] = set()
    for start in graph:
        stack, path, on_path = [(start, iter(graph[start]))], [start], {start}
        while stack:
            node, edges = stack[-1]
            nxt = next(edges, None)
            if nxt is None:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            elif nxt not in done:
                stack.append((nxt, iter(graph[nxt])))
                path.append(nxt)
                on_path.add(nxt)
    return None


def test_no_import_cycle() -> None:
    assert cycle() is None


def test_the_cycle_finder_finds_one(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    fake = {"a": ROOT / "a.py", "b": ROOT / "b.py"}
    monkeypatch.setattr(f"{__name__}.MODULES", fake)
    monkeypatch.setattr(f"{__name__}.imports", lambda p: {"b"} if p.stem == "a" else {"a"})
    assert cycle() == ["a", "b", "a"]


def _is_flat_match(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = fn.body[1:] if ast.get_docstring(fn) is not None else fn.body
    return len(body) == 1 and isinstance(body[0], ast.Match)


def test_modules_and_functions_stay_small() -> None:
    too_long: list[str] = []
    for name, path in MODULES.items():
        text = path.read_text("utf-8")
        limit = MAX_COG if name.startswith("cogs.") else MAX_MODULE
        if (lines := len(text.splitlines())) > limit:
            too_long.append(f"{name}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION and not _is_flat_match(node):
                    too_long.append(f"{name}.{node.name}: {length} lines")
    assert too_long == []
