"""A repository's remote URL, normalised into what names its project anywhere (issue 29)."""

import pytest

from abzu.adapters.workspace import normalise_remote


@pytest.mark.parametrize("url", [
    "git@github.com:org/api.git",
    "https://github.com/org/api",
    "ssh://git@github.com/org/api.git",
    "https://GitHub.COM/org/api/",
    "https://github.com/org/api.git/",
    "git+ssh://git@github.com:22/org/api",
    "github.com:org/api",
    "  https://github.com//org/./api  ",
])
def test_the_forms_of_one_remote_are_one_identity(url: str) -> None:
    assert normalise_remote(url) == "github.com/org/api"


@pytest.mark.parametrize("url", [
    "https://user:s3cr3t-token@github.com/org/api.git",
    "https://oauth2:glpat-s3cr3t/token+x@github.com/org/api",  # a token holding a "/"
    "https://s3cr3t-token@github.com/org/api?private_token=s3cr3t-token#s3cr3t-token",
])
def test_a_credential_is_never_part_of_it(url: str) -> None:
    assert normalise_remote(url) == "github.com/org/api"


def test_the_path_keeps_its_case_and_the_host_does_not() -> None:
    assert normalise_remote("https://Git.Example.com/Org/API.git") == "git.example.com/Org/API"


@pytest.mark.parametrize(("url", "identity"), [
    ("file:///srv/git/api.git", "/srv/git/api"),
    ("/srv/git/api.git/", "/srv/git/api"),
    ("../api", None),  # relative to this checkout: names no place elsewhere
    ("https://github.com", None),
    ("", None),
    ("C:\\repos\\api", None),
])
def test_local_and_empty_remotes(url: str, identity: str | None) -> None:
    assert normalise_remote(url) == identity
