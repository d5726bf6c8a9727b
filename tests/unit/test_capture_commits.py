"""A commit's own account of a change (issue 30.2, commits.py): hand-made minimal transcripts."""

from dataclasses import replace

import pytest

from abzu.domain.category import Category
from abzu.domain.extraction.heuristics import CandidateDraft, digest
from abzu.domain.extraction.transcript import TranscriptRecord
from tests.unit.records import bash, calls, returns, said

BODY = ("inviteJury stored the email exactly as the admin typed it, while signInJury looked the\n"
        "profile up by the lowercased address, so a juror invited with capitals could not log in.")
HOOK_FAILED = "Exit code 1\npre-commit: eslint failed"


def _drafts(*parts: TranscriptRecord | list[TranscriptRecord]) -> list[CandidateDraft]:
    return list(digest([r for p in parts for r in (p if isinstance(p, list) else [p])]).candidate_drafts())


def _heredoc(subject: str, body: str = BODY, *, trailers: str = "") -> str:
    message = f"{subject}\n\n{body}\n{trailers}"
    return f"git add lib/auth.ts && git commit -q -F - <<'EOF'\n{message}EOF\ngit log -1"


def test_a_fix_commit_with_a_body_is_a_fix_in_the_commits_own_words() -> None:
    commit = bash("t1", _heredoc("fix(jury): lowercase invited emails"), "[main 2b0f2bf] fix(jury)")
    [draft] = _drafts(said("jurors cannot log in"), commit)
    assert draft.category is Category.FIX
    assert draft.content == f"Committed: fix(jury): lowercase invited emails\n{BODY}"
    assert draft.context == "Request: jurors cannot log in"


@pytest.mark.parametrize("command", [
    'git commit -m "feat: one invite table for finalists" -m "Invites live in their own table so a mail '
    'scanner that opens the link cannot accept the place: GET never writes."',
    "git commit -m \"$(cat <<'EOF'\nfeat: one invite table for finalists\n\nInvites live in their own "
    "table so a mail scanner that opens the link cannot accept the place: GET never writes.\nEOF\n)\"",
])
def test_any_other_commit_with_a_body_is_a_decision_however_the_message_is_given(command: str) -> None:
    [draft] = _drafts(said("ship the finale invites"), bash("t1", command, "[main 200ab05] feat"))
    assert draft.category is Category.DECISION
    assert draft.content.startswith("Committed: feat: one invite table for finalists\nInvites live in their")


def test_trailers_and_the_generated_line_are_not_the_body() -> None:
    trailers = ("\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
                "Co-Authored-By: Claude <x@y>\n")
    [draft] = _drafts(bash("t1", _heredoc("fix: lowercase emails", trailers=trailers), "ok"))
    assert draft.content.endswith(BODY)
    assert _drafts(bash("t2", _heredoc("chore: bump", body="Co-Authored-By: Claude <x@y>"), "ok")) == []


def test_a_subject_alone_says_what_not_why() -> None:
    assert _drafts(bash("t1", 'git commit -am "chore: enable the hooks for more agents"', "ok")) == []


def test_a_commit_that_failed_is_not_staged_and_its_retry_is_once() -> None:
    command = _heredoc("fix: lowercase emails")
    assert _drafts(bash("t1", command, HOOK_FAILED, error=True)) == []
    [draft] = _drafts(bash("t1", command, HOOK_FAILED, error=True), bash("t2", command, "[main 1a2b3c4] fix"))
    assert draft.category is Category.FIX


def test_a_commit_whose_result_never_came_still_counts() -> None:
    # the transcript ends at the call (a session cut short): the commit most likely ran
    [draft] = _drafts(said("commit it"), calls("t1", "Bash", command=_heredoc("fix: lowercase emails")))
    assert draft.content.startswith("Committed: fix: lowercase emails")


def test_a_long_session_stages_the_three_commits_that_explain_most_in_their_order() -> None:
    bodies = [BODY[: 60 + 20 * i] for i in range(5)]  # the later, the longer
    bodies[0] = BODY  # the first explains most
    commits = [bash(f"t{i}", _heredoc(f"feat: step {i}", body=b), "ok") for i, b in enumerate(bodies)]
    subjects = [d.content.splitlines()[0] for d in _drafts(*commits)]
    assert subjects == ["Committed: feat: step 0", "Committed: feat: step 3", "Committed: feat: step 4"]


def test_a_message_cut_short_by_the_reader_keeps_what_was_read() -> None:
    # the transcript reader keeps 2,000 characters of a command: the here-document loses its end
    long_body = BODY + "\n" + "- more detail\n" * 200
    command = _heredoc("fix!: repair the culture guard", body=long_body)[:2000] + "…"
    [draft] = _drafts(bash("t1", command, "ok"))
    assert draft.content.startswith(f"Committed: fix!: repair the culture guard\n{BODY}")


def test_a_message_written_to_a_file_first_in_the_same_command_is_read() -> None:
    command = (f"S=/tmp/scratch && cat > $S/msg.txt <<'EOF'\nfix: harden frontmatter parsing\n\n{BODY}\nEOF\n"
               "git add src/catalog.py && git commit -q -F $S/msg.txt && git log -1")
    [draft] = _drafts(bash("t1", command, "ok"))
    assert draft.content == f"Committed: fix: harden frontmatter parsing\n{BODY}"


def test_an_amended_commit_replaces_the_one_it_rewrites() -> None:
    draft_reason = "A first draft of the reason, replaced by the amend."
    first = bash("t1", f'git commit -m "fix(jury): lowercase emails" -m "{draft_reason}"', "[main 2b0f2bf]")
    amended = bash("t2", f'git commit --amend -m "fix(jury): lowercase invited emails" -m "{BODY}"',
                   "[main 3c1d2e4] fix(jury)")
    [draft] = _drafts(said("jurors cannot log in"), first, amended)
    assert draft.content == f"Committed: fix(jury): lowercase invited emails\n{BODY}"


def test_an_amend_that_failed_leaves_the_commit_it_meant_to_rewrite() -> None:
    first = bash("t1", _heredoc("fix(jury): lowercase invited emails"), "[main 2b0f2bf] fix(jury)")
    amended = bash("t2", 'git commit --amend -m "fix: other" -m "A body long enough to be read as a reason."',
                   HOOK_FAILED, error=True)
    [draft] = _drafts(said("jurors cannot log in"), first, amended)
    assert draft.content == f"Committed: fix(jury): lowercase invited emails\n{BODY}"


def test_a_commit_a_subagent_made_is_read_as_claudes_own() -> None:
    commit = calls("t1", "Bash", command=_heredoc("fix(jury): lowercase invited emails"))
    side = [replace(commit, is_sidechain=True), returns("t1", "[main 2b0f2bf] fix(jury)", is_sidechain=True)]
    [draft] = _drafts(said("fix the juror login in a subagent"), side)
    assert draft.content == f"Committed: fix(jury): lowercase invited emails\n{BODY}"
