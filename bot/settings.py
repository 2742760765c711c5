"""Settings read from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

Edition = Literal["9th", "10th"]


class MissingToken(Exception):
    """Raised when DISCORD_TOKEN is missing or empty."""

    SENTENCE = (
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token after "
        "DISCORD_TOKEN= (Discord Developer Portal -> your application -> Bot -> Reset Token)."
    )


class Settings(BaseSettings):
    """Everything Vox reads at start-up."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = ""
    database_path: Path = Path("data/vox.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    default_edition: Edition = "9th"
    discord_api_base: str | None = Field(default=None)
    discord_gateway_url: str | None = Field(default=None)
    dice_seed: int | None = Field(default=None, ge=0, le=2**63 - 1)

    @field_validator(
        "dev_guild_id", "discord_api_base", "discord_gateway_url", "dice_seed", mode="before"
    )
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
        return level

    def require_token(self) -> str:
        """The token, or `MissingToken` when it is missing or blank."""
        token = self.discord_token.strip()
        if not token:
            raise MissingToken(MissingToken.SENTENCE)
        return token
