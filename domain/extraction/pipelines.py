"""A job added to the project's CI pipeline: a decision about how it is built and shipped
(capture-third).

Shape: Claude edits or writes a CI pipeline file (`.github/workflows/*.yml`, `.gitlab-ci.yml`,
`.circleci/config.yml`, `azure-pipelines.yml`, `bitbucket-pipelines.yml`) and the new text adds
a job the old text did not have. What the pipeline now does (build and push an image, deploy,
publish) was chosen in the session and stays chosen; the request it answered says why. It reads
file paths and YAML structure, which are the same in everyone's repositories; what a job is
called and where it pushes is taken from the file, never from the conversation. Changing steps
inside an existing job (a version bump, a flag) is upkeep, not a new decision.
"""

import re
from dataclasses import dataclass

from abzu.domain.extraction.rules import edit_pairs, file_of
from abzu.domain.extraction.transcript import ToolCall
from abzu.domain.extraction.transcript_text import shorten

_PIPELINE = re.compile(
    r"(?:^|/)(?:\.github/workflows/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml|\.circleci/config\.ya?ml"
    r"|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml)$"
)
# A job key: a mapping at the top (GitLab) or under `jobs:` (GitHub).
_JOB = re.compile(r"^( {0,2})([A-Za-z0-9_.-]+):\s*$")
_TELLING = re.compile(r"^\s*-?\s*(name|registry|image|environment|url):\s*\S")
_NOT_JOBS = frozenset(("jobs", "on", "env", "defaults", "permissions", "concurrency", "stages",
                       "variables", "workflow", "include", "default", "steps", "services", "outputs",
                       "with", "strategy", "matrix", "push", "pull_request", "workflow_dispatch"))
DETAILS = 4


@dataclass(frozen=True, slots=True)
class PipelineJob:
    text: str


def added_jobs(call: ToolCall) -> PipelineJob | None:
    """The jobs an edit or write of a CI pipeline file adds, with what they are and push to."""
    path = file_of(call) or ""
    if call.name not in ("Edit", "Write", "MultiEdit") or not _PIPELINE.search(path):
        return None
    pairs = edit_pairs(call)
    jobs: dict[str, None] = {}
    named: dict[str, None] = {}  # the job's own name (its first `name:`), then where it pushes
    pushes: dict[str, None] = {}
    for old, new in pairs:
        before = {m.group(2) for m in map(_JOB.match, old.splitlines()) if m}
        for line in new.splitlines():
            job = _JOB.match(line)
            if job and job.group(2) not in before and job.group(2) not in _NOT_JOBS:
                jobs[job.group(2)] = None
                continue
            telling = _TELLING.match(line)
            if not jobs or telling is None or "${{" in line or line in old:
                continue
            kept = shorten(line.strip().lstrip("- "), 80)
            if telling.group(1) != "name":
                pushes[kept] = None
            elif len(named) < len(jobs):
                named[kept] = None
    if not jobs:
        return None
    names = ", ".join(f"`{j}`" for j in jobs)
    shown = "; ".join([*named, *pushes][:DETAILS])
    what = f" ({shown})" if shown else ""
    return PipelineJob(f"CI pipeline {path.rsplit('/', 1)[-1]} gained job {names}{what}")
