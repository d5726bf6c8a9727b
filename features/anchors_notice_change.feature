@anchors
Feature: Anchors that notice change
  A memory about a file remembers the git commit it was observed at. When the file is rewritten
  or deleted afterwards, the next maintenance pass says so: the memory is marked stale (it ranks
  lower, and recall says why) or flagged for review. Nothing is deleted for it, and outside a
  git repository nothing happens at all.

  Background:
    Given a git repository with the file "src/app.py" committed
    And a reviewed memory "The app handlers are synchronous" anchored to the file "src/app.py" there

  Scenario: A bead whose file was rewritten is marked stale at the next maintenance
    When "src/app.py" is rewritten and committed
    And maintenance runs
    Then recalling "handlers synchronous" shows the memory marked "stale: code changed"
    And the memory's history says "stale" by "maintenance"
    When Claude sets out to edit "src/app.py" in this repository
    Then the memory shown before the edit is marked "stale: code changed"

  Scenario: The stale mark is lifted when the code comes back
    When "src/app.py" is rewritten and committed
    And maintenance runs
    And "src/app.py" is put back as it was and committed
    And maintenance runs
    Then recalling "handlers synchronous" shows the memory unmarked

  Scenario: A deleted file's bead is flagged for review, never removed
    When "src/app.py" is deleted and committed
    And maintenance runs
    And maintenance runs
    Then recalling "handlers synchronous" shows the memory marked "stale: file deleted, flagged for review"
    And the memory's history says "flagged for review" by "maintenance"

  Scenario: A file left as it was keeps its memory as it was
    When maintenance runs
    Then recalling "handlers synchronous" shows the memory unmarked
