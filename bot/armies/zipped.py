"""The one roster inside a `.rosz` (a zip archive BattleScribe writes around one `.ros`).

Every bound is checked before the work it limits: the number of members, then the size the
member declares, then, while inflating in chunks, the bytes actually inflated, so a member whose
header lies about its size still stops at `MAX_INFLATED`.
"""

from __future__ import annotations

import io
import zipfile
import zlib

from bot.armies.limits import MAX_INFLATED, MAX_MEMBERS
from bot.errors import BadFile

ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a member's local header; an empty archive's end
CHUNK = 64 * 1024
_MB = 1_000_000

DAMAGED = "That .rosz file is damaged (not a whole zip archive): export it again from BattleScribe."
EMPTY = "That .rosz file is empty: export the roster again from BattleScribe."
SEVERAL = "That zip holds {count} files; a BattleScribe .rosz holds one roster, so upload that one."
ENCRYPTED = "That .rosz file is password-protected; export it again from BattleScribe without one."
HUGE = (
    "That .rosz file's roster inflates to more than {limit} MB; Vox reads rosters up to "
    "{limit} MB, so split the list."
)
UNSUPPORTED = (
    "That .rosz file uses a compression Vox cannot read; export it again from BattleScribe."
)


def is_zip(data: bytes) -> bool:
    return data.startswith(ZIP_MAGIC)


def only_member(data: bytes) -> bytes:
    """The bytes of the archive's one member, or `BadFile` saying why not."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return _inflate(archive, _the_member(archive))
    except (zipfile.BadZipFile, zlib.error, EOFError, ValueError) as damaged:
        raise BadFile(DAMAGED) from damaged
    except NotImplementedError as unsupported:  # a compression method zipfile lacks
        raise BadFile(UNSUPPORTED) from unsupported


def _the_member(archive: zipfile.ZipFile) -> zipfile.ZipInfo:
    members = [info for info in archive.infolist() if not info.is_dir()]
    if not members:
        raise BadFile(EMPTY)
    if len(members) > MAX_MEMBERS:
        raise BadFile(SEVERAL.format(count=len(members)))
    member = members[0]
    if member.flag_bits & 0x1:
        raise BadFile(ENCRYPTED)
    if member.file_size > MAX_INFLATED:
        raise BadFile(HUGE.format(limit=MAX_INFLATED // _MB))
    return member


def _inflate(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> bytes:
    """Inflate in chunks, never past `MAX_INFLATED` + 1 bytes, whatever the header says."""
    out = bytearray()
    with archive.open(member) as stream:
        while chunk := stream.read(min(CHUNK, MAX_INFLATED + 1 - len(out))):
            out += chunk
            if len(out) > MAX_INFLATED:
                raise BadFile(HUGE.format(limit=MAX_INFLATED // _MB))
    return bytes(out)
