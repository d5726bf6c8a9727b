@review
Feature: A monthly ceiling on what reviews spend
  `abzu review` refuses to send a batch that would take this month's Gemini spend past the
  ceiling (ABZU_REVIEW_MONTHLY_USD, ABZU_REVIEW_MONTHLY_TOKENS; on by default). The candidates stay staged.

  Scenario: A review over the ceiling stays staged
    Given a monthly review ceiling of $0.01
    And reviews have already spent $0.0099 this month
    And a staged learning "Set busy_timeout to 5000 ms so WAL writers wait instead of failing"
    When the reviewer promotes that learning
    Then that learning is still staged
    And the review says it stopped at this month's ceiling
    And status shows $0.0099 spent this month

  Scenario: A review under the ceiling goes ahead
    Given a monthly review ceiling of $5.00
    And a staged learning "Set busy_timeout to 5000 ms so WAL writers wait instead of failing"
    When the reviewer promotes that learning
    Then nothing is left in staging
