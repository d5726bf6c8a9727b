@anchors
Feature: Memory at the point of action
  A memory may be anchored to a file or a command. Just before Claude edits that file or runs
  that command, Abzu shows it, once per session, as quoted data. Anything else shows nothing.

  Background:
    Given a reviewed memory "Never edit generated/api.ts by hand; run npm run codegen" anchored to the file "generated/api.ts"
    And a reviewed memory "npm run build fails with 'generate is not a function' unless codegen ran first" anchored to the command "npm run build"

  Scenario: Editing an anchored file shows its memory once per session
    When Claude is about to edit "generated/api.ts" in session "s-1"
    Then Claude is shown the memory "Never edit generated/api.ts by hand"
    And the memory is quoted as data
    When Claude is about to edit "generated/api.ts" in session "s-1"
    Then Claude is shown nothing
    When Claude is about to edit "generated/api.ts" in session "s-2"
    Then Claude is shown the memory "Never edit generated/api.ts by hand"

  Scenario: An unrelated edit shows nothing
    When Claude is about to edit "src/app.ts" in session "s-1"
    Then Claude is shown nothing

  Scenario: Running an anchored command shows its memory
    When Claude is about to run "npm run build -- --prod" in session "s-1"
    Then Claude is shown the memory "npm run build fails"
    When Claude is about to run "npm test" in session "s-1"
    Then Claude is shown nothing
