"""`enki_recall` with semantic search on, in process on real SQLite files: the model is loaded
on the first recall (never for `tools/list`) and once per server. The hashing fake stands for
the model; numpy is needed for the vector matrix (skipped without the extra)."""

from pathlib import Path

import pytest
from dependency_injector import providers
from mcp.server import MCPServer

from abzu.adapters.sqlite.search import BEADS, CANDIDATES
from abzu.adapters.sqlite.vector_reader import Sqlite3VectorReader
from abzu.application.semantic.embed_memories import EmbedMemories
from abzu.domain.decay import DecayPolicy
from abzu.entrypoints.mcp_server.runtime import App
from abzu.entrypoints.mcp_server.server import build_server
from abzu.entrypoints.wiring.container import Container
from abzu.entrypoints.wiring.semantic import vector_stores
from tests.mcp_support import call, ok, tools
from tests.semantic_fakes import HashingEmbedder

pytest.importorskip("numpy", reason='the dense matrix needs numpy (pip install "abzu[semantic]")')
from abzu.adapters.semantic.dense_recall import VectorRecall

MODEL = HashingEmbedder(synonyms={"journaling": "wal"})


@pytest.fixture
def loads() -> list[int]:
    return []


@pytest.fixture
def server(container: Container, abzu_home: Path, loads: list[int]) -> MCPServer[App]:
    def load() -> HashingEmbedder:
        loads.append(1)
        return MODEL

    readers = [Sqlite3VectorReader(abzu_home / "wisdom.db", BEADS, DecayPolicy()),
               Sqlite3VectorReader(abzu_home / "abzu.db", CANDIDATES, DecayPolicy())]
    container.dense_recall.override(providers.Object(VectorRecall(load, readers)))
    return build_server(container)


def test_the_model_loads_on_the_first_recall_once_and_finds_by_meaning(
    server: MCPServer[App], container: Container, loads: list[int],
) -> None:
    assert "enki_recall" in tools(server)
    ok(call(server, "enki_remember", {"content": "Use WAL mode for SQLite", "category": "learning"}))
    EmbedMemories(MODEL, vector_stores(container)).execute()
    assert loads == []  # listing tools and remembering never load the model
    for _ in range(2):
        found = ok(call(server, "enki_recall", {"query": "journaling"}))
        assert len(found["results"]) == 1 and "Use WAL mode for SQLite" in found["results"][0]["text"]
    assert loads == [1]
