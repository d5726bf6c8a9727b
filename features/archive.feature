Feature: Taking the memory along
  `abzu export` writes the whole memory as sorted JSONL, its history included; `abzu import` adds
  it to another home, where each memory keeps the history it had (not "created by the import").

  Scenario: Export and import round trip is byte-identical
    Given I ran abzu "remember 'Always use WAL mode for SQLite readers' --category preference"
    And I ran abzu "remember 'Retry the deploy when the registry times out' --category fix"
    And I ran abzu "remember 'Decided to keep SQLite over Postgres' --category decision --global"
    And the preference is starred
    When I export the memory to "first.jsonl"
    And I import "first.jsonl" into an empty home
    And I export that home to "second.jsonl"
    Then "first.jsonl" and "second.jsonl" are byte-identical
    And "first.jsonl" holds 4 events
    And that home shows the same history since "7d" as this one

  Scenario: Importing the same export twice changes nothing
    Given I ran abzu "remember 'Always use WAL mode for SQLite readers' --category preference"
    When I export the memory to "first.jsonl"
    And I import "first.jsonl" here again
    Then abzu says "imported 0 record(s)"

  Scenario: The round trip keeps anchors and their stale marks
    Given I remember "Always retry the deploy when the registry times out" as a "preference" about "deploy.sh"
    And I remember "The flaky io test needs a fresh tmp dir" as a "learning" about "tests/test_io.py"
    And the anchors in "wisdom.db" are marked stale "code changed"
    When I export the memory to "first.jsonl"
    And I import "first.jsonl" into an empty home
    And I export that home to "second.jsonl"
    Then "first.jsonl" and "second.jsonl" are byte-identical
    And "second.jsonl" holds the anchors of both memories, the wisdom one marked "code changed"
