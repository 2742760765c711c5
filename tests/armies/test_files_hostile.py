"""Files Vox refuses, each with its one sentence, before the work they would make it do: too big,
not a list, a zip of several files or that inflates too far (even one whose header lies), an
encrypted or damaged zip, JSON nested thousands deep. The readers are never reached."""

from __future__ import annotations

import io
import struct
import zipfile

import pytest

from bot.armies import zipped
from bot.armies.files import read_upload
from bot.armies.limits import MAX_DEPTH, MAX_INFLATED, MAX_UPLOAD
from bot.armies.safe_json import depth
from bot.errors import BadFile
from tests.armies.test_files_upload import XML, rosz

NOT_A_LIST = (
    "That file is not an army list Vox can read: export a .ros/.rosz from BattleScribe, JSON or "
    "text from New Recruit, or text from the Warhammer 40,000 app."
)
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"


@pytest.fixture(autouse=True)
def no_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file here is refused before any reader sees it."""

    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("a refused file reached a reader")

    for reader in (
        "xml_roster.read_xml",
        "json_roster.read_json",
        "roster.to_army",
        "text.read_text",
    ):
        monkeypatch.setattr(f"bot.armies.{reader}", never)


def refused(data: bytes, filename: str = "list.rosz") -> str:
    with pytest.raises(BadFile) as refusal:
        read_upload(data, filename)
    sentence = str(refusal.value)
    assert "\n" not in sentence and sentence.endswith("."), sentence
    return sentence


# --- size ---


def test_a_file_over_the_upload_bound_says_its_size_and_the_bound() -> None:
    assert refused(b"x" * 3_100_000) == "That file is 3.1 MB; Vox reads army lists up to 2 MB."


def test_one_byte_over_the_bound_is_refused_and_rounds_up() -> None:
    assert refused(b"x" * (MAX_UPLOAD + 1)).startswith("That file is 2.1 MB;")


def test_a_file_of_exactly_the_bound_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    monkeypatch.setattr("bot.armies.text.read_text", lambda text, *a: seen.append(len(text)))
    read_upload(b"x" * MAX_UPLOAD, "list.txt")
    assert seen == [MAX_UPLOAD]


# --- not an army list ---


@pytest.mark.parametrize(
    "data",
    [b"", b"   \n\t\r\n", PNG, b"\x1f\x8b\x08\x00" + bytes(range(256)), b"GIF89a\x01\x00\x01\x00"],
    ids=["empty", "blank", "png", "gzip", "gif"],
)
def test_an_empty_or_binary_file_is_not_an_army_list(data: bytes) -> None:
    assert refused(data, "list.txt") == NOT_A_LIST


# --- zips ---


def test_a_zip_of_two_files_is_refused() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.ros", XML)
        archive.writestr("b.ros", XML)
    assert refused(buffer.getvalue()) == (
        "That zip holds 2 files; a BattleScribe .rosz holds one roster, so upload that one."
    )


def test_an_empty_zip_is_refused() -> None:
    buffer = io.BytesIO()
    zipfile.ZipFile(buffer, "w").close()
    assert refused(buffer.getvalue()) == (
        "That .rosz file is empty: export the roster again from BattleScribe."
    )


def patched(data: bytes, *, size: int | None = None, flags: int | None = None,
            method: int | None = None) -> bytes:  # fmt: skip
    """A one-member zip with its local and central headers rewritten to say other things."""
    out = bytearray(data)
    for signature, flag_at, method_at, size_at in ((b"PK\x03\x04", 6, 8, 22),
                                                   (b"PK\x01\x02", 8, 10, 24)):  # fmt: skip
        at = out.index(signature)
        if flags is not None:
            struct.pack_into("<H", out, at + flag_at, flags)
        if method is not None:
            struct.pack_into("<H", out, at + method_at, method)
        if size is not None:
            struct.pack_into("<I", out, at + size_at, size)
    return bytes(out)


@pytest.fixture
def inflated(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bytes each read of a zip member returned, whoever asked."""
    counts: list[int] = []
    read = zipfile.ZipExtFile.read

    def counting(self: zipfile.ZipExtFile, n: int | None = -1) -> bytes:
        data = read(self, n)
        counts.append(len(data))
        return data

    monkeypatch.setattr(zipfile.ZipExtFile, "read", counting)
    return counts


HUGE = (
    "That .rosz file's roster inflates to more than 8 MB; Vox reads rosters up to 8 MB, "
    "so split the list."
)


def test_a_member_declaring_100_mb_is_refused_before_inflating(inflated: list[int]) -> None:
    data = patched(rosz(XML), size=100_000_000)
    assert refused(data) == HUGE
    assert inflated == []


def test_a_member_declaring_one_byte_over_the_bound_is_refused(inflated: list[int]) -> None:
    assert refused(patched(rosz(XML), size=MAX_INFLATED + 1)) == HUGE
    assert inflated == []


@pytest.mark.parametrize("declared", [1_000, MAX_INFLATED])
def test_a_member_lying_about_its_size_stops_inflating_at_the_bound(
    inflated: list[int], declared: int
) -> None:
    bomb = rosz(b"\0" * (3 * MAX_INFLATED))  # about 24 kB zipped
    assert len(bomb) < 100_000
    assert refused(patched(bomb, size=declared)) == zipped.DAMAGED  # its checksum cannot match
    assert sum(inflated) <= declared


def test_inflating_stops_at_the_bound_whatever_the_archive_reports(inflated: list[int]) -> None:
    """Even if the archive believed the lie (the member's size as the reader sees it), Vox's
    own count stops the inflation one byte past the bound."""
    archive = zipfile.ZipFile(io.BytesIO(rosz(b"\0" * (3 * MAX_INFLATED))))
    member = archive.infolist()[0]
    member.file_size = 10 * MAX_INFLATED
    with pytest.raises(BadFile, match="inflates to more than 8 MB"):
        zipped._inflate(archive, member)
    assert sum(inflated) == MAX_INFLATED + 1


def test_an_encrypted_zip_is_refused(inflated: list[int]) -> None:
    assert refused(patched(rosz(XML), flags=0x1)) == (
        "That .rosz file is password-protected; export it again from BattleScribe without one."
    )
    assert inflated == []


def test_a_zip_with_an_unknown_compression_is_refused() -> None:
    assert refused(patched(rosz(XML), method=99)) == zipped.UNSUPPORTED


def flipped(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :]


@pytest.mark.parametrize(
    "data",
    [
        b"PK\x03\x04" + b"\0" * 40,
        rosz(XML)[:-30],
        flipped(rosz(XML), at=30 + len("DG_2k_inexorable.ros") + 3),  # in the deflated data
        patched(rosz(XML), method=zipfile.ZIP_DEFLATED)[:60] + b"\xff" * 60,
    ],
    ids=["no-directory", "truncated", "altered", "garbled"],
)
def test_a_damaged_zip_is_refused(data: bytes) -> None:
    assert refused(data) == (
        "That .rosz file is damaged (not a whole zip archive): export it again from BattleScribe."
    )


# --- JSON ---

TOO_DEEP = (
    "That JSON file is nested more than 64 levels deep; no army list is, so Vox does not read it."
)


def test_json_nested_100000_deep_is_refused_before_parsing() -> None:
    assert refused(b"[" * 100_000 + b"]" * 100_000, "list.json") == TOO_DEEP
    assert refused(b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "list.json") == TOO_DEEP


def test_json_deep_but_unclosed_is_refused_too() -> None:
    assert refused(b"[" * 100_000, "list.json") == TOO_DEEP


def test_json_nested_exactly_to_the_bound_reaches_the_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[object] = []
    monkeypatch.setattr("bot.armies.json_roster.read_json", seen.append)
    monkeypatch.setattr("bot.armies.roster.to_army", lambda *a: None)
    read_upload(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH, "list.json")
    assert len(seen) == 1
    assert refused(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "list.json") == TOO_DEEP


def test_brackets_inside_strings_do_not_count() -> None:
    assert depth('{"name": "[[[{{{\\"]]]", "x": [1, {"y": "}"}]}') == 3


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b'{"roster": {"name": "x",}}', "line 1, column 25: expecting property name enclosed"),
        (b'{"roster": "never ends}', "a string never ends"),
        (b'{"points": ' + b"9" * 5000 + b"}", "a value Vox cannot read"),
        (b"[1, 2", "line 1, column 6: expecting ',' delimiter"),
    ],
)
def test_damaged_json_is_one_sentence(data: bytes, problem: str) -> None:
    sentence = refused(data, "list.json")
    assert sentence.startswith(f"That JSON file is damaged ({problem}")
    assert sentence.endswith("; export the list again from New Recruit or Vox's /army export.")
