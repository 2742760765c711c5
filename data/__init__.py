"""Vox's static tables as package data: `editions/*.json` and `crusade/*.json`.

A package so that the wheel ships the JSON and the code finds it the same way wherever Vox runs
(`importlib.resources.files("data")`): from the checkout, an editable install or an installed
wheel. The runtime SQLite file that defaults to this folder (`data/vox.sqlite3`) is never packaged.
"""
