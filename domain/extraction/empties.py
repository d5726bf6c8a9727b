"""Where an answer is, when asking the obvious way returned nothing (capture-third).

Shape: in one exchange a command succeeds but prints nothing (empty, `[]`, `{}`, `null`), and a
later command of the same tool (`gh`, `kubectl`, `aws`, `docker`, `curl`…) prints something.
The ways that came back empty, and the one that answered, are a fact about the environment
(an API that keeps the data under another endpoint, a resource in another namespace, a stopped
container only `-a` lists) that the next session would otherwise find by the same trials. It
reads exit codes and output sizes, not words, so it holds for any tool and any person.

Local looks (`ls`, `grep`, `git log`…) are left out: an empty grep is a search that missed, not
an API with a quirk; so are commands that change something (their silence is success).
"""

import re
from dataclasses import dataclass

from abzu.domain.extraction.fixes import program_of
from abzu.domain.extraction.rules import is_local_look
from abzu.domain.extraction.transcript_text import shorten

MAX_EMPTIES_SHOWN = 3
COMMAND_CHARS, ANSWER_CHARS = 160, 200
_EMPTY = re.compile(r"^\s*(?:\[\s*\]|\{\s*\}|null|none|\(no output\))?\s*$", re.IGNORECASE)
# Programs that answer queries (APIs, clusters, clouds, containers, package indexes).
_QUERY_WORDS = re.compile(
    r"^(?:gh|glab|kubectl|oc|helm|aws|gcloud|az|docker|podman|curl|wget|http|jq|juju|systemctl"
    r"|psql|sqlite3|mysql|redis-cli|npm view|pip index|pip show|uv pip show|cargo search|brew info)\b"
)


@dataclass(frozen=True, slots=True)
class Answered:
    text: str
    message_uuid: str


class EmptyAnswerTracker:
    def __init__(self) -> None:
        self._empty: dict[str, list[str]] = {}  # program -> commands that printed nothing
        self._reported: set[str] = set()

    def on_human(self) -> None:
        self._empty, self._reported = {}, set()

    def on_success(self, command: str, output: str, uuid: str) -> Answered | None:
        program = program_of(command)
        if not program or not _QUERY_WORDS.match(program) or is_local_look(command):
            return None
        program = program.split()[0]  # `gh api …` empty, `gh pr view …` answered: one tool
        if _EMPTY.match(output):
            self._empty.setdefault(program, []).append(command)
            return None
        empties = self._empty.pop(program, [])
        if not empties or program in self._reported:
            return None
        self._reported.add(program)
        tried = "; ".join(f"`{shorten(c, COMMAND_CHARS)}`" for c in empties[-MAX_EMPTIES_SHOWN:])
        answer = shorten(" ".join(output.split()), ANSWER_CHARS)
        return Answered(f"`{shorten(command, COMMAND_CHARS)}` found it where {tried} returned nothing "
                        f"(empty answer): {answer}", uuid)
