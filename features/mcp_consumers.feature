@enki @mcp
Feature: Each consumer of Abzu's MCP server gets the rights the spec gives it
  Abzu serves several parts of Enki (spec §13). The PM reads memory and writes nothing; the EM
  reads memory and stages candidates for review; Uru only checks workflow state. A coding
  agent, the default, keeps every tool. The server enforces this itself: a refused call is a
  tool error that says why, and it is logged.

  Background:
    Given a reviewed memory "Ship the API behind a feature flag" exists

  Scenario: The PM can recall but not write
    Given an MCP server serving the "pm" consumer
    When the consumer recalls "feature flag"
    Then the consumer is shown the reviewed memory
    When the consumer tries to remember the decision "Move the launch to May"
    Then the consumer is told remember is not allowed for "pm"
    And nothing new was stored
    And the refusal is in the log

  Scenario: The EM stages candidates but cannot skip review
    Given an MCP server serving the "em" consumer
    When the consumer remembers the decision "Split billing into its own service"
    Then that decision waits in staging for review
    When the consumer tries to remember the preference "Always use tabs"
    Then the consumer is told remember is not allowed for "em"
    When the consumer tries to pin the reviewed memory
    Then the consumer is told star is not allowed for "em"

  Scenario: Uru reads status only
    Given an MCP server serving the "uru" consumer
    When the consumer asks for status
    Then the status counts 1 reviewed memory
    When the consumer tries to recall "feature flag"
    Then the consumer is told recall is not allowed for "uru"

  Scenario: A coding agent keeps every tool
    Given an MCP server serving the "agent" consumer
    When the consumer pins the reviewed memory
    And the consumer remembers the preference "Always use tabs"
    Then no call was refused
