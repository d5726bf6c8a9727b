"""Driving the `abzu` CLI in process, on the real container."""

import json
from dataclasses import dataclass
from typing import Any

from typer.testing import CliRunner

from abzu.entrypoints.cli.app import create_app
from abzu.entrypoints.wiring.container import Container


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        assert self.code == 0, self.stderr
        return json.loads(self.stdout)


class Cli:
    def __init__(self, container: Container) -> None:
        self.app, self.runner = create_app(container), CliRunner()

    def __call__(self, *args: str, stdin: str | bytes | None = None) -> Run:
        result = self.runner.invoke(self.app, list(args), input=stdin, terminal_width=120)
        return Run(result.exit_code, result.stdout, result.stderr)
