"""The scrub use case and its field rules, with in-memory targets."""

import base64
import json
import os

from abzu.application.scrub.fields import FieldScrubber, redacted
from abzu.application.scrub.ports import Scrubbed, ScrubCount, ScrubProgress
from abzu.application.scrub.scrub_stores import ScrubRequest, ScrubStores
from abzu.domain.content import content_hash
from tests.canaries import Canaries


def hide_hunter2(text: str) -> str:
    return text.replace("hunter2", "[REDACTED:password]")


class InMemoryTarget:
    """A place holding named texts; records each call."""

    def __init__(self, name: str, values: dict[str, str], problems: tuple[str, ...] = ()) -> None:
        self.name, self.values, self.problems, self.calls = name, values, problems, []

    def scrub(self, fields: FieldScrubber, *, dry_run: bool, progress: ScrubProgress) -> Scrubbed:
        self.calls.append(dry_run)
        progress.begin(self.name, len(self.values))
        cleaned = {key: fields.text(value) for key, value in self.values.items()}
        changed = sum(cleaned[k] != v for k, v in self.values.items())
        if not dry_run:
            self.values = cleaned
        return Scrubbed((ScrubCount(self.name, "notes", len(cleaned), changed),), self.problems)


class RecordingProgress:
    def __init__(self) -> None:
        self.labels: list[str] = []

    def begin(self, label: str, total: int) -> None:
        self.labels.append(label)

    def advance(self, count: int) -> None:
        pass


def use_case(*targets: InMemoryTarget) -> ScrubStores:
    return ScrubStores(targets=targets, transform=hide_hunter2)


def test_each_target_is_scrubbed_in_turn_and_counted():
    wisdom = InMemoryTarget("wisdom.db", {"a": "password hunter2", "b": "use WAL"})
    logs = InMemoryTarget("logs", {"abzu.log": "login hunter2 ok"})
    progress = RecordingProgress()

    report = use_case(wisdom, logs).execute(ScrubRequest(), progress)

    assert [(c.target, c.scanned, c.changed) for c in report.counts] == [("wisdom.db", 2, 1), ("logs", 1, 1)]
    assert report.changed == 2 and report.scanned == 3 and not report.dry_run
    assert wisdom.values == {"a": "password [REDACTED:password]", "b": "use WAL"}
    assert progress.labels == ["wisdom.db", "logs"]


def test_a_dry_run_counts_the_same_and_changes_nothing():
    target = InMemoryTarget("abzu.db", {"a": "hunter2"})

    report = use_case(target).execute(ScrubRequest(dry_run=True))

    assert report.dry_run and report.changed == 1 and target.values == {"a": "hunter2"}
    assert target.calls == [True]


def test_a_clean_store_reports_zero():
    report = use_case(InMemoryTarget("wisdom.db", {"a": "use WAL"})).execute(ScrubRequest())

    assert report.changed == 0 and report.problems == ()


def test_a_problem_in_one_target_does_not_stop_the_others():
    broken = InMemoryTarget("snapshots", {}, problems=("snapshot x could not be scrubbed",))
    logs = InMemoryTarget("logs", {"abzu.log": "hunter2"})

    report = use_case(broken, logs).execute(ScrubRequest())

    assert report.problems == ("snapshot x could not be scrubbed",) and logs.calls == [False]


def test_a_json_document_is_cleaned_string_by_string_and_keeps_its_shape():
    fields = FieldScrubber(hide_hunter2)
    document = json.dumps({"decisions": [{"reason": "pw hunter2", "n": 3}], "hunter2": None})

    cleaned = json.loads(fields.document(document))

    assert cleaned == {"decisions": [{"reason": "pw [REDACTED:password]", "n": 3}], "hunter2": None}


def test_an_unchanged_document_keeps_its_exact_text():
    document = '{"tags" :   ["a",  "b"]}'

    assert FieldScrubber(hide_hunter2).document(document) is document


def test_text_that_is_not_json_is_cleaned_as_text():
    assert FieldScrubber(hide_hunter2).document("hunter2 {") == "[REDACTED:password] {"


def test_escaping_inside_json_cannot_hide_a_secret():
    aws = Canaries.fresh().aws
    escaped = '{"note": "' + "".join(f"\\u{ord(ch):04x}" for ch in aws) + '"}'
    assert redacted(escaped) == escaped  # the raw text shows no key to the rules

    assert aws not in json.loads(FieldScrubber(redacted).document(escaped))["note"]


def test_the_content_hash_is_the_write_paths():
    assert FieldScrubber(hide_hunter2).content_hash("Use  WAL\n") == content_hash("use wal")


def test_a_text_file_counts_changed_lines_and_catches_secrets_spanning_lines():
    body = base64.b64encode(os.urandom(300)).decode()
    pem = "\n".join(
        ["-----BEGIN RSA PRIVATE KEY-----", body[:64], body[64:128], "-----END RSA PRIVATE KEY-----"]
    )
    aws = Canaries.fresh().aws
    text = f"start\nkey {aws}\n{pem}\nend\n"

    cleaned, changed = FieldScrubber(redacted).lines(text)

    assert changed == 2 and aws not in cleaned and body[:64] not in cleaned
    assert cleaned.startswith("start\n") and cleaned.endswith("\nend\n")
    assert FieldScrubber(redacted).lines(cleaned) == (cleaned, 0)


def test_kept_keys_of_a_document_are_left_as_they_are():
    document = json.dumps({"cwd": "/src/hunter2", "payload": {"cwd": "/x/hunter2", "reason": "hunter2"}})

    cleaned = json.loads(FieldScrubber(hide_hunter2).document(document, kept={"cwd"}))

    assert cleaned == {
        "cwd": "/src/hunter2", "payload": {"cwd": "/x/hunter2", "reason": "[REDACTED:password]"}}
