"""The `abzu` executable. `abzu hook …` and `abzu mcp` are dispatched before the CLI framework
is imported: hooks run on Claude Code's clock, the MCP server's start-up delays the session's
first tool list, and typer + rich alone cost more than a hook's budget. `recall`, `remember`,
`star` and `status` go to the standard-library front (cli/fast.py), which hands back to typer
whatever it does not take (help, usage errors)."""

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hooks' path has none)
if TYPE_CHECKING:
    from typing import NoReturn

FAST = frozenset(("recall", "remember", "star", "status"))


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
    if args[:1] in (["recover"], ["finalize"]) and not {"-h", "--help"} & set(args):
        _nothing_to_do(args)
    if args[:1] and args[0] in FAST:
        _fast(args)
    from abzu.entrypoints.cli.app import main as cli_main

    cli_main()


def _distiller_child() -> bool:
    """Every hook of the distiller child does nothing (issue 29.1: the distiller distilled itself)."""
    import os

    from abzu.domain.extraction.distiller_child import CHILD_VARIABLE, is_child

    return is_child(os.environ.get(CHILD_VARIABLE))


def _fast(args: list[str]) -> None:
    """The fast front, with the cyclic garbage collector off: a command's few thousand objects
    live until the process ends anyway, and the collections that class creation triggers during
    the imports cost ~5 ms. Back on when typer takes the command line (any command, any size)."""
    import gc

    gc.disable()
    from abzu.entrypoints.cli.fast import main as fast_main

    code = fast_main(args)
    if code is not None:
        leave(code)
    gc.enable()


def leave(code: int) -> "NoReturn":
    """Exits without the interpreter's teardown, which frees every object of ~170 modules one by
    one (~15 ms, more than a recall's SQL) when the OS reclaims the memory at once anyway. What
    teardown does that matters is done first: non-daemon threads joined, exit handlers run
    (logging's flush), the stores' idle connections closed (SQLite's checkpoint on the last
    close), stdout and stderr flushed. If stdout cannot be flushed (a closed pipe), the
    interpreter's own exit reports it as usual."""
    import atexit
    import os

    threading = sys.modules.get("threading")
    if threading is not None:
        for thread in threading.enumerate():
            if thread is not threading.main_thread() and not thread.daemon:
                thread.join()
    atexit._run_exitfuncs()
    _close_stores()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        raise SystemExit(code) from None
    os._exit(code)


def _close_stores() -> None:
    store = sys.modules.get("abzu.adapters.sqlite.sqlite3_store")
    if store is not None:
        store.close_all()


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
