"""What `abzu team status` shows, as JSON and as text (no stored text in it: counts and names)."""

import json
from typing import Any

from abzu.application.team.sync import TeamStatusReport
from abzu.domain.quoting import one_line


def status(address: str, report: TeamStatusReport) -> dict[str, Any]:
    member = report.membership
    return {
        "server": address,
        "reachable": report.problem is None,
        "problem": report.problem,
        "user": member.user if member else None,
        "role": member.role.value if member and member.role else None,
        "projects": list(member.projects) if member else None,
        "team_beads": report.counts.beads if report.counts else None,
        "team_staged": report.counts.staged if report.counts else None,
        "cached": report.cached,
        "refreshed_at": report.refreshed_at.isoformat() if report.refreshed_at else None,
    }


def as_json(view: dict[str, Any]) -> str:
    return json.dumps(view, indent=2)


def status_text(view: dict[str, Any]) -> str:
    lines = [f"team server: {view['server']}"]
    if view["reachable"]:
        projects = ", ".join(one_line(p) for p in view["projects"] or []) or "none"
        lines += [f"you: {one_line(view['user'])} ({view['role'] or 'no team role'}), projects: {projects}",
                  f"team: {view['team_beads']} beads, {view['team_staged']} staged"]
    else:
        lines.append(f"unreachable: {one_line(view['problem'] or '')}")
    refreshed = view["refreshed_at"] or "never"
    lines.append(f"local copy: {view['cached']} memories, refreshed {refreshed}")
    return "\n".join(lines)
