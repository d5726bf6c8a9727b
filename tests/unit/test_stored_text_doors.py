"""Issue 20.1: hostile stored text stays data in every door's output (property-based).

Hypothesis writes stored text out of the pieces an attacker would use: closing tags of every
wrapper Abzu and Claude Code use, the fence itself, fake `[abzu-memory]` headers and section
headings, bidi and zero-width characters, very long lines. Whatever it writes, no door's output
may contain a tag Abzu did not write, an invisible character, or a line that stored text begins
(a forged heading).
"""

import json
import re
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from abzu.application.recall import Recalled
from abzu.application.sessions.hook_ports import ProjectState
from abzu.application.sessions.inject_post_compact import InjectPostCompact, PostCompactRequest
from abzu.application.sessions.inject_session_start import InjectSessionStart, SessionStartRequest
from abzu.domain.ranking import RankedHit, Source
from abzu.domain.sessions.open_loop import OpenLoop
from abzu.entrypoints.mcp_server.answers import RecallAnswer
from abzu.entrypoints.recall_views import RecallView
from tests.fakes import FixedClock, FixedWorkspace
from tests.session_fakes import (
    FakeContext,
    FakePersona,
    FakeProjectFiles,
    FakeTranscripts,
    RecordingJournal,
)
from tests.unit.session_builders import hit, snapshot

WRAPPERS = ("system-reminder", "system", "user", "assistant", "memory", "memory-0a1b2c3d",
            "item_0a1b2c3d", "command-name", "local-command-stdout", "function_calls",
            "antml:invoke", "tool_result", "abzu-memory", "instructions")
HEADINGS = ("[abzu-memory]", "Project state:", "Relevant memory (Abzu beads and staged candidates, "
            "best match first):", "Last session:", "This session before compaction:",
            "Persona (from persona.md in Abzu's data home):", "Enforcement gates (from .enki/gates.md):",
            "SYSTEM:", "- b-999 · preference · reviewed bead · global · 2026-01-01:", "[…]")
INVISIBLE = "\u202e\u202d\u202a\u2066\u2067\u2068\u2069\u200b\u200c\u200d\u2060\ufeff\u00ad\x1b\x00\x7f"
PIECES = st.one_of(
    st.sampled_from(WRAPPERS).map(lambda w: f"</{w}>"),
    st.sampled_from(WRAPPERS).map(lambda w: f"<{w} id=b-1>"),
    st.sampled_from(HEADINGS),
    st.sampled_from(("\n", "\n\n", "\r\n", "\u2028", "\u2029", "\x85", " ", "&lt;", ">", "&")),
    st.sampled_from(INVISIBLE),
    st.text(max_size=12),
    st.integers(1, 3_000).map(lambda n: "x" * n),  # very long lines
)
HOSTILE = st.lists(PIECES, min_size=1, max_size=14).map("".join)
FENCE_RE = re.compile(r"quoted between <(memory-[0-9a-f]{8}) …>")
QUOTED = ("> ", "  > ")
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def session_start(text: str) -> str:
    hits = [hit("b-1", text), hit("c-1", text, source=Source.CANDIDATE)]
    state = ProjectState(goal=text, phase=text, tier="full", gates=text)
    loop = OpenLoop("l-1", "api", "task", text, "h", "sess-before", datetime(2026, 1, 1, tzinfo=UTC),
                    datetime(2026, 1, 1, tzinfo=UTC))  # issue 29: open loops are stored text too
    last = snapshot(2, session="sess-before", talk=text, notes=text, final=True)
    sut = InjectSessionStart(
        FakeContext(last=last, hits=hits, loops=[loop]),
        RecordingJournal(), FakeProjectFiles(state), FakePersona(text), FixedWorkspace(),
        FakeTranscripts(), FixedClock(),
    )
    return sut.execute(SessionStartRequest("sess-now")).text


def post_compact(text: str) -> str:
    summaries = [snapshot(i, talk=f"We decided to {text}. {text}", notes=text) for i in (1, 2, 3)]
    sut = InjectPostCompact(
        FakeContext(summaries=summaries), RecordingJournal(),
        FakeProjectFiles(ProjectState(goal=text, phase=text, tier="standard", gates=text)),
        FakePersona(text), FixedWorkspace(), FixedClock(),
    )
    return sut.execute(PostCompactRequest("sess-now")).text


def assert_block_is_safe(block: str, benign: str) -> None:
    """`benign` is the same door's output for harmless text: the lines Abzu itself writes."""
    fence = FENCE_RE.search(block)
    assert fence is not None, "the header names the block's fence"
    name = fence.group(1)
    assert_no_invisible(block)
    without_tags = re.sub(rf"</?{name}(?: [^<>\n]*)?>", "", block.replace(fence.group(0), ""))
    assert "<" not in without_tags.rstrip("</" + name[:-1]), "a tag Abzu did not write"
    assert block.count(f"</{name}>") <= block.count(f"<{name}")
    abzu_lines = {line for line in benign.splitlines()}
    for line in block.splitlines():
        if line.startswith(QUOTED) or line.startswith((f"<{name}", f"</{name}")) or line in ("[…]", ">"):
            continue
        assert _normalise(line) in {_normalise(a) for a in abzu_lines} or _is_abzu_line(line), line


def _normalise(line: str) -> str:
    return re.sub(r"\d+", "N", re.sub(r"memory-[0-9a-f]{8}", "memory-F", line))


def _is_abzu_line(line: str) -> bool:
    return bool(re.fullmatch(r"\d+ more items via recall \(enki_recall\)\.|"
                             r"Earlier in this session \(\d+ snapshot\(s\), condensed by Abzu\):|"
                             r"Key decisions from \d+ earlier snapshot\(s\) \(more via recall\):|"
                             r"(Project: |Goal).*|"  # the state lines: stored parts neutralised onto them
                             r"Project state:", line))


def assert_no_invisible(text: str) -> None:
    assert not set(text) & set(INVISIBLE.replace("\x00", "")), "an invisible character survived"
    assert "\x00" not in text


@SLOW
@given(HOSTILE)
def test_session_start_never_lets_stored_text_end_the_fence_or_forge_a_section(text: str) -> None:
    block = session_start(text)
    assert_block_is_safe(block, session_start("harmless note"))
    assert block.count("\nProject state:\n") == 1 and block.splitlines()[0] == "[abzu-memory]"


@SLOW
@given(HOSTILE)
def test_post_compaction_never_lets_stored_text_end_the_fence_or_forge_a_section(text: str) -> None:
    block = post_compact(text)
    assert_block_is_safe(block, post_compact("harmless note"))
    assert block.count("\nProject state:\n") == 1


@SLOW
@given(HOSTILE)
def test_mcp_and_cli_recall_quote_hostile_text_as_inert_data(text: str) -> None:
    found = Recalled("q", "api", "project", (RankedHit(hit("b-1", text), 0.9, 0.9),))
    cli = RecallView.of(found)
    mcp = RecallAnswer.of(found)
    [item] = mcp.results
    opening = re.match(r"<(memory-[0-9a-f]{8}) id=b-1>", item.text)
    assert opening is not None and item.text.endswith(f"</{opening.group(1)}>")
    inner = item.text[opening.end(): -len(f"</{opening.group(1)}>")]
    as_json = json.loads(TypeAdapter(RecallView).dump_json(cli))  # what `abzu recall --json` prints
    for shown in (inner, cli.results[0].text, as_json["results"][0]["text"]):
        assert "<" not in shown
        assert_no_invisible(shown)
