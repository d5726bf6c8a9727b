"""How stored session text is shown to Claude: quoted data with its provenance, never orders.

Stored text goes through the one renderer (`abzu.domain.quoting`): neutralised, every line
prefixed with "> ", inside the block's nonce fence."""

from dataclasses import replace
from datetime import datetime

from abzu.domain.quoting import label, neutralise, quote_block
from abzu.domain.sessions.summary import SessionSummary


def fenced(text: str, fence: str, *, source: str, review: str | None = None) -> str:
    """Stored text as a fenced block labelled with where it came from and its review state."""
    return quote_block(text, fence=fence, labels=label(source=source, review=review))


def neutralised(summary: SessionSummary) -> SessionSummary:
    """The summary with its stored texts neutralised, before anything (condensing, decision
    lists) quotes pieces of it."""
    def clean(text: str | None) -> str | None:
        return neutralise(text) if text is not None else None
    return replace(summary, goal=clean(summary.goal), phase=clean(summary.phase),
                   operational_state=clean(summary.operational_state),
                   conversational_state=clean(summary.conversational_state))


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def short_id(session_id: str) -> str:
    return session_id[:8]


def render_summary(summary: SessionSummary, title: str, fence: str) -> str:
    """A title line, then the conversational state (what was being discussed and decided) and
    the operational state (files, tasks, errors), both fenced and quoted."""
    parts = [title]
    talk, notes = (summary.conversational_state or "").strip(), (summary.operational_state or "").strip()
    if talk:
        parts += ["Conversation (Claude Code's compact summary):",
                  fenced(talk, fence, source="compact summary", review="not reviewed")]
    if notes:
        parts += ["Work done (Abzu's notes from the transcript):",
                  fenced(notes, fence, source="transcript notes", review="not reviewed")]
    if len(parts) == 1:
        parts.append("> (no notes recorded)")
    return "\n".join(parts)


def snapshot_title(summary: SessionSummary) -> str:
    if summary.is_final:
        return f"Summary of this session before it was reopened ({stamp(summary.created_at)}):"
    taken = stamp(summary.created_at)
    return f"Snapshot {summary.sequence} of this session, taken before compaction at {taken}:"


def last_session_title(summary: SessionSummary) -> str:
    if summary.is_final:
        return (f"Final summary of the previous session {short_id(summary.session_id)} "
                f"({stamp(summary.created_at)}):")
    return (f"The previous session {short_id(summary.session_id)} ended without a final summary; "
            f"its last snapshot ({stamp(summary.created_at)}):")


def crashed_session(session_id: str, last_write: datetime, digest: str, fence: str, room: int) -> str:
    """A session that ended without SessionEnd or any summary (crashed or killed): said so, not
    called "the previous session" in the sense of a finished one, with the digest of its
    transcript tail cut to `room` characters (whole lines, newest requests kept first)."""
    title = (f"The session {short_id(session_id)} before this one CRASHED or was killed: no "
             f"SessionEnd, no summary. Its transcript was last written {stamp(last_write)}; "
             "digest of its last lines (its work may be unfinished):")
    labels_room = len(title) + len(fence) * 2 + 120  # fence tags and their labels
    kept: list[str] = []
    for line in digest.splitlines():
        if sum(len(k) + 3 for k in kept) + len(line) + 3 > room - labels_room:
            break
        kept.append(line)
    body = fenced("\n".join(kept) or "(nothing readable)", fence,
                  source="transcript tail of the crashed session", review="not reviewed")
    return f"{title}\n{body}"
