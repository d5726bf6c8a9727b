@enki
Feature: Migrating the beads of an old Enki store
  Old Enki kept its knowledge as beads typed decision, learning, solution or violation. They move
  to Abzu as staged candidates, never straight into permanent memory: review decides which of
  them survive. The old file is only read.

  Background:
    Given an old Enki store with a decision, a learning, a solution, a violation, an empty bead and a redacted bead

  Scenario: Every bead with something to say is staged under its new category
    When I migrate the old Enki store
    Then the migration reports 6 read, 4 staged and 2 skipped
    And staging holds the decision as a decision, the solution as a fix and the violation as a learning
    And every migrated candidate says it came from the migration
    And no migrated bead reached permanent memory
    And the old projects are known by name
    And the old Enki store is unchanged

  Scenario: Secrets in old beads are redacted on the way in
    When I migrate the old Enki store
    Then no staged candidate contains the old store's secret

  Scenario: Migrating twice stages nothing new
    When I migrate the old Enki store
    And I migrate the old Enki store
    Then the last migration reports 0 staged and 4 already there

  Scenario: A file that is not an old Enki store is refused in one line
    When I migrate a file that has no beads table
    Then the migration fails with a one-line error naming the missing beads table
