"""ABZU_… variables found as Settings finds them, for the readers that skip pydantic-settings
(light_settings.py for the memory commands, light.py for the hooks): one rule, standard library
only and nothing at import, since every hook pays for this module."""

TYPE_CHECKING = False  # no `typing` needed on the hooks' path
if TYPE_CHECKING:
    from collections.abc import Mapping


def from_environ(environ: "Mapping[str, str]", key: str) -> str | None:
    """ABZU_<KEY>, or None when unset. pydantic-settings matches variable names case-
    insensitively (`abzu_relevance_floor` counts), so does this."""
    wanted = f"ABZU_{key}".upper()
    return next((v for k, v in environ.items() if k.upper() == wanted), None)
