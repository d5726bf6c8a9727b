"""Capture from structure, second pass (capture-general): failures a filter pipe hid, one
problem failing several ways, a request the person had to repeat, documentation fetched and
acted on. Hand-made minimal transcripts."""

from abzu.domain.category import Category
from abzu.domain.extraction.fixes import program_of
from abzu.domain.extraction.heuristics import CandidateDraft, digest
from abzu.domain.extraction.rules import Outcome, classify, is_read_only
from abzu.domain.extraction.transcript import ToolCall, ToolOutcome, TranscriptRecord
from tests.unit.records import bash, calls, edit, returns, said, wrote

DENIED = "/repo/.venv/bin/app: 2: exec: /repo/.venv/bin/python: Permission denied"


def _drafts(*parts: TranscriptRecord | list[TranscriptRecord]) -> list[CandidateDraft]:
    return list(digest([r for p in parts for r in (p if isinstance(p, list) else [p])]).candidate_drafts())


def _bash(command: str, output: str) -> Outcome:
    return classify(ToolCall("t", "Bash", {"command": command}), ToolOutcome("t", False, output, None))


# --- a command piped into a filter exits 0: its error line is the failure -------------------

def test_an_error_line_behind_a_filter_pipe_is_a_failure() -> None:
    removal = "error: failed to remove file `.venv/lib64`"
    assert _bash("uv run app --help 2>&1 | head -30", removal) is Outcome.FAILED
    assert _bash("cd /r && uv run app 2>&1 | tail -5", DENIED) is Outcome.FAILED
    assert _bash("python x.py 2>&1 | head", "ModuleNotFoundError: No module named 'torch'") is Outcome.FAILED


def test_an_error_word_without_a_masking_pipe_or_in_a_look_is_no_failure() -> None:
    assert _bash("uv run app --help", "error: is printed by the app's own help") is Outcome.SUCCESS
    assert _bash("grep -rn 'error: ' src | head", "src/a.py:3: error: x") is Outcome.SUCCESS
    assert _bash("uv run app 2>&1 | head", "no errors: all fine") is Outcome.SUCCESS
    logs = "kubectl logs deploy/api --tail 50 | grep -i err"
    assert _bash(logs, "ERROR: upstream timed out") is Outcome.SUCCESS


def test_a_chain_is_read_only_only_when_every_command_of_it_looks() -> None:
    assert is_read_only("ls -la .venv 2>&1; uv run app --help") is False
    assert is_read_only("cd /r && git status && git diff") is True
    assert is_read_only("grep -rn x src || true") is True
    assert program_of("ls -la .venv; uv run app --help 2>&1 | head -30") == "uv run app"
    assert program_of("make test || true") == "make test"


# --- one program failing several ways, never fixed: one problem, with its cause -------------

def test_one_program_failing_several_ways_is_one_known_problem_with_the_latest_cause() -> None:
    drafts = _drafts(
        said("make `uv run app serve` work without activating a venv"),
        bash("t1", "uv run app --help 2>&1 | head -30", "error: cannot remove .venv: Value too large"),
        bash("t2", "mv .venv .venv.old; uv run app --help 2>&1 | head -30", DENIED),
        wrote("Permission issue with the Python binary."),
        bash("t3", "ls -la .venv 2>&1; uv run app --help 2>&1 | head -30", DENIED),
        wrote("Same permission issue — the sandbox does not let the venv's python symlinks run."),
    )
    [known] = [d for d in drafts if d.category is Category.LEARNING]
    assert "failed 3 times" in known.content and "Permission denied" in known.content
    cause = "Cause: Same permission issue — the sandbox does not let the venv's python symlinks run."
    assert cause in known.content


# --- a request the person had to make again: what Claude found on the second attempt --------

ACTIVATED = "Environment activated. You can now install the dependencies."
WHY = ("The activation didn't persist in the Bash tool's shell: each call starts a new one, so "
       "the environment has to be activated in your own terminal.")


def test_a_request_repeated_after_claude_acted_keeps_what_the_second_attempt_found() -> None:
    drafts = _drafts(
        said("conda activate ml311"), bash("t1", "conda activate ml311", ""), wrote(ACTIVATED),
        said("which environment am I in?"), bash("t2", "conda info --envs", "base * /opt/conda"),
        wrote("You are in base."),
        said("conda activate  ML311"), bash("t3", "source activate ml311", ""),
        bash("t4", "echo $CONDA_DEFAULT_ENV", "base"), wrote(WHY),
    )
    [learning] = [d for d in drafts if d.category is Category.LEARNING]
    assert learning.content.startswith("Asked again (the first attempt did not do it): conda activate ML311")
    assert WHY in learning.content


def test_a_short_reply_a_repeat_without_action_or_a_first_request_keeps_nothing() -> None:
    assert _drafts(said("go on then"), bash("t1", "make build", ""), wrote("Built."),
                   said("go on then"), bash("t2", "make test", ""), wrote("Tests pass.")) == []
    assert _drafts(said("run the linter please"), wrote("I can't run it here: " + WHY),
                   said("run the linter please"), wrote("As said: " + WHY)) == []
    assert _drafts(said("conda activate ml311"), bash("t1", "conda activate ml311", ""), wrote(WHY)) == []


# --- documentation looked up, then acted on: what Claude says about the thing it looked up --

NO_OP = ("The `acme/setup-display-action` step is a documented no-op on macOS (native display), so "
         "no conditional was needed.")


def test_a_page_fetched_then_a_change_keeps_the_sentence_naming_what_was_looked_up() -> None:
    drafts = _drafts(
        said("add macOS to the CI matrix"),
        calls("w1", "WebFetch", url="https://github.com/acme/setup-display-action", prompt="macOS?"),
        returns("w1", "Not needed on macOS."),
        edit("e1", "/repo/.github/workflows/test.yml"),
        wrote(f"The matrix now runs on ubuntu and macos. {NO_OP}"),
        calls("r1", "Read", file_path="/repo/.github/workflows/test.yml"), returns("r1", "..."),
        wrote("Single-file change; tell me if you want a PR."),
    )
    [learning] = [d for d in drafts if d.category is Category.LEARNING]
    assert learning.content == f"{NO_OP} (looked up: https://github.com/acme/setup-display-action)"


def test_a_lookup_nothing_was_done_with_or_a_reply_not_naming_it_keeps_nothing() -> None:
    looked = [calls("w1", "WebSearch", query="vite plus typescript peer range"), returns("w1", "links")]
    assert _drafts(said("does vite plus accept typescript 7?"), *looked,
                   wrote("Vite plus declares a typescript peer range of ^5 || ^6 only.")) == []
    assert _drafts(said("add the cache"), *looked, edit("e1", "/src/cache.py"),
                   wrote("I've added the cache with vite plus typescript support."),
                   wrote("The cache is wired in and the tests pass.")) == []


# --- where something hard to find lives: a search by name found none, a later one found it --

def test_a_name_found_under_another_root_after_a_search_that_found_none_is_a_learning() -> None:
    drafts = _drafts(
        said("read your handoff and carry on"),
        bash("f1", 'find /work/app -iname "*handoff*" -not -path "*/.git/*"', ""),
        bash("f2", 'echo "---HANDOFFS---"; find /home/me/.claude -iname "*handoff*" 2>/dev/null',
             "---HANDOFFS---\n/home/me/.claude/handoffs"),
    )
    [where] = [d for d in drafts if d.category is Category.LEARNING]
    found = "Where the `handoff` files are: /home/me/.claude/handoffs (not under /work/app"
    assert where.content.startswith(found)


def test_a_name_found_at_once_a_vague_name_or_the_same_root_again_is_no_finding() -> None:
    assert _drafts(bash("f1", "find /work/app -name 'settings.toml'", "/work/app/conf/settings.toml")) == []
    assert _drafts(bash("f1", "find /work/app -name '*.md'", ""),
                   bash("f2", "find /home/me -name '*.md'", "/home/me/notes.md")) == []
    assert _drafts(bash("f1", "find /work/app -name 'settings*'", ""),
                   bash("f2", "find /work/app -name 'settings*'", "/work/app/settings.toml")) == []
