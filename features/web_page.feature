@web
Feature: A local web page over the memory (abzu ui)
  People look before they trust: the page shows what Abzu knows and lets a reviewer act on it,
  through the same use cases as the commands, for whoever holds the token `abzu ui` printed.

  Background:
    Given I am working in the project "api"
    And reviewed memories:
      | name | text                                        | project |
      | wal  | Prefer SQLite WAL mode over rollback journals | api     |
    And staged memories:
      | name   | text                                                | project |
      | shm    | WAL mode needs a shared memory file beside the database | api     |
      | script | Cache keys <script>alert('pwned')</script> expire hourly | api     |

  Scenario: Without the token the page refuses
    When someone without the token opens "/search?q=wal"
    Then the page answers 403

  Scenario: Search shows a memory with its provenance
    When I search the page for "wal"
    Then the page lists "wal" as reviewed before "shm" as staged

  Scenario: Stored markup is shown as text, never as markup
    When I open the staging queue
    Then the page shows "<script>alert('pwned')</script>" as text

  Scenario: Promoting a candidate from the page makes it permanent, and Undo takes it back
    When I promote "shm" from the staging queue
    Then "shm" is no longer staged and a permanent bead holds its text
    When I undo the last review from the page
    Then "shm" is staged again
