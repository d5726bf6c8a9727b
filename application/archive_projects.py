"""Which project of this memory each project of an export file becomes on import (issue 29).

A project is the same project when its repository is: an exported project whose remote a project
here holds is imported into that one, whatever either is called. Two projects named alike whose
remotes differ are two repositories: the imported one takes the next free name (`api-2`), as a
second checkout would. Without a remote on either side, the name decides, as before. A person
may choose instead: `--as-project NAME` (a file of one project) or `--as-project OLD=NEW`.
"""

from collections.abc import Iterable, Mapping, Sequence

from abzu.application.projects import free_names
from abzu.domain.archive import ArchiveError, Record, project_of

SHOWN = 5  # project names an error lists


def file_projects(records: Iterable[Record]) -> dict[str, str | None]:
    """Every project the records name -> its remote (None: unknown), in order of first mention."""
    found: dict[str, str | None] = {}
    for record in records:
        name = project_of(record)
        if name is None:
            continue
        remote = record.fields.get("remote") if record.kind == "project" else None
        if isinstance(remote, str) and remote:
            found[name] = remote
        else:
            found.setdefault(name, None)
    return found


def project_names(in_file: Mapping[str, str | None], stored: Mapping[str, str | None],
                  as_project: Sequence[str] = ()) -> dict[str, str]:
    """The file's project name -> the name it is imported under, for those that change."""
    chosen = _chosen(in_file, as_project)
    holder = {remote: name for name, remote in stored.items() if remote}
    taken = {*stored, *in_file, *chosen.values()}
    names: dict[str, str] = {}
    for name, remote in in_file.items():
        if name in chosen:
            names[name] = chosen[name]
        elif remote and remote in holder:
            names[name] = holder[remote]
        elif remote and stored.get(name) not in (None, remote):  # another repository has the name
            names[name] = next(n for n in free_names(name) if n not in taken)
            taken.add(names[name])
    return {old: new for old, new in names.items() if old != new}


def _chosen(in_file: Mapping[str, str | None], options: Sequence[str]) -> dict[str, str]:
    """`--as-project NAME` maps the file's only project; `OLD=NEW` (repeatable) one of several."""
    pairs: dict[str, str] = {}
    for option in options:
        old, sep, new = (part.strip() for part in option.partition("="))
        if not sep:
            return {_only(in_file, options): _named(old)}
        if old not in in_file:
            raise ArchiveError(f"--as-project {option}: the file holds no project {old!r} "
                               f"({_listed(in_file)})")
        pairs[old] = _named(new)
    return pairs


def _only(in_file: Mapping[str, str | None], options: Sequence[str]) -> str:
    if len(options) > 1:
        raise ArchiveError("--as-project NAME maps the file's only project; for several, give "
                           "--as-project OLD=NEW once for each")
    if not in_file:
        raise ArchiveError("--as-project: the file holds no project (only global memories)")
    if len(in_file) != 1:
        raise ArchiveError(f"--as-project NAME needs a file of one project; this one holds {len(in_file)} "
                           f"({_listed(in_file)}): map one with --as-project OLD=NEW")
    return next(iter(in_file))


def _named(name: str) -> str:
    if not name:
        raise ArchiveError("--as-project needs a project name")
    return name


def _listed(in_file: Mapping[str, str | None]) -> str:
    names = sorted(in_file) or ["none"]
    return ", ".join(names[:SHOWN]) + (f", … {len(names) - SHOWN} more" if len(names) > SHOWN else "")
