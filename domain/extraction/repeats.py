"""A request the person had to make again (capture-general): the shape of a first attempt that
did not do what was asked.

When the person sends the same request a second time in a session (the same words, case and
spacing aside) after Claude acted on the first, the first attempt did not take. What Claude
reports at the end of the second attempt is what it found out about why: a learning, stored
with the request. Short replies ("continue", "yes") and slash commands are not requests; a
repeat Claude answered without acting, or with a one-line reply, carries nothing a month later.
"""

from collections import OrderedDict
from dataclasses import dataclass

from abzu.domain.extraction.tasks import bounded_put
from abzu.domain.extraction.transcript_text import shorten

MIN_WORDS = 3
MIN_REPLY_CHARS = 80
REQUEST_CHARS, REPLY_CHARS = 200, 700
_REMEMBERED = 200  # requests of the session kept to recognise a repeat


@dataclass(frozen=True, slots=True)
class Repeat:
    text: str
    message_uuid: str


def _key(text: str) -> str | None:
    words = text.casefold().split()
    if len(words) < MIN_WORDS or text.lstrip().startswith("/"):
        return None
    return " ".join(words).rstrip(".!")


class RepeatTracker:
    """Fed in transcript order (main thread only) by StructuralSignals."""

    def __init__(self) -> None:
        self._asked: OrderedDict[str, bool] = OrderedDict()  # request -> Claude acted on it
        self._current: str | None = None
        self._request = ""  # the request of the exchange in progress, as typed
        self._repeat = False
        self._acted = False
        self._reply: tuple[str, str] | None = None  # (text, uuid): Claude's last words

    def on_human(self, text: str) -> Repeat | None:
        found = self.flush()
        key = _key(text)
        self._repeat = key is not None and self._asked.get(key, False)
        self._current, self._request, self._acted, self._reply = key, text.strip(), False, None
        if key is not None and key not in self._asked:
            bounded_put(self._asked, key, False)
        return found

    def on_text(self, text: str, uuid: str) -> None:
        if text.strip():
            self._reply = (text, uuid)

    def on_call(self) -> None:
        self._acted = True
        if self._current is not None:
            self._asked[self._current] = True
        self._reply = None  # words before a call narrate it

    def flush(self) -> Repeat | None:
        reply = self._reply
        self._reply = None
        if not (self._repeat and self._acted and reply):
            return None
        text, uuid = reply
        if len(text.strip()) < MIN_REPLY_CHARS:
            return None
        asked = shorten(self._request, REQUEST_CHARS)
        return Repeat(f"Asked again (the first attempt did not do it): {asked}\n"
                      f"Found: {shorten(text, REPLY_CHARS)}", uuid)
