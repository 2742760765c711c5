"""An uploaded file, whatever list builder wrote it, read into an `Army`: the one entry point.

The format is sniffed from the content, not the file name: a zip is a BattleScribe `.rosz`, a
file starting with `<` is BattleScribe roster XML (`.ros`), one starting with `{` or `[` is JSON
(Vox's own `/army export`, or New Recruit's roster), and anything else that is text is a text
export (the Warhammer 40,000 app's or New Recruit's). Every refusal is a `BadFile` whose message
is one sentence, and nothing half-read is ever returned: the army is whole or there is none.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from pydantic import ValidationError

from bot.armies import json_roster, roster, safe_json, text, xml_roster, zipped
from bot.armies.limits import MAX_DEPTH, MAX_UPLOAD, MAX_UPLOAD_TEXT
from bot.armies.model import FORMAT, Army, ArmyUnit, Source
from bot.errors import BadFile
from bot.rules.names import clean_name

MAX_NAME = 100  # the bound of an army name (`model.Text`)
UTF8_BOM = b"\xef\xbb\xbf"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
# Control characters no text export has (tab, line breaks and form feeds are text).
_BINARY = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")

TOO_BIG = "That file is {size} MB; Vox reads army lists up to {limit}."
NOT_A_LIST = (
    "That file is not an army list Vox can read: export a .ros/.rosz from BattleScribe, JSON "
    "or text from New Recruit, or text from the Warhammer 40,000 app."
)
BAD_VALUE = "That army list has a value Vox cannot use at {where}: {problem}."


def check_size(size: int) -> None:
    """`BadFile` when a file of `size` bytes is over the upload bound (checked before reading)."""
    if size > MAX_UPLOAD:
        megabytes = math.ceil(size / 100_000) / 10  # rounded up: 2,000,001 bytes is "2.1 MB"
        raise BadFile(TOO_BIG.format(size=f"{megabytes:.1f}", limit=MAX_UPLOAD_TEXT))


def read_upload(
    data: bytes, filename: str, *, known: Sequence[ArmyUnit] = (), name: str | None = None
) -> Army:
    """The army in the uploaded file `data` called `filename`, called `name` if given; a text
    export's units take their profiles from `known` by name. `BadFile` when it cannot be read."""
    check_size(len(data))
    chosen = None if name is None else clean_name(name, "An army name", MAX_NAME)
    try:
        return _read(data, known, chosen)
    except ValidationError as invalid:
        raise BadFile(bad_value(invalid)) from invalid
    except RecursionError as deep:
        raise BadFile(safe_json.TOO_DEEP.format(limit=MAX_DEPTH)) from deep


def _read(data: bytes, known: Sequence[ArmyUnit], name: str | None) -> Army:
    if zipped.is_zip(data):
        return _from_xml(zipped.only_member(data), "battlescribe-rosz", name)
    first = _first_character(data)
    if first == "<":
        return _from_xml(data, "battlescribe-ros", name)
    if first in ("{", "["):
        return _from_json(safe_json.loads(_decode(data)), name)
    return text.read_text(_decode(data), known, name)


def _from_xml(data: bytes, source: Source, name: str | None) -> Army:
    return roster.to_army(xml_roster.read_xml(data), source, name)


def _from_json(doc: object, name: str | None) -> Army:
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        army = Army.model_validate(doc)
        return army if name is None else army.model_copy(update={"name": name})
    return roster.to_army(json_roster.read_json(doc), "newrecruit-json", name)


def _first_character(data: bytes) -> str:
    """The first character that is not a space, after any byte order mark ("" if none)."""
    if data.startswith(UTF16_BOMS):
        return data[:200].decode("utf-16", errors="ignore").lstrip()[:1]
    return data.removeprefix(UTF8_BOM).lstrip()[:1].decode("latin-1")


def _decode(data: bytes) -> str:
    """UTF-8 (with or without its byte order mark), UTF-16 with one, else Windows-1252 and
    finally Latin-1 (which reads any bytes); `BadFile` for binary data (a picture, an archive)."""
    try:
        decoded = data.decode("utf-16" if data.startswith(UTF16_BOMS) else "utf-8-sig")
    except UnicodeDecodeError:
        try:  # a Windows editor's typographic quotes are 0x91-0x94 here, controls in Latin-1
            decoded = data.decode("cp1252")
        except UnicodeDecodeError:
            decoded = data.decode("latin-1")
    if not decoded.strip() or _BINARY.search(decoded):
        raise BadFile(NOT_A_LIST)
    return decoded


# Pydantic's wording where it reads badly to a player; any other error keeps pydantic's message.
_PROBLEMS = {
    "missing": "it is missing",
    "extra_forbidden": "Vox's army format has no field of that name",
    "too_short": "it needs at least {min_length} of them",
    "too_long": "it holds more than {max_length} of them",
}


def bad_value(invalid: ValidationError) -> str:
    """The one sentence for the first problem pydantic found, naming where it is."""
    first = invalid.errors(include_url=False)[0]
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"])
    problem = _PROBLEMS.get(first["type"], "").format(**first.get("ctx", {}))
    if not problem:
        message = str(first["msg"]).rstrip(".")
        problem = message[:1].lower() + message[1:]
    return BAD_VALUE.format(where=where.lstrip(".") or "the top", problem=problem)
