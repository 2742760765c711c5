"""Attacks and odds: /attack and /odds options, embeds and charts."""
