"""The caller's repository root, found by reading `.git` (no `git` subprocess on hot paths), and
the repository's remote: what names a project wherever it is checked out (issue 29).

`os.path` and string methods only, no pathlib, `re` or urllib: the PreToolUse hook resolves the
root before every edit, and session start may read the remote.
"""

import os


class GitWorkspace:  # a `Workspace` (application/ports.py) by shape: its import costs `returns`
    """Root of the git repository containing `cwd`; a linked worktree resolves to the main
    repository, so both share one project. Outside any repository: `cwd` itself."""

    def __init__(self, cwd: "str | os.PathLike[str]") -> None:
        self._cwd = os.fspath(cwd)

    def root(self) -> str | None:
        start = folder = os.path.realpath(self._cwd)
        while True:
            dot_git = os.path.join(folder, ".git")
            if os.path.isdir(dot_git):
                return folder
            if os.path.isfile(dot_git):
                return _main_root(dot_git) or folder
            parent = os.path.dirname(folder)
            if parent == folder:
                return start
            folder = parent

    def remote(self, root: str) -> str | None:
        return remote_identity(root)


def remote_identity(root: str) -> str | None:
    """The normalised URL of the remote of the repository at `root` (`origin`, else the first
    remote in `.git/config`), or None: no repository, no remote, or one that names no place."""
    config = _config_file(root)
    if config is None:
        return None
    try:
        with open(config, encoding="utf-8", errors="replace") as file:
            text = file.read(1 << 20)
    except OSError:
        return None
    remotes = _remote_urls(text)
    url = remotes.get("origin") or next(iter(remotes.values()), None)
    return normalise_remote(url) if url else None


def normalise_remote(url: str) -> str | None:
    """`host/path` of a git URL: `git@github.com:org/api.git`, `https://github.com/org/api/` and
    `ssh://git@github.com/org/api.git` are all `github.com/org/api`. The scheme, user, password
    or token, port, query and `.git` go; the host is lower-cased. An absolute local path stands
    for itself; a relative one (which names no place off this checkout) is None."""
    url = url.strip()
    scheme, sep, rest = url.partition("://")
    if sep and scheme.lower() == "file":
        return _local(rest)
    if sep and scheme and all(c.isalnum() or c in "+.-" for c in scheme):
        # up to the last @ first: a password or token may hold a "/" (never part of the identity)
        authority, _, path = rest.rpartition("@")[2].partition("/")
    elif ":" in url and "/" not in url.split(":", 1)[0] and not _drive(url):
        authority, _, path = url.partition(":")  # scp-like: [user@]host:path
    else:
        return _local(url)
    host = _host(authority.rpartition("@")[2])  # never the credentials before the @
    path = _path(path)
    return f"{host}/{path}" if host and path else None


def _host(authority: str) -> str:
    if authority.startswith("["):  # [::1]:22
        return authority[: authority.find("]") + 1].lower() if "]" in authority else ""
    return authority.partition(":")[0].lower()


def _path(path: str) -> str:
    path = path.partition("?")[0].partition("#")[0]
    path = "/".join(part for part in path.split("/") if part and part != ".")
    return path.removesuffix(".git").rstrip("/")


def _local(path: str) -> str | None:
    kept = _path(os.path.normpath(path)) if path.startswith("/") else ""
    return "/" + kept if kept else None


def _drive(url: str) -> bool:
    return len(url) > 2 and url[1] == ":" and url[0].isalpha() and url[2] in "\\/"


def _config_file(root: str) -> str | None:
    dot_git = os.path.join(root, ".git")
    if os.path.isdir(dot_git):
        return os.path.join(dot_git, "config")
    gitdir = _gitdir(dot_git) if os.path.isfile(dot_git) else None
    if gitdir is None:
        return None
    try:  # a linked worktree keeps its config in the main repository's .git
        with open(os.path.join(gitdir, "commondir"), encoding="utf-8") as file:
            gitdir = os.path.realpath(os.path.join(gitdir, file.read().strip()))
    except OSError:
        pass  # a submodule: its own git directory holds its config
    return os.path.join(gitdir, "config")


def _remote_urls(text: str) -> dict[str, str]:
    """Remote name -> its first `url`, in the order of the file (git config syntax, the parts
    a remote uses: `[remote "name"]` sections, `url = value`, quotes and comments)."""
    urls: dict[str, str] = {}
    remote: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            remote = _remote_section(line)
        elif remote is not None and remote not in urls:
            key, sep, value = line.partition("=")
            if sep and key.strip().lower() == "url" and (url := _value(value)):
                urls[remote] = url
    return urls


def _remote_section(line: str) -> str | None:
    head = line[1:].partition("]")[0].strip()
    kind, _, name = head.partition(" ")
    if kind.lower() != "remote" and not head.lower().startswith("remote."):
        return None
    if kind.lower() == "remote" and name.strip().startswith('"'):
        return name.strip()[1:].rpartition('"')[0].replace('\\"', '"').replace("\\\\", "\\")
    return head[len("remote."):] if head.lower().startswith("remote.") else None


def _value(value: str) -> str:
    """A config value without its quotes and its trailing comment."""
    out, quoted, escaped = [], False, False
    for char in value.strip():
        if escaped:
            out.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char in "#;" and not quoted:
            break
        else:
            out.append(char)
    return "".join(out).strip()


def _gitdir(dot_git_file: str) -> str | None:
    try:
        with open(dot_git_file, encoding="utf-8") as file:
            text = file.read().strip()
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    pointed = text.removeprefix("gitdir:").strip()
    return os.path.realpath(os.path.join(os.path.dirname(dot_git_file), pointed))


def _main_root(dot_git_file: str) -> str | None:
    """`.git` files point at `<main>/.git/worktrees/<name>`; `commondir` there leads to `<main>/.git`."""
    gitdir = _gitdir(dot_git_file)
    if gitdir is None:
        return None
    try:
        with open(os.path.join(gitdir, "commondir"), encoding="utf-8") as file:
            common_dir = os.path.realpath(os.path.join(gitdir, file.read().strip()))
    except OSError:
        return None  # a submodule's .git file: the folder holding it is its own root
    return os.path.dirname(common_dir) if os.path.basename(common_dir) == ".git" else None
