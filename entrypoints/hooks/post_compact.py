"""PostCompact: the hook is recorded; Claude Code's compact summary fills the snapshot's
conversational state (through the container: compaction has just taken many seconds anyway)."""

from abzu.adapters.claude_hook_payload import HookPayload
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.hooks.env import session_cwd
from abzu.entrypoints.wiring.hook_cases import HookUseCases


def run(raw: str, home: DataHome) -> None:
    from abzu.application.sessions.record_hook_event import HookCall
    from abzu.domain.sessions.record import HookEvent

    payload = HookPayload.model_validate_json(raw)
    cwd = session_cwd(payload.cwd)
    call = HookCall(payload.session_id, HookEvent.POST_COMPACT, payload.transcript_path, payload.trigger)
    HookUseCases.for_hook(str(home.root), str(cwd)).record().execute(call)
    if payload.compact_summary:
        from abzu.entrypoints.hooks.full import attach_compact_summary
        from abzu.entrypoints.hooks.pre_compact import wait_for_snapshot

        wait_for_snapshot(home, payload.session_id)  # the summary belongs to that snapshot
        attach_compact_summary(payload, cwd)
