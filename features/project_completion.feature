@enki
Feature: Distilling a completed project's em.db
  When a project completes, Abzu reads the EM's em.db once: the mail threads, the bugs that were
  fixed and the PM's decisions. What they teach is staged for review, each candidate naming the
  thread, bug or decision it came from. em.db is kept 30 days, then maintenance deletes it.

  Background:
    Given the project "ledger" has an em.db with two mail threads, a fixed bug, an open bug and a PM decision

  Scenario: Completing a project stages what its em.db teaches
    When the project "ledger" is completed
    Then staging holds for "ledger" the decision "We decided to use SQLite with WAL"
    And staging holds for "ledger" the learning "flaky CI was two tests sharing one temp folder"
    And staging holds for "ledger" the fix "Store amounts as integer cents"
    And staging holds for "ledger" the decision "PM decision: Deferred to v2"
    And the open bug was not staged
    And every completion candidate names its thread, bug or decision
    And the em.db is unchanged

  Scenario: Completing twice stages nothing new
    When the project "ledger" is completed
    And the project "ledger" is completed again 5 days later
    Then the last completion staged 0 and found 4 already there
    And the completion date is still the first one

  Scenario: Maintenance deletes em.db 30 days after completion
    When the project "ledger" is completed
    And maintenance runs 29 days later
    Then the em.db still exists
    When maintenance runs 2 days later
    Then the em.db is gone and the deletion is logged
    And the staged candidates remain

  Scenario: --keep keeps em.db past 30 days
    When the project "ledger" is completed with --keep
    And maintenance runs 90 days later
    Then the em.db still exists

  Scenario: A file that is not an em.db is refused in one line
    When a project whose em.db lacks the bugs table is completed
    Then the completion fails with a one-line error naming the missing bugs table
