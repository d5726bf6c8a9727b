"""DDL of the semantic extra's vector tables, shared by wisdom (beads) and staging (candidates).

One row per memory: the model that embedded it, the vector's length, the vector as float16
bytes (384 dims -> 768 bytes), and the content hash it was computed from, so a changed text or
a changed model is re-embedded by the next `abzu embed`. A trigger drops a memory's vector when
the memory row is deleted; vectors are a cache of the text, never the source of truth.
"""


def vector_table(table: str, owner: str) -> list[str]:
    return [
        f"""CREATE TABLE {table} (
            id TEXT PRIMARY KEY,
            model TEXT NOT NULL,
            dim INTEGER NOT NULL,
            vector BLOB NOT NULL,
            content_hash TEXT NOT NULL
        )""",
        f"CREATE TRIGGER {table}_owner_delete AFTER DELETE ON {owner} BEGIN "
        f"DELETE FROM {table} WHERE id = old.id; END",
    ]


def drop_vector_table(table: str) -> list[str]:
    return [f"DROP TRIGGER IF EXISTS {table}_owner_delete", f"DROP TABLE IF EXISTS {table}"]
