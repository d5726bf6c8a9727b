@review
Feature: Consolidating related knowledge into one richer bead
  Related notes are merged into one bead. The merged bead is written first; the beads it
  replaces are kept, pointing at it, so nothing is silently lost.

  Background:
    Given a permanent bead "SQLite WAL mode lets readers run while a writer writes"
    And a staged learning "Set busy_timeout to 5000 ms so WAL writers wait instead of failing"

  Scenario: A bead and a staged learning become one
    When the reviewer merges them into "SQLite: WAL mode lets readers run while a writer writes; a 5000 ms busy_timeout makes writers wait instead of failing"
    Then permanent memory holds "SQLite: WAL mode lets readers run while a writer writes; a 5000 ms busy_timeout makes writers wait instead of failing"
    And the old bead points at the merged bead
    And nothing is left in staging

  Scenario: A merge that throws most of the text away is refused
    When the reviewer merges them into "Use WAL"
    Then the old bead is still current
    And that learning is still staged
