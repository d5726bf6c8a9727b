"""What marks a distiller child: the `claude -p` that Abzu starts to distil a finished session
(spec §6 step 2). The child is a Claude Code session like any other: it fires the user's hooks
and writes its own transcript. Both marks below keep it out of Abzu's memory (issue 29.1).

- `CHILD_VARIABLE=1` is in the child's environment, and so in every hook it fires: every Abzu
  hook exits 0 at once on seeing it (entrypoints/launcher.py, hooks/main.py).
- The prompt opens with `PROMPT_FIRST_LINE`, which the child's transcript records as its first
  user message: back-fill, the missed count and recovery pass such a transcript by.

Constants only, no imports: the hooks read this before anything else.
"""

CHILD_VARIABLE = "ABZU_DISTILLER_CHILD"
PROMPT_FIRST_LINE = ("You distill a finished Claude Code session into memories for later sessions. "
                     "[abzu-distill]")


CHILD_VALUE = "1"


def is_child(environ_value: str | None) -> bool:
    """The variable's value as a hook sees it (`os.environ.get(CHILD_VARIABLE)`)."""
    return environ_value == CHILD_VALUE


def is_distiller_prompt(text: str) -> bool:
    """A first user message that is Abzu's distillation request."""
    return text.lstrip().startswith(PROMPT_FIRST_LINE)
