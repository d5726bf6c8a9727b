"""The terminal side of `abzu review --interactive`: prompts on stdin, plain text on stdout."""

from collections.abc import Sequence

import typer
from rich.console import Console

from abzu.adapters.human.reviewer import Dialogue


class TyperDialogue(Dialogue):
    def __init__(self, console: Console | None = None) -> None:
        self._console = console or Console()

    def show(self, text: str) -> None:
        self._console.print(text, markup=False, highlight=False, emoji=False)

    def choose(self, question: str, choices: Sequence[str], default: str) -> str | None:
        while True:
            answer = self.ask(question, default, show_default=True)
            if answer is None:
                return None
            if answer.strip().lower()[:1] in choices:
                return answer.strip().lower()[:1]
            typer.echo(f"Please answer one of: {', '.join(choices)}")

    def ask(self, question: str, default: str, *, show_default: bool = False) -> str | None:
        try:
            return str(typer.prompt(question, default=default, show_default=show_default))
        except typer.Abort:
            return None
