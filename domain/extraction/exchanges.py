"""The files and commands each exchange of a session acted on (issue 16).

An exchange runs from one message of the user to the next. Every candidate mined from it (a
decision, a learning, a preference, not only a fix) is anchored to the files its Edit, Write
and MultiEdit calls touched and to the prefixes of the Bash commands it ran that change
something (a look such as `ls` or `git status` says nothing about the memory), including calls
made after the sentence in the same exchange. Bounded: a few anchors per exchange, CAP exchanges.
"""

from collections import OrderedDict
from dataclasses import replace
from functools import lru_cache
from typing import TypeVar

from abzu.domain.anchors import command_prefix
from abzu.domain.extraction.model import Decision, Note
from abzu.domain.extraction.rules import FILE_TOOLS, command_of, file_of, is_read_only
from abzu.domain.extraction.tasks import CAP
from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.redaction import redact

MAX_FILES, MAX_COMMANDS = 5, 3


T = TypeVar("T", Decision, Note)


class ExchangeAnchors:
    def __init__(self) -> None:
        self.turn = 0
        self._acted: OrderedDict[int, tuple[dict[str, None], dict[str, None]]] = OrderedDict()
        # Exchanges that changed something: a change need not leave an anchor (`cd repo; cp …`
        # has no plain command prefix), and a choice it carried out is no plan.
        self._changed: OrderedDict[int, None] = OrderedDict()

    def next_turn(self) -> None:
        self.turn += 1

    def on_call(self, call: ToolCall) -> None:
        files, commands = self._current()
        path = file_of(call) if call.name in FILE_TOOLS else None
        if path and len(files) < MAX_FILES:
            files[path] = None
        command = command_of(call)
        changes = call.name in FILE_TOOLS or (command is not None and not is_read_only(command))
        if changes and self.turn not in self._changed:
            self._changed[self.turn] = None
            if len(self._changed) > CAP:
                self._changed.popitem(last=False)
        prefix = command_prefix(command) if command and not is_read_only(command) else None
        if prefix and len(commands) < MAX_COMMANDS:
            commands[_redacted_prefix(prefix)] = None

    def anchored(self, item: T) -> T:
        """`item` with the anchors of the exchange it came from (none when it came from none)."""
        files, commands = self._acted.get(item.turn, ({}, {})) if item.turn is not None else ({}, {})
        if not (files or commands):
            return item
        return replace(item, files=tuple(files), commands=tuple(commands))

    def acted(self, turn: int | None) -> bool:
        """Whether the exchange changed something (a file, a command that is not a look)."""
        return turn is not None and turn in self._changed

    def _current(self) -> tuple[dict[str, None], dict[str, None]]:
        if self.turn not in self._acted:
            self._acted[self.turn] = ({}, {})
            if len(self._acted) > CAP:
                self._acted.popitem(last=False)
        return self._acted[self.turn]


# Every shell call passes here and prefixes recur ("pytest", "npm run build"): redacting each
# one anew was ≈ 10k engine calls per 100 MB of transcript (issue 13). Redaction is pure.
@lru_cache(maxsize=256)
def _redacted_prefix(prefix: str) -> str:
    return redact(prefix).text
