"""What every ProjectRegistry must do, checked on the in-memory fake and on SQLite alike."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from abzu.application.ports import UnitOfWork
from tests.contract.stores import KINDS, unit_of_work
from tests.fakes import T0


@pytest.fixture(params=KINDS)
def uow(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[UnitOfWork]:
    with unit_of_work(request.param, tmp_path, request) as sut:
        with sut:
            sut.projects.register("api", "/src/api", T0)
            sut.projects.register("named", None, T0)
            sut.commit()
        yield sut


def test_a_registered_root_is_found_by_its_path(uow: UnitOfWork) -> None:
    with uow:
        assert uow.projects.name_for_path("/src/api") == "api"
        assert uow.projects.name_for_path("/src/web") is None
        assert (uow.projects.exists("api"), uow.projects.exists("named"), uow.projects.exists("web")) == (
            True, True, False
        )


def test_a_name_is_registered_once(uow: UnitOfWork) -> None:
    with uow, pytest.raises(Exception):  # noqa: B017 - IntegrityError in SQLite, ValueError in the fake
        uow.projects.register("api", "/elsewhere/api", T0)


def test_a_root_belongs_to_one_name(uow: UnitOfWork) -> None:
    with uow, pytest.raises(Exception):  # noqa: B017
        uow.projects.register("api-2", "/src/api", T0)


def test_a_project_known_only_by_name_can_be_claimed_by_a_root(uow: UnitOfWork) -> None:
    with uow:
        assert uow.projects.claim("named", "/src/named") is True
        uow.commit()
    with uow:
        assert uow.projects.name_for_path("/src/named") == "named"
        assert uow.projects.claim("named", "/src/named") is True


@pytest.mark.parametrize(
    ("name", "path"),
    [("api", "/other/api"), ("web", "/src/web"), ("named", "/src/api")],
    ids=["has-another-root", "unknown-name", "root-owned-by-another"],
)
def test_a_claim_never_takes_a_root_or_name_that_is_spoken_for(uow: UnitOfWork, name: str, path: str) -> None:
    with uow:
        assert uow.projects.claim(name, path) is False
        assert uow.projects.name_for_path("/src/api") == "api"


def test_touching_an_unknown_project_is_harmless(uow: UnitOfWork) -> None:
    with uow:
        uow.projects.touch("web", T0)
        uow.projects.touch("api", T0)
        uow.commit()
    with uow:
        assert not uow.projects.exists("web")


# A project's remote (issue 29): one project per remote, as one per root
REMOTE = "github.com/org/api"


def test_a_project_is_found_by_its_remote(uow: UnitOfWork) -> None:
    with uow:
        uow.projects.register("web", "/src/web", T0, "github.com/org/web")
        assert uow.projects.name_for_remote("github.com/org/web") == "web"
        assert uow.projects.name_for_remote(REMOTE) is None


def test_a_remote_belongs_to_one_name(uow: UnitOfWork) -> None:
    with uow:
        uow.projects.register("web", "/src/web", T0, REMOTE)
        with pytest.raises(Exception):  # noqa: B017 - IntegrityError in SQLite, ValueError in the fake
            uow.projects.register("web-2", "/other/web", T0, REMOTE)


def test_a_remote_is_added_only_where_none_is_known_and_no_other_project_holds_it(uow: UnitOfWork) -> None:
    with uow:
        uow.projects.add_remote("api", REMOTE)
        uow.projects.add_remote("api", "gitlab.com/other/api")  # api has one already
        uow.projects.add_remote("named", REMOTE)  # api holds it
        uow.projects.add_remote("web", REMOTE)  # unknown: nothing happens
        uow.commit()
    with uow:
        assert uow.projects.name_for_remote(REMOTE) == "api"
        assert uow.projects.name_for_remote("gitlab.com/other/api") is None
        assert not uow.projects.exists("web")


def test_a_root_adopting_a_project_known_by_name_brings_its_remote(uow: UnitOfWork) -> None:
    with uow:
        assert uow.projects.claim("named", "/src/named", REMOTE) is True
        assert uow.projects.claim("api", "/other/api", "gitlab.com/other/api") is False
        uow.commit()
    with uow:
        assert uow.projects.name_for_remote(REMOTE) == "named"
        assert uow.projects.name_for_remote("gitlab.com/other/api") is None


def test_a_project_known_by_a_remote_is_claimed_only_by_a_root_with_that_remote(uow: UnitOfWork) -> None:
    with uow:
        uow.projects.register("web", None, T0, REMOTE)
        assert uow.projects.claim("web", "/src/web") is False
        assert uow.projects.claim("web", "/src/web", "gitlab.com/other/web") is False
        assert uow.projects.claim("web", "/b/web", REMOTE) is True
        uow.commit()
    with uow:
        assert uow.projects.name_for_path("/b/web") == "web"
