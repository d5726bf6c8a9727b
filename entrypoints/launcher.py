"""The `abzu` executable. `abzu hook …` and `abzu mcp` are dispatched before the CLI framework
is imported: hooks run on Claude Code's clock, the MCP server's start-up delays the session's
first tool list, and typer + rich alone cost more than a hook's budget. `recall`, `remember`,
`star` and `status` go to the standard-library front (cli/fast.py), which hands back to typer
whatever it does not take (help, usage errors)."""

import sys

FAST = frozenset(("recall", "remember", "star", "status"))


def main() -> None:
    args = sys.argv[1:]
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
    if args[:1] in (["recover"], ["finalize"]) and not {"-h", "--help"} & set(args):
        _nothing_to_do(args)
    if args[:1] and args[0] in FAST:
        from abzu.entrypoints.cli.fast import main as fast_main

        code = fast_main(args)
        if code is not None:
            raise SystemExit(code)
    from abzu.entrypoints.cli.app import main as cli_main

    cli_main()


def _nothing_to_do(args: list[str]) -> None:
    """The background `recover`/`finalize` with nothing to do exit here, before the container
    (~1.4 s CPU) loads; when in doubt they run in full."""
    from abzu.entrypoints.nothing_to_do import answer

    try:
        said = answer(args)
    except Exception:  # a failed look-up is "maybe": the full command decides
        said = None
    if said is not None:
        print(said)
        raise SystemExit(0)


if __name__ == "__main__":
    main()
