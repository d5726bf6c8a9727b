"""Task completions: TodoWrite lists, and the TaskCreate/TaskUpdate tools of Claude Code 2.1.16+
(their shape is from public tool descriptions, not from a licensed transcript: parsed defensively)."""

import re
from collections import OrderedDict
from typing import TypeVar

from abzu.domain.extraction.transcript import ToolCall, ToolOutcome

CAP = 1_000  # per collection
V = TypeVar("V")
_TASK_NUMBER = re.compile(r"#(\w+)")


class TaskTracker:
    """Counts each task once, when it becomes completed."""

    def __init__(self) -> None:
        self.completed: OrderedDict[str, None] = OrderedDict()
        self._status: OrderedDict[str, str | None] = OrderedDict()  # TodoWrite content -> status
        self._subjects: OrderedDict[str, str] = OrderedDict()  # TaskCreate id -> subject
        self.not_done: OrderedDict[str, None] = OrderedDict()  # marked completed after a refused change
        self._refused = False  # the last change was denied or failed: nothing done since
        self.quiet = False  # states are followed, completions not reported (a record read again)

    def on_change(self, *, done: bool) -> None:
        """A change tool's outcome: a task marked completed right after a denied or failed
        change (and no change that worked since) is not reported as done."""
        self._refused = not done

    def on_call(self, call: ToolCall) -> None:
        if call.name == "TodoWrite":
            self._todo_list(call.input.get("todos"))
        elif call.name == "TaskUpdate" and call.input.get("status") == "completed":
            task_id = str(call.input.get("taskId", ""))
            subject = call.input.get("subject")
            self._complete(subject if isinstance(subject, str) and subject else
                           self._subjects.get(task_id, f"task #{task_id}"))

    def on_success(self, call: ToolCall | None, outcome: ToolOutcome) -> None:
        if call is None or call.name != "TaskCreate" or not isinstance(call.input.get("subject"), str):
            return
        number = _TASK_NUMBER.search(outcome.text)
        if number is not None:
            bounded_put(self._subjects, number.group(1), str(call.input["subject"]))

    def open_tasks(self) -> list[str]:
        """Todos still pending or in progress at the end: what is left to do."""
        return [c for c, status in self._status.items() if status in ("pending", "in_progress")]

    def _todo_list(self, todos: object) -> None:
        for todo in todos if isinstance(todos, list) else []:
            if not isinstance(todo, dict) or not isinstance(todo.get("content"), str):
                continue
            content, status = todo["content"], todo.get("status")
            if status == "completed" and self._status.get(content) != "completed":
                self._complete(content)
            bounded_put(self._status, content, status if isinstance(status, str) else None)

    def _complete(self, subject: str) -> None:
        if self.quiet:
            return
        bounded_put(self.not_done if self._refused else self.completed, subject, None)



def bounded_put(ordered: "OrderedDict[str, V]", key: str, value: V) -> None:
    """Insert or refresh `key` as the most recent entry, forgetting the oldest beyond CAP."""
    ordered[key] = value
    ordered.move_to_end(key)
    if len(ordered) > CAP:
        ordered.popitem(last=False)
