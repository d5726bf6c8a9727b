"""Use cases run under the busy policy; a remember that still cannot land is kept, not lost."""

from dataclasses import replace
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from abzu.adapters.sqlite.busy import BusyPolicy, StoreBusy
from abzu.application.ports import Workspace

if TYPE_CHECKING:  # names only: a recall or star through `Retrying` never loads remember's modules
    from returns.result import Result

    from abzu.adapters.sqlite.pending_writes import PendingRemembers
    from abzu.application.remember import Remember, Remembered, RememberError, RememberRequest

Req = TypeVar("Req", contravariant=True)
Res = TypeVar("Res", covariant=True)


class UseCase(Protocol[Req, Res]):
    def execute(self, request: Req) -> Res: ...


# Plain slotted classes, not dataclasses: each @dataclass costs an import ~0.7 ms of code
# generation, and these wrappers are built once per command and never compared or copied.
class Retrying(Generic[Req, Res]):
    """Any use case whose `execute` is one unit of work (recall, star, ...)."""

    __slots__ = ("policy", "use_case")

    def __init__(self, use_case: UseCase[Req, Res], policy: BusyPolicy | None = None) -> None:
        self.use_case, self.policy = use_case, BusyPolicy() if policy is None else policy

    def execute(self, request: Req) -> Res:
        return self.policy.run(lambda: self.use_case.execute(request))


class MemoryQueued(StoreBusy):
    """The store stayed busy; the memory waits in the spool and is stored by the next write."""


class _Root(Workspace):
    __slots__ = ("path",)

    def __init__(self, path: str | None) -> None:
        self.path = path

    def root(self) -> str | None:
        return self.path

    def remote(self, root: str) -> str | None:
        from abzu.adapters.workspace import remote_identity

        return remote_identity(root)


class ResilientRemember:
    __slots__ = ("pending", "policy", "remember")

    def __init__(self, remember: "Remember", pending: "PendingRemembers",
                 policy: BusyPolicy | None = None) -> None:
        self.remember, self.pending = remember, pending
        self.policy = BusyPolicy() if policy is None else policy

    def execute(self, request: "RememberRequest") -> "Result[Remembered, RememberError]":
        try:
            result = self.policy.run(lambda: self.remember.execute(request))
        except StoreBusy as exc:
            kept = self.pending.keep(request, self.remember.workspace.root())
            raise MemoryQueued(
                f"{exc}; the memory is kept in {kept} and will be stored by the next remember"
            ) from exc
        self._store_waiting()
        return result

    def _store_waiting(self) -> None:
        for path, request, root in self.pending.waiting():
            use_case = replace(self.remember, workspace=_Root(root))
            try:
                self.policy.run(lambda: use_case.execute(request))  # noqa: B023 - run at once
            except StoreBusy:
                return  # still busy: the rest waits for the next remember
            self.pending.done(path)
