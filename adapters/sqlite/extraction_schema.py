"""SQLAlchemy Core views of the extraction bookkeeping tables of abzu.db (migration s0002).

`transcript_cursors.byte_offset` means "mined up to here" and is written only by extraction: a
hook that merely notes where a transcript stood must keep that elsewhere (the `sessions` table).
`extraction_log` itself (with s0002's `status` and `detail`) is the core schema's table.
"""

from sqlalchemy import Column, Integer, MetaData, Table, Text

from abzu.adapters.sqlite.schema import extraction_log

__all__ = ["extracted_messages", "extraction_log", "extraction_metadata", "transcript_cursors"]

extraction_metadata = MetaData()

transcript_cursors = Table(
    "transcript_cursors", extraction_metadata,
    Column("session_id", Text, primary_key=True),
    Column("transcript_path", Text, nullable=False),
    Column("byte_offset", Integer, nullable=False),
    Column("updated_at", Text),
    Column("read_to", Integer),  # s0015: how far passes have read (byte_offset may stay behind)
    Column("failures", Text),  # s0015: JSON [[error line, count, first message uuid], …]
)

extracted_messages = Table(
    "extracted_messages", extraction_metadata,
    Column("session_id", Text, primary_key=True),
    Column("message_uuid", Text, primary_key=True),
    Column("kind", Text, primary_key=True),
    Column("candidate_id", Text),
    Column("created_at", Text),
)
