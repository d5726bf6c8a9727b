from abzu.application.projects import project_for_root, project_in_view, resolve_project
from tests.fakes import T0, FixedWorkspace, InMemoryProjects


def test_a_repository_is_named_after_its_folder() -> None:
    registry = InMemoryProjects()
    assert project_for_root(registry, "/src/api", T0) == "api"
    assert registry.paths == {"api": "/src/api"}


def test_the_same_repository_always_gets_the_same_name() -> None:
    registry = InMemoryProjects()
    assert project_for_root(registry, "/src/api", T0) == project_for_root(registry, "/src/api", T0) == "api"


def test_different_repositories_sharing_a_folder_name_get_distinct_names() -> None:
    registry = InMemoryProjects()
    names = [project_for_root(registry, root, T0) for root in ("/a/api", "/b/api", "/c/api/")]
    assert names == ["api", "api-2", "api-3"]


def test_a_repository_adopts_a_project_so_far_known_only_by_name() -> None:
    registry = InMemoryProjects()
    resolve_project(registry, FixedWorkspace(None), "api", T0)
    assert project_for_root(registry, "/src/api", T0) == "api"
    assert project_for_root(registry, "/other/api", T0) == "api-2"


def test_a_blank_requested_name_falls_back_to_the_workspace() -> None:
    registry = InMemoryProjects()
    assert resolve_project(registry, FixedWorkspace("/src/api"), "  ", T0) == "api"


def test_reading_by_name_registers_nothing() -> None:
    registry = InMemoryProjects()
    assert project_in_view(registry, FixedWorkspace("/src/api"), " web ", T0) == "web"
    assert registry.paths == {}


def test_the_filesystem_root_still_gets_a_name() -> None:
    assert project_for_root(InMemoryProjects(), "/", T0) == "root"
