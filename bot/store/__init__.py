"""The only SQL in Vox: the aiosqlite connection, migrations and repositories."""
