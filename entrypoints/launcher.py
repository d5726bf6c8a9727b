"""The `abzu` executable. `abzu hook …` is dispatched before the CLI framework is imported:
hooks run on Claude Code's clock, and typer + rich alone cost more than a hook's budget."""

import sys


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["hook"] and not {"-h", "--help"} & set(args):
        from abzu.entrypoints.hooks.main import main as hook_main

        raise SystemExit(hook_main(args[1:]))
    from abzu.entrypoints.cli.app import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
