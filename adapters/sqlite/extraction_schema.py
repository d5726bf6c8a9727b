"""SQLAlchemy Core views of the extraction bookkeeping tables of abzu.db (migration s0002).

`transcript_cursors.byte_offset` means "mined up to here" and is written only by extraction: a
hook that merely notes where a transcript stood must keep that elsewhere (the `sessions` table).
Kept in their own MetaData so that `extraction_log` (with s0002's `status` and `detail`) does not
clash with the core schema's view of it.
"""

from sqlalchemy import Column, Integer, MetaData, Table, Text

extraction_metadata = MetaData()

transcript_cursors = Table(
    "transcript_cursors", extraction_metadata,
    Column("session_id", Text, primary_key=True),
    Column("transcript_path", Text, nullable=False),
    Column("byte_offset", Integer, nullable=False),
    Column("updated_at", Text),
)

extracted_messages = Table(
    "extracted_messages", extraction_metadata,
    Column("session_id", Text, primary_key=True),
    Column("message_uuid", Text, primary_key=True),
    Column("kind", Text, primary_key=True),
    Column("candidate_id", Text),
    Column("created_at", Text),
)

extraction_log = Table(
    "extraction_log", extraction_metadata,
    Column("id", Text, primary_key=True),
    Column("session_id", Text, nullable=False),
    Column("jsonl_path", Text),
    Column("extracted_at", Text),
    Column("candidates_created", Integer),
    Column("method", Text, nullable=False),
    Column("status", Text),
    Column("detail", Text),
)
