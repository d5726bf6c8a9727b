"""The installed Abzu version, for `abzu --version`, `abzu-mcp --version` and MCP serverInfo."""

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "abzu"


def abzu_version() -> str:
    """The version pip installed; a source tree run without installing says so honestly."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown (not installed)"
