"""Morale, battle-shock, desperate escape, advance, charge and reserves: embeds and buttons."""
