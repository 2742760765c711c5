"""Psychic tests: embeds, Deny/Smite/Perils buttons."""
