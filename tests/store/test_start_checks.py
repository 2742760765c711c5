"""open_database refuses a DATABASE_PATH it cannot use in one sentence, before writing anything."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.store.connect import open_database
from bot.store.database import UnusableDatabase, migrations
from bot.store.meta import get_meta
from bot.store.sqlite import APPLICATION_ID, SqliteDatabase
from tests.store.start_cases import as_ordinary_user, damage, snapshot, vox_file


def refusal(path: Path) -> str:
    with pytest.raises(UnusableDatabase) as refused:
        asyncio.run(open_database(path))
    return str(refused.value)


def one_sentence(text: str, path: Path) -> None:
    assert text.startswith(f"DATABASE_PATH ({path}) ")
    assert "\n" not in text and text.endswith(".") and "Traceback" not in text


def random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(8192))


def truncated(path: Path) -> None:
    vox_file(path)
    path.write_bytes(path.read_bytes()[: 4096 * 3])


def damaged_page(path: Path) -> None:
    vox_file(path)
    damage(path, page=len(path.read_bytes()) // 4096 - 2)


def another_applications(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")  # even a "meta" table
    conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("PRAGMA user_version = 3")
    conn.commit()
    conn.close()


def marked_by_another_application(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1598903374")  # Fossil's, say; no tables yet
    conn.close()


def newer_vox(path: Path) -> None:
    vox_file(path, application_id=APPLICATION_ID)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(migrations()) + 1}")
    conn.close()


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (random_bytes, "is not a SQLite database"),
        (truncated, "is damaged"),
        (damaged_page, "is damaged"),
        (another_applications, "is another application's SQLite database"),
        (marked_by_another_application, "is another application's SQLite database"),
        (newer_vox, "was written by a newer Vox"),
    ],
)
def test_an_unusable_file_is_refused_in_one_sentence_and_left_byte_identical(
    tmp_path: Path, make: Callable[[Path], None], problem: str
) -> None:
    path = tmp_path / "vox.sqlite3"
    make(path)
    before = snapshot(tmp_path)
    text = refusal(path)
    one_sentence(text, path)
    assert problem in text
    assert snapshot(tmp_path) == before  # byte-identical, and no -wal/-shm beside it


def test_a_page_damaged_beyond_the_schema_is_found_by_quick_check(tmp_path: Path) -> None:
    path = tmp_path / "vox.sqlite3"
    vox_file(path, application_id=APPLICATION_ID)
    damage(path, page=len(path.read_bytes()) // 4096 - 2)
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0  # reads fine
    conn.close()
    assert "is damaged (SQLite's integrity check failed)" in refusal(path)


def test_a_newer_vox_database_names_both_schema_versions(tmp_path: Path) -> None:
    path = tmp_path / "vox.sqlite3"
    newer_vox(path)
    newest = len(migrations())
    assert refusal(path) == (
        f"DATABASE_PATH ({path}) was written by a newer Vox (schema {newest + 1}; this one "
        f"knows up to {newest}); update Vox, or point DATABASE_PATH at another file."
    )


def test_a_folder_is_refused_and_nothing_is_created_in_it(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    text = refusal(folder)
    one_sentence(text, folder)
    assert "is a folder, not a file" in text
    assert list(folder.iterdir()) == []


def test_a_path_under_a_regular_file_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a folder")
    path = tmp_path / "notes.txt" / "deeper" / "vox.sqlite3"
    before = snapshot(tmp_path)
    text = refusal(path)
    one_sentence(text, path)
    assert f"is inside {tmp_path / 'notes.txt'}, which is a file, not a folder" in text
    assert snapshot(tmp_path) == before


async def test_an_empty_file_is_new_and_becomes_vox_s(tmp_path: Path) -> None:
    path = tmp_path / "vox.sqlite3"
    path.touch()
    async with await SqliteDatabase.open_path(path) as db:
        assert await db.schema_version() == len(migrations())
        assert await db.application_id() == APPLICATION_ID


async def test_a_new_database_is_marked_as_vox_s(tmp_path: Path) -> None:
    async with await SqliteDatabase.open_path(tmp_path / "vox.sqlite3") as db:
        assert await db.application_id() == APPLICATION_ID


async def test_a_vox_database_from_before_application_id_is_upgraded_and_marked(
    tmp_path: Path,
) -> None:
    path = tmp_path / "vox.sqlite3"
    vox_file(path, version=4)  # what every Vox so far has written: application_id 0
    async with await SqliteDatabase.open_path(path) as db:
        assert await db.schema_version() == len(migrations())
        assert await db.application_id() == APPLICATION_ID
        assert await get_meta(db, "k") == "kept"
    async with await SqliteDatabase.open_path(path) as db:  # and opens again as Vox's own
        assert await get_meta(db, "k") == "kept"


async def test_a_current_vox_database_without_the_mark_gets_it(tmp_path: Path) -> None:
    path = tmp_path / "vox.sqlite3"
    vox_file(path)  # every migration, but application_id still 0
    async with await SqliteDatabase.open_path(path) as db:
        assert await db.application_id() == APPLICATION_ID


# --- permissions: chmod only binds ordinary users, so these run as one (see as_ordinary_user) ---


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A folder an unprivileged child can reach (pytest's tmp_path is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="vox-perm-"))
    try:
        yield folder
    finally:
        for p in [folder, *folder.rglob("*")]:
            if p.is_dir():
                p.chmod(stat.S_IRWXU)
        shutil.rmtree(folder)


def try_open(path: Path) -> Callable[[], int]:
    def attempt() -> int:
        try:
            asyncio.run(open_database(path))
        except UnusableDatabase as refused:
            print(refused, file=sys.stderr)
            return 2
        return 0

    refusal(Path(tempfile.gettempdir()))  # a folder: warms every import up for the child
    return attempt


def test_a_read_only_file_is_refused_for_an_ordinary_user_and_left_alone(
    shared_folder: Path,
) -> None:
    path = shared_folder / "vox.sqlite3"
    vox_file(path, application_id=APPLICATION_ID)
    path.chmod(0o444)
    before = snapshot(shared_folder)
    code, err = as_ordinary_user(shared_folder, try_open(path))
    assert code == 2, err
    assert err.strip() == (
        f"DATABASE_PATH ({path}) is read-only for Vox; make it writable or pick another path."
    )
    assert snapshot(shared_folder) == before


def test_a_database_in_a_read_only_folder_is_refused_for_an_ordinary_user(
    shared_folder: Path,
) -> None:
    path = shared_folder / "vox.sqlite3"
    vox_file(path, application_id=APPLICATION_ID)
    before = snapshot(shared_folder)
    shared_folder.chmod(0o555)  # the file is writable; its -wal and -shm could not be created
    code, err = as_ordinary_user(shared_folder, try_open(path))
    assert code == 2, err
    one_sentence(err.strip(), path)
    assert f"is in a folder Vox cannot write to ({shared_folder})" in err
    assert snapshot(shared_folder) == before


def test_a_new_database_in_a_read_only_folder_is_refused_for_an_ordinary_user(
    shared_folder: Path,
) -> None:
    path = shared_folder / "data" / "vox.sqlite3"
    shared_folder.chmod(0o555)
    code, err = as_ordinary_user(shared_folder, try_open(path))
    assert code == 2, err
    one_sentence(err.strip(), path)
    assert f"cannot be created, because Vox cannot write to the folder {shared_folder}" in err
    assert list(shared_folder.iterdir()) == []
