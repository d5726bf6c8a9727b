Feature: A person shows, corrects and forgets one memory
  The agent only remembers and recalls; a person can correct or delete what was kept.

  Background:
    Given I am working in the project "api"
    And reviewed memories:
      | name | text                         | project |
      | wal  | Use WAL mode for SQLite      | api     |
      | tabs | Makefiles need tabs          | api     |

  Scenario: A corrected memory is found by its new words only
    When I edit "wal" to say "Use rollback journals on network drives"
    And I recall "rollback"
    Then I get "wal"
    When I recall "WAL"
    Then I get nothing

  Scenario: A correction that repeats another memory is refused
    When I edit "tabs" to say "Use WAL mode for SQLite"
    Then I am told "'b-tabs' would then hold the same text as 'b-wal': nothing changed"

  Scenario: A forgotten memory is never recalled again
    When I forget "wal"
    And I recall "WAL"
    Then I get nothing
    And "wal" is gone

  Scenario: Forgetting something that does not exist
    When I forget an unknown memory "b-unknown"
    Then I am told "no memory with id 'b-unknown' (ids look like b-… or c-…; see `abzu recall`)"
