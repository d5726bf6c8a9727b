"""The ported unigram tokenizer on a hand-made vocabulary: the behaviours of e5.c's
tok_content it must keep (tests/integration/semantic/test_onnx_e5.py checks the real one)."""

import pytest

np = pytest.importorskip("numpy")

from abzu.adapters.semantic.e5_file import Vocab  # noqa: E402
from abzu.adapters.semantic.e5_tokenizer import Tokenizer  # noqa: E402

M = "\u2581"
PIECES = {"<s>": 0.0, "</s>": 0.0, "<unk>": 0.0, M: -2.0, f"{M}ab": -3.0, "a": -2.0, "b": -2.0,
          f"{M}a": -1.5, "c": -1.0, "ab": -9.0}


def tokenizer(normalise: dict[int, str] | None = None) -> tuple[Tokenizer, list[str]]:
    names = list(PIECES)
    vocab = Vocab([n.encode() for n in names], np.array(list(PIECES.values()), np.float32),
                  bos=0, eos=1, unk=2, normalise=normalise or {})
    return Tokenizer(vocab), names


def pieces(text: str, normalise: dict[int, str] | None = None) -> list[str]:
    tok, names = tokenizer(normalise)
    return [names[i] for i in tok.content_ids(text)]


def test_the_best_scoring_split_wins() -> None:
    assert pieces("ab") == [f"{M}ab"]  # -3.0 beats ▁a + b (-3.5) and ▁ + ab (-11)


def test_a_character_outside_the_vocabulary_is_unknown() -> None:
    assert pieces("az") == [f"{M}a", "<unk>"]


def test_runs_of_spaces_count_once_and_a_leading_space_is_the_metaspace() -> None:
    assert pieces("a  c") == pieces("a c") == [f"{M}a", M, "c"]
    assert pieces(" c") == [M, "c"]


def test_the_normalisation_map_applies_first() -> None:
    assert pieces("\u00e0", normalise={0xE0: "a"}) == [f"{M}a"]
