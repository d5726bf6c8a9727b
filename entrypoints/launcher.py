"""The `abzu` executable. `abzu hook …` and `abzu mcp` are dispatched before the CLI framework
is imported: hooks run on Claude Code's clock, the MCP server's start-up delays the session's
first tool list, and typer + rich alone cost more than a hook's budget."""

import sys


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["hook"] and not {"-h", "--help"} & set(args):
        from abzu.entrypoints.hooks.main import main as hook_main

        raise SystemExit(hook_main(args[1:]))
    if args == ["mcp"]:
        from abzu.entrypoints.mcp_server import main as serve

        serve(argv=[])  # `abzu mcp` takes no server arguments (`--as` goes through the CLI)
        return
    from abzu.entrypoints.cli.app import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
