"""How stored session text is shown to Claude: quoted data with its provenance, never orders."""

from datetime import datetime

from abzu.domain.sessions.summary import SessionSummary


def quote(text: str) -> str:
    """Every line prefixed with "> ": the text reads as a citation, not as Abzu speaking."""
    return "\n".join(f"> {line}".rstrip() for line in text.strip().splitlines())


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def short_id(session_id: str) -> str:
    return session_id[:8]


def render_summary(summary: SessionSummary, title: str) -> str:
    """A title line, then the conversational state (what was being discussed and decided) and
    the operational state (files, tasks, errors), both quoted."""
    parts = [title]
    talk, notes = (summary.conversational_state or "").strip(), (summary.operational_state or "").strip()
    if talk:
        parts += ["Conversation (Claude Code's compact summary):", quote(talk)]
    if notes:
        parts += ["Work done (Abzu's notes from the transcript):", quote(notes)]
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
