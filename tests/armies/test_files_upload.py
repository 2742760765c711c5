"""`read_upload` sends each format to its reader, sniffed from the content, not the file name.

The readers (`read_xml`, `read_json`, `to_army`, `read_text`) are replaced by fakes that record
what they receive: these tests check the dispatch, not the reading.
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass, field

import pytest

from bot.armies.files import read_upload
from bot.armies.model import Army, ArmyUnit
from bot.armies.tree import Roster
from bot.errors import BadFile
from tests.armies.test_files_vox import ARMY

ROSTER = Roster(name="From the fake reader", game_system="Warhammer 40,000 10th Edition", forces=())
XML = b'<?xml version="1.0" encoding="UTF-8"?>\n<roster name="Plague Company"></roster>'
BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<roster name="&lol9;"></roster>"""
EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<roster name="&secret;"></roster>"""


@dataclass
class Readers:
    calls: list[tuple[str, tuple[object, ...]]] = field(default_factory=list)

    def read_xml(self, data: bytes) -> Roster:
        self.calls.append(("read_xml", (data,)))
        return ROSTER

    def read_json(self, doc: object) -> Roster:
        self.calls.append(("read_json", (doc,)))
        return ROSTER

    def to_army(self, roster: Roster, source: str, name: str | None = None) -> Army:
        self.calls.append(("to_army", (roster, source, name)))
        return ARMY

    def read_text(self, text: str, known: object = (), name: str | None = None) -> Army:
        self.calls.append(("read_text", (text, known, name)))
        return ARMY


@pytest.fixture
def readers(monkeypatch: pytest.MonkeyPatch) -> Readers:
    fake = Readers()
    monkeypatch.setattr("bot.armies.xml_roster.read_xml", fake.read_xml)
    monkeypatch.setattr("bot.armies.json_roster.read_json", fake.read_json)
    monkeypatch.setattr("bot.armies.roster.to_army", fake.to_army)
    monkeypatch.setattr("bot.armies.text.read_text", fake.read_text)
    return fake


def rosz(member: bytes, name: str = "DG_2k_inexorable.ros") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, member)
    return buffer.getvalue()


@pytest.mark.parametrize("filename", ["list.rosz", "list.ros", "list.txt", "attachment"])
def test_a_zip_is_a_rosz_whose_one_member_goes_to_the_xml_reader(
    readers: Readers, filename: str
) -> None:
    assert read_upload(rosz(XML), filename, name="Plague  Company") == ARMY
    assert readers.calls == [
        ("read_xml", (XML,)),
        ("to_army", (ROSTER, "battlescribe-rosz", "Plague Company")),
    ]


def test_a_rosz_member_may_be_called_anything_and_sit_in_a_folder(readers: Readers) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("exports/", b"")
        archive.writestr("exports/My List (copy)", XML)
    read_upload(buffer.getvalue(), "list.rosz")
    assert readers.calls[0] == ("read_xml", (XML,))


@pytest.mark.parametrize(
    "data",
    [XML, b"\xef\xbb\xbf" + XML, b"\n\n  " + XML, b"<roster/>", "<roster/>".encode("utf-16")],
)
@pytest.mark.parametrize("filename", ["list.ros", "list.rosz", "list.json"])
def test_xml_is_a_ros_given_to_the_xml_reader_as_it_is(
    readers: Readers, data: bytes, filename: str
) -> None:
    read_upload(data, filename)
    assert readers.calls == [("read_xml", (data,)), ("to_army", (ROSTER, "battlescribe-ros", None))]


@pytest.mark.parametrize("hostile", [BILLION_LAUGHS, EXTERNAL_ENTITY])
def test_entity_tricks_reach_the_xml_reader_untouched_for_it_to_refuse(
    readers: Readers, hostile: bytes
) -> None:
    """Only the XML reader (defusedxml) parses XML: files.py never expands anything itself."""
    read_upload(hostile, "list.ros")
    read_upload(rosz(hostile), "list.rosz")
    assert [args for reader, args in readers.calls if reader == "read_xml"] == [
        (hostile,),
        (hostile,),
    ]


def test_a_refusal_of_a_reader_is_passed_on_unchanged(
    readers: Readers, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(data: bytes) -> Roster:
        raise BadFile("That roster is for Age of Sigmar; Vox reads Warhammer 40,000 lists.")

    monkeypatch.setattr("bot.armies.xml_roster.read_xml", refuse)
    with pytest.raises(BadFile, match=r"^That roster is for Age of Sigmar; "):
        read_upload(XML, "list.ros")
    assert readers.calls == []  # never built into an army


@pytest.mark.parametrize(
    "document",
    [
        b'{"roster": {"name": "Wolves"}}',
        b' \n[{"roster": {}}]',
        b'\xef\xbb\xbf{"roster": {}}',
        '{"roster": {}}'.encode("utf-16"),
    ],
)
def test_other_json_is_new_recruit_given_to_the_json_reader_parsed(
    readers: Readers, document: bytes
) -> None:
    read_upload(document, "wolves.json", name="Wolves")
    assert readers.calls == [
        (
            "read_json",
            (json.loads(document.decode("utf-16" if b"\0" in document else "utf-8-sig")),),
        ),
        ("to_army", (ROSTER, "newrecruit-json", "Wolves")),
    ]


def test_a_json_document_with_another_format_is_new_recruit(readers: Readers) -> None:
    read_upload(b'{"format": "vox-army-2", "roster": {}}', "list.json")
    assert readers.calls[0] == ("read_json", ({"format": "vox-army-2", "roster": {}},))


TEXT = "Space Wolves 1985 Points\n\nCHARACTERS\n\nShas’vre (55 Points)\n  • 1x Bolt pistol\n"
KNOWN = (ArmyUnit(name="Shas’vre"),)


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode(),
        b"\xef\xbb\xbf" + TEXT.encode(),
        TEXT.encode("utf-16"),
        TEXT.encode("cp1252"),  # the typographic apostrophe is 0x92 there
    ],
)
def test_anything_else_is_a_text_export_decoded_for_the_text_reader(
    readers: Readers, data: bytes
) -> None:
    read_upload(data, "list.txt", known=KNOWN, name="Wolves")
    assert readers.calls == [("read_text", (TEXT, KNOWN, "Wolves"))]


def test_text_that_is_not_utf8_or_windows_1252_is_read_as_latin_1(readers: Readers) -> None:
    data = "Bolt pistol \x81 Grey Hunters\n".encode("latin-1")  # 0x81: no Windows-1252 letter
    read_upload(data, "list.txt")
    assert readers.calls == [("read_text", ("Bolt pistol \x81 Grey Hunters\n", (), None))]


def test_a_text_export_may_hold_tabs_and_windows_line_ends(readers: Readers) -> None:
    read_upload(b"Grey Hunters\t(180 Points)\r\n\x0c", "list.txt")
    assert readers.calls[0][0] == "read_text"
