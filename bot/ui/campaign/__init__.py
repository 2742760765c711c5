"""Crusade campaigns: embeds, cards, files and the aftermath's components."""
