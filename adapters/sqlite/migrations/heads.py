"""The schema revision each store is at when this Abzu wrote it (standard library: the light path
compares it with the stored revision before deciding whether to load Alembic)."""

HEADS = {"wisdom": "w0015", "staging": "s0016"}
