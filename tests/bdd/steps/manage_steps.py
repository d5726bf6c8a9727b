"""Steps for features/manage.feature: a person edits or forgets one memory by id."""

from pytest_bdd import when

from abzu.application.manage.edit import EditMemory, EditRequest
from abzu.application.manage.forget import ForgetMemory
from tests.bdd.steps.world import World, quoted


@when(quoted("I edit {q:name} to say {q:text}"))
def _(world: World, name: str, text: str) -> None:
    world.outcome = EditMemory(world.container.uow()).execute(EditRequest(world.ids[name], content=text))


@when(quoted("I forget {q:name}"))
def _(world: World, name: str) -> None:
    world.outcome = ForgetMemory(world.container.uow()).execute(world.ids[name])


@when(quoted("I forget an unknown memory {q:memory_id}"))
def _(world: World, memory_id: str) -> None:
    world.outcome = ForgetMemory(world.container.uow()).execute(memory_id)
