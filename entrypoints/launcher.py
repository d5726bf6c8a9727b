"""The `abzu` executable. `abzu hook …` and `abzu mcp` are dispatched before the CLI framework
is imported: hooks run on Claude Code's clock (typer alone costs more than a hook's budget), and
the MCP server needs none of it. Every other command line is typer's (cli/app.py)."""

import sys


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["hook"] and _distiller_child():
        raise SystemExit(0)  # Abzu's own `claude -p` fired this hook: nothing to read, write or start
    if args == ["hook", "pre-tool-use"]:  # before every edit: its own standard-library path
        from abzu.entrypoints.hooks.pre_tool_use import main as pre_tool_use

        raise SystemExit(pre_tool_use())
    if args[:1] == ["hook"] and not {"-h", "--help"} & set(args):
        from abzu.entrypoints.hooks.main import main as hook_main

        raise SystemExit(hook_main(args[1:]))
    if args == ["mcp"]:
        from abzu.entrypoints.mcp_server import main as serve

        serve(argv=[])  # `abzu mcp` takes no server arguments (`--as` goes through the CLI)
        return
    from abzu.entrypoints.cli.app import main as cli_main

    cli_main()


def _distiller_child() -> bool:
    """Every hook of the distiller child does nothing (issue 29.1: the distiller distilled itself)."""
    import os

    from abzu.domain.extraction.distiller_child import CHILD_VARIABLE, is_child

    return is_child(os.environ.get(CHILD_VARIABLE))


if __name__ == "__main__":
    main()
