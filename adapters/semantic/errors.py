"""The one-line error when the semantic extra is asked for but not installed."""

EXTRA_HINT = 'semantic search needs the optional extra: pip install "abzu[semantic]"'


class SemanticUnavailable(RuntimeError):
    """Raised when the extra's packages cannot be imported; the message is one line."""
