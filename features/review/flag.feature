@review
Feature: Flagging stale beads for deletion
  Only a reviewer can mark a permanent bead for deletion, with a reason. The bead is hidden at
  once and deleted by the next maintenance pass; until then it can be unflagged.

  Background:
    Given a permanent bead "Deploy the api with Python 3.8"
    And a staged decision "Deploy the api with Python 3.12 because 3.8 reached end of life"
    When the reviewer flags the bead as "contradicted by the newer decision"

  Scenario: A flagged bead disappears at the next maintenance pass
    Then the bead is kept but no longer recalled
    When maintenance runs
    Then the bead is gone

  Scenario: An unflagged bead survives maintenance
    When I unflag the bead
    And maintenance runs
    Then the bead is recalled again
