"""Vox: a Discord bot for Warhammer 40,000 tables."""
