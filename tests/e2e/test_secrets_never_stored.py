"""Issue 7: planted secrets driven through every ingress leave zero bytes behind.

Remember (CLI and MCP), a whole Claude Code session through `abzu hook …` subprocesses, and a
Gemini review over a recording fake transport. Afterwards no trace of any planted value is in
wisdom.db, abzu.db, their -wal/-shm files, the log, the spool, the review snapshots, or any
request that left for the reviewer — and markers show each path really carried its secrets.
"""

import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx2
import pytest
from dependency_injector import providers
from typer.testing import CliRunner

from abzu.adapters.gemini.client import build_gemini_client
from abzu.adapters.sqlite.stores import ready
from abzu.entrypoints.cli.app import create_app
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import Container, build_container
from tests.e2e.hook_driver import ClaudeCode, eventually
from tests.e2e.planted_secrets import Plant, files_under, leaks, pem, plant_all
from tests.mcp_support import call, ok
from tests.token_corpus import FORMATS
from tests.transcript_lines import SESSION, assistant, jsonl, result, text, user
from tests.transcript_lines import call as tool_call
from tests.unit.test_redaction import TOKEN_FAMILIES

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
P = plant_all()
# Rules with no natural place in the scenarios above: pasted as a config dump through MCP.
UNPLACED = ("google-oauth-client-secret", "google-oauth-token", "github-app-token", "github-oauth",
            "github-refresh-token", "telegram-bot-token", "digitalocean-token", "age-secret-key")


def s(rule: str) -> str:
    return P[rule].secret


def session_transcript() -> bytes:
    """A session where secrets turn up as they do for real: a pasted trace with a DSN, a `.env`
    cat, a curl with a bearer header that fails and is fixed, decisions naming keys."""
    dsn = f"postgresql://orders:{s('url-credentials')}@db.internal:5432/orders"
    curl = (f'curl -sf -H "Authorization: Bearer {s("bearer-token")}" '
            "https://api.internal.example/v1/deploy")
    dotenv = "\n".join([f"AWS_ACCESS_KEY_ID={s('aws-access-key')}", f"OPENAI_API_KEY={s('openai-api-key')}",
                        f"SESSION_SIGNING_KEY={s('env-secret')}", f"DATABASE_URL={dsn}", "DEBUG=false"])
    return jsonl(
        user("The deploy fails:\nTraceback (most recent call last):\n  File \"/src/api/db.py\", line 12\n"
             f"sqlalchemy.exc.OperationalError: could not connect to {dsn}\n"
             f"The password for the staging db is {s('password-prose')} by the way. "
             f"<private>{s('private')}</private>"),
        assistant(text(f"I'll use the deploy token {s('github-pat')} only from CI secrets. "
                       f"We decided to rotate the Stripe key {s('stripe-secret-key')} after the incident. "
                       "We decided to keep the connection string DefaultEndpointsProtocol=https;"
                       f"AccountName=acme;AccountKey={s('azure-account-key')};"
                       "EndpointSuffix=core.windows.net for staging. "
                       f"We decided the Twilio key {s('twilio-api-key')} with secret "
                       f"{s('twilio-secret')} stays in the vault.")),
        tool_call("t1", "Bash", command="cat .env"),
        result("t1", dotenv),
        tool_call("t2", "Bash", command=curl),
        result("t2", f"curl: (22) The requested URL returned error: 401 for key {s('sendgrid-api-key')}",
               is_error=True),
        tool_call("t3", "Edit", file_path="/src/api/settings.py", old_string="API_KEY = ''",
                  new_string=f'API_KEY = os.environ.get("API_KEY", "{s("google-api-key")}")'),
        result("t3", "The file /src/api/settings.py has been updated."),
        tool_call("t4", "Bash", command=curl),
        result("t4", "deployed"),
        user(f"Thanks. Now push with git push https://deploy:{s('gitlab-pat')}@gitlab.example.com/a/b.git "
             f"and tag the release with {s('github-fine-grained-pat')}"),
    )


def run_session(cc: ClaudeCode) -> None:
    folder = Path(cc.env["HOME"]) / ".claude" / "projects" / "-src-api"
    folder.mkdir(parents=True)
    path = folder / f"{SESSION}.jsonl"
    path.write_bytes(session_transcript())
    base = {"session_id": SESSION, "transcript_path": str(path)}
    summary = f"We switched to the npm token {s('npm-token')} and a JWT {s('jwt')} for the staging API."
    for event, extra in [
        ("session-start", {"hook_event_name": "SessionStart", "source": "startup"}),
        ("pre-compact", {"hook_event_name": "PreCompact", "trigger": "manual",
                         "custom_instructions": f"keep {s('anthropic-api-key')} in mind"}),
        ("post-compact", {"hook_event_name": "PostCompact", "trigger": "manual", "compact_summary": summary}),
        ("stop", {"hook_event_name": "Stop", "stop_hook_active": False,
                  "last_assistant_message": f"Done; used {s('huggingface-token')}."}),
        ("session-end", {"hook_event_name": "SessionEnd", "reason": "prompt_input_exit"}),
    ]:
        assert cc.hook(event, {**base, **extra}).returncode == 0
    eventually(lambda: bool(cc.query("SELECT 1 FROM sessions WHERE finalized_at IS NOT NULL")))


def remember_by_cli(container: Container) -> None:
    app, runner = create_app(container), CliRunner()
    note = (f"Prefer the read-only DB user; never inline it like {pem(P['private-key'])} or "
            f"DB_PASSWORD=\"{s('password-assignment')}\" in settings")
    for args, stdin in [
        (["remember", "-", "-c", "preference", "--summary", f"ro user, not {s('slack-token')}",
          "--tag", s("linear-api-key")], note),
        (["remember", f"Smoke test with curl -u admin:{s('cli-user')} https://staging.example.com/health "
          f"and the docker login {s('docker-pat')}", "-c", "decision"], None),
    ]:
        done = runner.invoke(app, args, input=stdin)
        assert done.exit_code == 0 and "redacted before storing" in done.stdout, done.output


def remember_by_mcp(container: Container) -> None:
    server = build_server(container)
    stored = ok(call(server, "enki_remember", {
        "content": (f"Fix: the webhook needed the header Authorization: Basic {s('basic-auth')}; "
                    f"Azure app secret was {s('azure-client-secret')}; Slack hook {s('slack-webhook')}"),
        "category": "fix", "summary": f"webhook auth ({s('databricks-token')})",
        "tags": [s("shopify-token"), "webhook"],
    }))
    assert stored["redactions"] >= 4
    dump = "\n".join(f"{rule.upper().replace('-', '_')}: {s(rule)}" for rule in UNPLACED)
    pasted = ok(call(server, "enki_remember", {
        "content": f"Learned: the CI job printed its whole config on failure:\n{dump}\nMask it.",
        "category": "learning"}))
    assert pasted["redactions"] == len(UNPLACED)
    remember_issue_20_formats(server)


def remember_issue_20_formats(server: Any) -> None:
    """Issue 20's leak list and every corpus format, through MCP as a pasted note."""
    corpus = [name for name, _ in FORMATS if name not in TOKEN_FAMILIES]
    lines = [f"{name} -> {s(name)}" for name in corpus] + [
        f'{{"type": "service_account", "private_key_id": "{s("gcp-private-key-id")}"}}',
        f"For the staging box the password is {s('password-letters')}.",
        f"My passphrase is {s('passphrase-spaced')}.",
        f"echo '{s('sudo-password')}' | sudo -S systemctl restart api",
    ]
    pasted = ok(call(server, "enki_remember", {
        "content": "Learned: the setup notes held these:\n" + "\n".join(lines), "category": "learning"}))
    assert pasted["redactions"] >= len(lines)


def gemini_answering(container: Container, decisions: list[dict[str, Any]]) -> list[httpx2.Request]:
    """Points the container's Gemini client at a recording fake transport; returns what was sent."""
    sent: list[httpx2.Request] = []
    body = json.dumps({"decisions": decisions})

    def handle(request: httpx2.Request) -> httpx2.Response:
        sent.append(request)
        return httpx2.Response(200, json={"candidates": [
            {"content": {"role": "model", "parts": [{"text": body}]}, "finishReason": "STOP"}]})

    client = build_gemini_client("test-key", attempts=1, initial_delay_s=0.01, max_delay_s=0.01,
                                 httpx_client=httpx2.Client(transport=httpx2.MockTransport(handle)))
    container.config.review_api_key.from_value("test-key")
    container.review.gemini_client.override(providers.Object(client))
    return sent


def review_with_gemini(container: Container) -> list[httpx2.Request]:
    """The reviewer promotes everything and, as a model may, echoes secrets in what it writes."""
    app, runner = create_app(container), CliRunner()
    staged = json.loads(runner.invoke(app, ["candidates", "--json"]).stdout)["candidates"]
    decisions = [{"action": "promote", "candidate_ids": [c["id"]], "bead_ids": [], "content": None,
                  "category": None, "reason": f"durable; key {s('groq-api-key')}"} for c in staged]
    decisions[0]["content"] = f"{staged[0]['content']} (rotated to {s('pypi-token')})"
    sent = gemini_answering(container, decisions)
    done = runner.invoke(app, ["review"])
    assert done.exit_code == 0, done.output
    return sent


def markers(db: Path) -> set[str]:
    with sqlite3.connect(db) as conn:
        dump = "\n".join(conn.iterdump())
    return {m.split(":")[1] for m in dump.split("[REDACTED")[1:] if m.startswith(":")}


def test_planted_secrets_leave_zero_bytes_on_every_path(tmp_path: Path, monkeypatch: Any) -> None:
    for name in ("GEMINI_API_KEY", "GOOGLE_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    cc = ClaudeCode.at(tmp_path)
    run_session(cc)
    staged_by_session = markers(cc.home / "abzu.db")
    container = build_container(Settings(home=cc.home), cwd=cc.project)
    remember_by_cli(container)
    remember_by_mcp(container)
    sent = review_with_gemini(container)

    open_files = {p.name: leaks(p.read_bytes(), P) for p in files_under(cc.home)}
    container.shutdown_resources()
    closed_files = {p.name: leaks(p.read_bytes(), P) for p in files_under(cc.home)}
    payloads = [leaks(r.content, P) for r in sent]

    assert {"abzu.db-wal", "wisdom.db-wal"} <= set(open_files)
    assert {"abzu.db", "wisdom.db"} <= set(closed_files)
    assert all(found == [] for found in open_files.values()), open_files
    assert all(found == [] for found in closed_files.values()), closed_files
    assert sent and payloads == [[] for _ in sent]
    # Each path carried secrets (their markers are stored) — the zero above is not for want of input.
    expected = {"gitlab-pat", "bearer-token", "github-pat", "stripe-secret-key", "jwt"}
    assert expected <= staged_by_session, staged_by_session
    assert b"[REDACTED:" in sent[0].content
    promoted = markers(cc.home / "wisdom.db")
    assert {"private-key", "password-assignment", "basic-auth", "pypi-token"} <= promoted, promoted


def test_a_secret_stored_before_its_rule_existed_never_reaches_the_reviewer(
    container: Container, abzu_home: Path
) -> None:
    """The prompt builder redacts again: old rows, restored backups or a rule added later."""
    token = s("github-oauth")
    ready(abzu_home / "abzu.db", "staging")  # migrated, as any earlier run would have left it
    with sqlite3.connect(abzu_home / "abzu.db") as conn:
        conn.execute(
            "INSERT INTO bead_candidates (id, content, category, project, content_hash, source, created_at)"
            " VALUES ('c-old', ?, 'decision', 'api', 'h', 'manual', '2026-01-01T00:00:00+00:00')",
            (f"We decided to call the API with {token} directly",),
        )
    sent = gemini_answering(container, [])
    CliRunner().invoke(create_app(container), ["review"])
    assert sent and all(leaks(r.content, {"t": Plant("github-oauth", token)}) == [] for r in sent)
    assert b"[REDACTED:github-oauth" in sent[0].content
