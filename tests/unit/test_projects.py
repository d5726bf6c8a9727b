from abzu.application.projects import known_project, project_for_root, project_in_view, resolve_project
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


# A repository is known by its remote wherever it is checked out (issue 29, defect 6)
REMOTE = "github.com/org/api"


def test_a_second_checkout_of_the_same_repository_is_the_same_project() -> None:
    registry = InMemoryProjects()
    assert project_for_root(registry, "/a/src/api", T0, REMOTE) == "api"
    assert project_for_root(registry, "/b/src/api", T0, REMOTE) == "api"
    assert project_for_root(registry, "/b/checkouts/api-fix", T0, REMOTE) == "api"  # any folder name
    assert registry.paths == {"api": "/a/src/api"}  # the first root stays the project's path


def test_repositories_sharing_a_folder_name_but_not_a_remote_stay_distinct() -> None:
    registry = InMemoryProjects()
    names = [project_for_root(registry, root, T0, remote) for root, remote in (
        ("/a/api", REMOTE), ("/b/api", "gitlab.com/other/api"), ("/c/api", None))]
    assert names == ["api", "api-2", "api-3"]
    assert registry.remotes == {"api": REMOTE, "api-2": "gitlab.com/other/api"}


def test_without_a_remote_the_folder_name_decides_as_before() -> None:
    registry = InMemoryProjects()
    assert [project_for_root(registry, root, T0) for root in ("/a/api", "/b/api")] == ["api", "api-2"]


def test_a_root_registered_before_remotes_were_known_records_its_remote_once() -> None:
    registry = InMemoryProjects()
    registry.register("api", "/a/api", T0)  # as every project registered before w0014
    registry.register("web", "/a/web", T0)
    assert project_for_root(registry, "/a/api", T0, REMOTE) == "api"
    assert project_for_root(registry, "/a/web", T0, REMOTE) == "web"  # same remote: never merged
    assert registry.remotes == {"api": REMOTE}
    assert project_for_root(registry, "/b/api", T0, REMOTE) == "api"


def test_a_project_known_only_by_name_takes_the_remote_of_the_root_that_adopts_it() -> None:
    registry = InMemoryProjects()
    resolve_project(registry, FixedWorkspace(None), "api", T0)
    assert project_for_root(registry, "/a/api", T0, REMOTE) == "api"
    assert project_for_root(registry, "/b/elsewhere", T0, REMOTE) == "api"


def test_the_workspace_s_remote_names_its_project() -> None:
    registry = InMemoryProjects()
    resolve_project(registry, FixedWorkspace("/a/src/api", {"/a/src/api": REMOTE}), None, T0)
    moved = FixedWorkspace("/b/src/api", {"/b/src/api": REMOTE})
    assert project_in_view(registry, moved, None, T0) == "api"
    assert known_project(registry, moved, "/b/src/api", None) == ("api", True)
    assert known_project(registry, FixedWorkspace("/b/src/web"), "/b/src/web", None) == (None, False)


def test_a_project_imported_from_another_machine_is_adopted_by_its_checkout_here() -> None:
    registry = InMemoryProjects()
    registry.register("api", None, T0, REMOTE)  # its root on the other machine is no folder here
    assert project_for_root(registry, "/b/code/service", T0, REMOTE) == "api"
    assert registry.paths == {"api": "/b/code/service"}


def test_a_project_known_by_its_remote_is_never_adopted_by_another_repository() -> None:
    registry = InMemoryProjects()
    registry.register("api", None, T0, REMOTE)
    assert project_for_root(registry, "/b/api", T0, "gitlab.com/other/api") == "api-2"
    assert project_for_root(registry, "/c/api", T0) == "api-3"
    assert registry.paths == {"api": None, "api-2": "/b/api", "api-3": "/c/api"}
