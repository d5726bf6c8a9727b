Feature: Taking the memory along
  `abzu export` writes the whole memory as sorted JSONL; `abzu import` adds it to another home.

  Scenario: Export and import round trip is byte-identical
    Given I ran abzu "remember 'Always use WAL mode for SQLite readers' --category preference"
    And I ran abzu "remember 'Retry the deploy when the registry times out' --category fix"
    And I ran abzu "remember 'Decided to keep SQLite over Postgres' --category decision --global"
    When I export the memory to "first.jsonl"
    And I import "first.jsonl" into an empty home
    And I export that home to "second.jsonl"
    Then "first.jsonl" and "second.jsonl" are byte-identical

  Scenario: Importing the same export twice changes nothing
    Given I ran abzu "remember 'Always use WAL mode for SQLite readers' --category preference"
    When I export the memory to "first.jsonl"
    And I import "first.jsonl" here again
    Then abzu says "imported 0 record(s)"
