"""numpy, imported only by the semantic extra's adapters (vector_matrix.py), with the one-line
install hint when it is missing."""

from typing import Any

from abzu.adapters.semantic.errors import EXTRA_HINT, SemanticUnavailable


def numpy_module() -> Any:
    try:
        import numpy
    except ImportError as missing:
        raise SemanticUnavailable(EXTRA_HINT) from missing
    return numpy
