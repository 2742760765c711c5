"""Armies a player imports once from a list builder and fields in games and campaign battles.

`model` is Vox's own army format (what `/army export` and `python -m bot army FILE` print);
`tree` is a roster as BattleScribe and New Recruit write it, whichever encoding it came in.
"""
