"""Dice: /roll, /rolloff, /reroll and their embeds and re-roll button."""
