@review
Feature: Undoing the last review
  Before a review changes permanent memory, a snapshot is taken. Undoing the review restores
  permanent memory as it was and stages again what the review took out of staging.

  Scenario: Undo brings back the state before the review
    Given a permanent bead "Deploy the api with Python 3.8"
    And a staged decision "Deploy the api with Python 3.12 because 3.8 reached end of life"
    When the reviewer promotes that decision and flags the bead as "contradicted"
    Then the bead is kept but no longer recalled
    And nothing is left in staging
    When I undo the last review
    Then permanent memory holds "Deploy the api with Python 3.8"
    And the bead is recalled again
    And that decision is still staged
