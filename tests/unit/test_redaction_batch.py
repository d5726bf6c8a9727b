"""Ingest redacts many windows in one engine pass (issue 13): each window comes back at least
as redacted as on its own, whatever its neighbours hold."""

from hypothesis import given, settings
from hypothesis import strategies as st

from abzu.adapters.jsonl.line_models import TranscriptLine
from abzu.adapters.jsonl.record_mapping import MARGIN, MAX_INPUT_STRING, PlannedRecord, plan_record
from abzu.adapters.jsonl.redaction_batch import SEPARATOR, RedactionBatch
from abzu.domain.redaction import redact
from tests.token_corpus import corpus, leaked
from tests.unit.test_token_corpus import NAMED_LEAKS

ROWS = corpus()
NAMED = [text for text, _secret in NAMED_LEAKS.values()]


def _ghp(tag: str) -> str:
    """A GitHub-token-shaped fake: ghp_ and 36 letters and digits, `tag` first."""
    return "ghp_" + (tag + "x9Y8z7W6v5U4aBcD3fGh1JkL2mNpQrStUvWxYz")[:36]


def _batched(windows: list[str]) -> list[str]:
    batch = RedactionBatch()
    for window in windows:
        batch.add(window)
    batch.run()
    return [batch.get(window) for window in windows]


def test_the_token_corpus_redacted_together_is_what_each_text_gives_alone() -> None:
    texts = [text for _name, _setting, _tok, text in ROWS] + NAMED
    assert _batched(texts) == [redact(text).text for text in texts]


def test_no_corpus_token_survives_a_batch_whatever_its_setting() -> None:
    out = _batched([text for *_, text in ROWS])
    alone = [leaked(tok, redact(text).text) for _n, _s, tok, text in ROWS]
    assert [leaked(tok, o) for (_n, _s, tok, _t), o in zip(ROWS, out, strict=True)] == alone


def test_a_private_span_left_open_in_one_window_does_not_swallow_its_neighbours() -> None:
    windows = ["before <private>the user's note", _ghp("N31ghb0ur"), "after"]
    out = _batched(windows)
    assert out == [redact(w).text for w in windows] and out[2] == "after" and "N31ghb0ur" not in out[1]


def test_a_window_holding_the_separator_is_still_redacted_alone() -> None:
    window = "token " + _ghp("S3p4r4t0r") + SEPARATOR + "ssh in as deploy, pw is Kq9!mzLp2"
    out = _batched([window, "plain words"])
    assert "S3p4r4t0r" not in out[0] and "Kq9!mzLp2" not in out[0] and out[1] == "plain words"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*NAMED, "the password is", "sunflower", "<private>", "</private>",
                                 "-----BEGIN PRIVATE KEY-----", "AccountKey=", "x y z", "\n", ""]),
                min_size=1, max_size=12))
def test_any_mix_of_windows_is_at_least_as_redacted_as_each_alone(windows: list[str]) -> None:
    for window, out in zip(windows, _batched(windows), strict=True):
        alone = redact(window).text
        assert out == alone or out.count("[REDACTED") > alone.count("[REDACTED") or len(out) < len(alone)


def _plan(command: str, batch: RedactionBatch) -> PlannedRecord:
    line = TranscriptLine.model_validate({
        "type": "assistant", "uuid": "u1", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": command}}]}})
    plan = plan_record(line, batch)
    assert plan is not None
    return plan


def test_a_secret_inside_the_kept_part_and_one_past_the_cut_are_both_gone() -> None:
    kept_token, late_token = _ghp("K3ptP4rt"), _ghp("P4stTh3Cut")
    command = f"echo {kept_token} " + "word " * ((MAX_INPUT_STRING + MARGIN) // 5) + late_token
    batch = RedactionBatch()
    plan = _plan(command, batch)
    batch.run()
    stored = str(plan.build(batch).tool_calls[0].input["command"])
    assert "K3ptP4rt" not in stored and "[REDACTED" in stored and "P4stTh3Cut" not in stored
    assert len(stored) <= MAX_INPUT_STRING + 1
