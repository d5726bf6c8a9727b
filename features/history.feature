Feature: The history of a memory
  Every change to memory leaves an event (ids, categories and weights, never content):
  `abzu history ID` shows one memory's life, `abzu history --since 7d` the store's, each change
  with who made it (cli, mcp, hook, review:gemini, review:human, maintenance).

  Scenario: A memory's history from remember to promotion to decay
    Given I ran abzu "remember 'Retry the deploy when the registry times out' --category fix"
    When the staged memory is promoted
    And the promoted memory goes unrecalled for 100 days before the decay pass
    Then the history of the staged memory reads "staged, left staging"
    And the history of the promoted memory reads "promoted, derived, decayed (1.0 -> 0.5)"
    And the history since "7d" lists "staged, left staging, promoted, derived, decayed"
    And the history since "7d" names who did it: "cli, review:human, review:human, review:human, maintenance"
    And no history mentions "registry"
