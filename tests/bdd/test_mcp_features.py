from pytest_bdd import scenarios

scenarios("mcp_memory.feature")
