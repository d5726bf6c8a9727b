"""`abzu redact`: what Abzu would store of a text, and `--check`: what it would hide, and why."""

import sys
from typing import Annotated

import typer
from pydantic import BaseModel

from abzu.application.redaction.check_redaction import CheckRedaction, RedactionCheck

HELP = """Show what Abzu would store of TEXT ('-' reads stdin): secrets replaced by \
[REDACTED:<rule>:<hash>] markers, `<private>…</private>` spans dropped. The same rules run on every \
write (remember, transcripts, session summaries), on review prompts and on log lines.

With --check, list each secret found (rule, line, column, length; never the value) instead. \
Exit status: 0 when nothing would change, 1 when something would be redacted — usable in a \
pre-commit hook or a script."""


class HitView(BaseModel):
    rule: str
    line: int
    column: int
    length: int
    context: str


class RedactionView(BaseModel):
    changed: bool
    private_spans: int
    hits: list[HitView]
    redacted: str

    @classmethod
    def of(cls, check: RedactionCheck) -> "RedactionView":
        hits = [HitView(rule=h.rule, line=h.line, column=h.column, length=h.length, context=h.context)
                for h in check.hits]
        return cls(changed=check.changed, private_spans=check.private_spans, hits=hits,
                   redacted=check.redacted)


def register(app: typer.Typer) -> None:
    app.command("redact", help=HELP)(redact)


def redact(
    text: Annotated[str, typer.Argument(help="The text to check; '-' reads stdin.")],
    check: Annotated[bool, typer.Option("--check", help="List the findings instead of the text.")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    source = sys.stdin.buffer.read().decode("utf-8", errors="replace") if text == "-" else text
    result = CheckRedaction().execute(source)
    if json:
        typer.echo(RedactionView.of(result).model_dump_json(indent=2))
    elif check:
        _report(result)
    else:
        typer.echo(result.redacted, nl=not result.redacted.endswith("\n"))
    if check and result.changed:
        raise typer.Exit(code=1)


def _report(result: RedactionCheck) -> None:
    for hit in result.hits:
        typer.echo(f"{hit.line}:{hit.column}  {hit.rule}  ({hit.length} chars)  {hit.context}")
    if result.private_spans:
        typer.echo(f"{result.private_spans} private span(s) would be dropped")
    if not result.changed:
        typer.echo("nothing to redact")
    else:
        typer.echo(f"{len(result.hits)} secret(s) would be redacted", err=True)
