"""Settings read from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.shards import MAX_SHARDS, parse_shard_ids
from bot.store.database import DEFAULT_POOL_SIZE, UnusableDatabase, parse_target, redact

Edition = Literal["9th", "10th"]
SEED_MAX = 2**63 - 1
SNOWFLAKE_MAX = 2**64 - 1
MAX_WORKERS = 32
MAX_POOL = 100
# What each setting must be, as the end of the one sentence an invalid value gets.
EXPECTED = {
    "database_path": "a file path such as data/vox.sqlite3",
    "database_url": "sqlite:///data/vox.sqlite3, postgresql://user:password@host:5432/vox, or "
    "empty",
    "database_pool_size": f"a whole number from 1 to {MAX_POOL}",
    "dev_guild_id": "a server id (a whole number such as 123456789012345678), or empty",
    "log_level": "DEBUG, INFO, WARNING or ERROR",
    "default_edition": "9th or 10th",
    "discord_api_base": "an http:// or https:// address with a host, such as "
    "https://discord.com/api/v10, or empty",
    "discord_gateway_url": "a ws:// or wss:// address with a host, such as "
    "wss://gateway.discord.gg, or empty",
    "dice_seed": f"a whole number from 0 to {SEED_MAX}, or empty",
    "compute_workers": f"a whole number from 1 to {MAX_WORKERS}, or empty for one per core "
    "less one",
    "shard_count": f"a whole number from 1 to {MAX_SHARDS}, or empty for the count Discord "
    "recommends",
    # SHARD_IDS: the sentence names what is wrong (see bot.shards.parse_shard_ids).
}
URL_SCHEMES = {"discord_api_base": ("http", "https"), "discord_gateway_url": ("ws", "wss")}


class MissingToken(Exception):
    """Raised when DISCORD_TOKEN is missing or empty."""

    SENTENCE = (
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token after "
        "DISCORD_TOKEN= (Discord Developer Portal -> your application -> Bot -> Reset Token)."
    )


def machine_workers() -> int:
    """Odds workers when COMPUTE_WORKERS is empty: one per core, less one for the event loop."""
    return max(1, min(MAX_WORKERS, (os.cpu_count() or 1) - 1))


class Settings(BaseSettings):
    """Everything Vox reads at start-up."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = ""
    database_path: Path = Path("data/vox.sqlite3")
    database_url: str | None = Field(default=None)  # wins over DATABASE_PATH; see `database`
    database_pool_size: int = Field(default=DEFAULT_POOL_SIZE, ge=1, le=MAX_POOL)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_edition: Edition = "9th"
    discord_api_base: str | None = Field(default=None)
    discord_gateway_url: str | None = Field(default=None)
    dice_seed: int | None = Field(default=None, ge=0, le=SEED_MAX)
    compute_workers: int | None = Field(default=None, ge=1, le=MAX_WORKERS)  # see `workers`
    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    shard_ids: str | None = Field(default=None)  # after shard_count: its validator reads it

    @field_validator(
        "dev_guild_id",
        "database_url",
        "discord_api_base",
        "discord_gateway_url",
        "dice_seed",
        "compute_workers",
        "shard_count",
        "shard_ids",
        mode="before",
    )
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError(EXPECTED["log_level"])
        return level

    @field_validator("default_edition", mode="before")
    @classmethod
    def _edition_any_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("database_path", mode="before")
    @classmethod
    def _a_file_path(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            raise ValueError(EXPECTED["database_path"])
        return value

    @field_validator("database_url")
    @classmethod
    def _a_database(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            parse_target(value.strip())
        except UnusableDatabase:
            raise ValueError(EXPECTED["database_url"]) from None
        if "://" not in value:
            raise ValueError(EXPECTED["database_url"])
        return value.strip()

    @field_validator("dev_guild_id")
    @classmethod
    def _a_snowflake(cls, value: int | None) -> int | None:
        if value is not None and not 0 < value <= SNOWFLAKE_MAX:
            raise ValueError(EXPECTED["dev_guild_id"])
        return value

    @field_validator("discord_api_base", "discord_gateway_url")
    @classmethod
    def _an_address(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None:
            return None
        value = value.strip()
        try:
            parts = urlsplit(value)
            host = parts.hostname
            parts.port  # noqa: B018 - raises ValueError on a port that is not a number
        except ValueError:
            host = None
        if parts.scheme.lower() not in URL_SCHEMES[str(info.field_name)] or not host:
            raise ValueError(EXPECTED[str(info.field_name)])
        return value

    @field_validator("shard_ids")
    @classmethod
    def _shards_of_the_count(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None:
            return None
        if "shard_count" not in info.data:  # SHARD_COUNT itself is invalid: that is said first
            return value
        return ",".join(map(str, parse_shard_ids(value, info.data["shard_count"])))

    @property
    def shards(self) -> tuple[int, ...] | None:
        """The shard ids this process runs (SHARD_IDS), or None for every one of SHARD_COUNT."""
        return None if self.shard_ids is None else parse_shard_ids(self.shard_ids, self.shard_count)

    @property
    def database(self) -> str | Path:
        """What the store opens: DATABASE_URL if set, else DATABASE_PATH (SQLite)."""
        return self.database_url or self.database_path

    @property
    def workers(self) -> int:
        """COMPUTE_WORKERS, or one per core less one when it is empty."""
        return self.compute_workers or machine_workers()

    def require_token(self) -> str:
        """The token, or `MissingToken` when it is missing or blank."""
        token = self.discord_token.strip()
        if not token:
            raise MissingToken(MissingToken.SENTENCE)
        return token


def invalid_setting(error: ValidationError) -> str:
    """One sentence for the first invalid setting: its name, the value given and what it must be."""
    first = error.errors()[0]
    field = str(first["loc"][0]) if first["loc"] else ""
    name = field.upper() or "A setting"
    expected = EXPECTED.get(field) or str(first["msg"]).removeprefix("Value error, ")
    given = first.get("input")
    if isinstance(given, str) and field == "database_url":
        given = redact(given)  # a password never reaches the terminal or a log
    shown = f" ({_shown(given)})" if isinstance(given, str) else ""
    expected = expected.rstrip(".")
    return f"{name} (in .env or the environment) is not valid{shown}: it must be {expected}."


def _shown(value: str) -> str:
    value = value.strip()
    if not value:
        return "it is empty"
    return repr(value if len(value) <= 40 else value[:37] + "...")
