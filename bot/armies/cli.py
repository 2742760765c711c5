"""`python -m bot army FILE [--name NAME]`: check a list without Discord.

Prints the army as Vox's JSON (what `/army export` writes) and exits 0; a file Vox cannot read
prints the same one sentence the bot would reply with, on stderr, and exits 2. It needs no
token, settings or database.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.armies.files import check_size, read_upload
from bot.errors import VoxError

USAGE = "Usage: python -m bot army FILE [--name NAME]   (prints the army as Vox's JSON)"
NO_FILE = "There is no file at {path}; give the path of an exported army list."
A_FOLDER = "{path} is a folder; give the path of an exported army list inside it."
UNREADABLE = "Vox cannot read {path} ({reason}); check its permissions."


def main(args: list[str]) -> int:
    parsed = _parse(args)
    if parsed is None:
        print(USAGE, file=sys.stderr)
        return 2
    path, name = parsed
    try:
        army = read_upload(_read(path), path.name, name=name)
    except VoxError as refused:
        print(refused, file=sys.stderr)
        return 2
    print(army.to_json())
    return 0


def _parse(args: list[str]) -> tuple[Path, str | None] | None:
    """(FILE, NAME) from `FILE`, `FILE --name NAME` or `--name NAME FILE`; None otherwise."""
    rest = list(args)
    name = None
    if "--name" in rest:
        at = rest.index("--name")
        if at + 1 >= len(rest):
            return None
        name = rest[at + 1]
        del rest[at : at + 2]
    if len(rest) != 1 or rest[0].startswith("--"):
        return None
    return Path(rest[0]), name


def _read(path: Path) -> bytes:
    """The file's bytes, its size checked before reading; `VoxError` in one sentence if not."""
    try:
        if path.is_dir():
            raise VoxError(A_FOLDER.format(path=path))
        check_size(path.stat().st_size)
        return path.read_bytes()
    except FileNotFoundError as missing:
        raise VoxError(NO_FILE.format(path=path)) from missing
    except OSError as error:
        raise VoxError(UNREADABLE.format(path=path, reason=error.strerror or "an error")) from error
