Feature: Capture reads the shape of a session, not its wording
  What a session leaves behind is found from what happened in it: a command that failed, the
  changes that followed and the same command passing; a person turning down what Claude did; a
  choice Claude acted on. Wording varies from person to person and model to model; the shape
  does not. Whatever is staged carries enough to stand alone a month later.

  Scenario: A failing test, an edit and the same test passing leave a fix
    Given a session in which `pytest -x tests/test_cart.py` fails with "AssertionError: 9 != 10"
    And Claude explains "The discount is applied twice because apply() runs in both hooks."
    And Claude edits "/src/cart.py" and `pytest` then passes
    When that session ends
    Then staging holds a fix that says "AssertionError: 9 != 10"
    And that fix names the cause "The discount is applied twice" and the file "/src/cart.py"

  Scenario: A command that only passed on a re-run leaves no fix
    Given a session in which `npm test` fails with "Exit code 1"
    And `npm test` then passes without any change
    When that session ends
    Then staging holds no fix

  Scenario: A rejected call followed by the person's way is a preference
    Given a session in which the user rejects Claude's `pip install requests`
    And the user then says "use uv add, never pip in this repo"
    When that session ends
    Then the memory holds the preference "use uv add, never pip in this repo (the user, correcting Claude's Bash `pip install requests`)"

  Scenario: A few words finishing the request after a rejected call are no correction
    Given a session in which the user rejects Claude's `vercel inspect https://example.vercel.app`
    And the user then says "as in the installer"
    When that session ends
    Then staging holds nothing from the session

  Scenario: A "no" that answers Claude's question corrects nothing
    Given a session in which Claude edits "/src/app.py" and asks "Shall I also update the changelog?"
    And the user then says "no, that's all"
    When that session ends
    Then the memory holds no preference

  Scenario: A choice Claude acted on is a decision, a plan it never carried out is not
    Given a session in which Claude says "I'll use httpx instead of requests, since the client is async." and edits "/src/client.py"
    And the user then asks "and the cache?"
    And Claude says "We could use Redis instead of Memcached." and does nothing
    When that session ends
    Then staging holds the decision "I'll use httpx instead of requests, since the client is async."
    And staging holds no decision about "Redis"

  Scenario: Claude's short last message is the outcome of the session, not a memory
    Given a session in which the user asks "bump the version"
    And Claude edits "/pyproject.toml" and says "Bumped the version to 0.2.0."
    When that session ends
    Then the session's final summary ends with "Outcome: Bumped the version to 0.2.0."
    And staging holds nothing from the session

  Scenario: Claude's account of a task that changed existing files is a learning
    Given a session in which the user asks "jurors invited with capitals cannot log in"
    And Claude edits "/lib/actions/auth.ts" and says "Fixed: the invite stored the address as typed, while signInJury looked it up lowercased, so Juror.B@example.com never matched. The lookup now ignores case and the invite lowercases the address; the two existing mixed-case rows still need the SQL fix."
    When that session ends
    Then staging holds a learning that says "Done: Fixed: the invite stored the address as typed"

  Scenario: The option the person picks when Claude asks them to choose is a decision
    Given a session in which Claude asks "Which queue should the jobs use?" offering "Redis streams" and "SQS"
    And the user picks "Redis streams"
    And Claude edits "/src/jobs.py" and says "Queue wired."
    When that session ends
    Then staging holds the decision "Which queue should the jobs use? — the user chose "Redis streams" over "SQS"."

  Scenario: The option the person names when Claude offers choices in prose is a decision
    Given a session in which the user asks "the default voice is gone"
    And Claude says "Which voice should be the default? **Alice** (clear educator) or **Matilda** (knowledgeable)?" and does nothing
    And the user then says "Matilda"
    And Claude edits "/src/voices.py" and says "Default voice set."
    When that session ends
    Then staging holds the decision "Which voice should be the default? — the user chose "Matilda" over "Alice"."

  Scenario: What Claude found by looking, answering a question, is a learning
    Given a session in which the user asks "do we still need the typescript override?"
    And Claude runs `grep -n overrides package.json` and `npm ls typescript`
    And Claude answers "No change is possible yet: vite-plus-core 0.2.4 declares a typescript peer range of ^5 || ^6, and a dry-run npm install without the override fails with ERESOLVE. Keep the override until vite-plus-core accepts ^7."
    When that session ends
    Then staging holds a learning that says "fails with ERESOLVE"

  Scenario: A script written to a scratch folder to answer a question is part of looking
    Given a session in which the user asks "how many demo runs were there really?"
    And Claude writes the script "/tmp/count_runs.mjs" and runs `node /tmp/count_runs.mjs`
    And Claude answers "178 demo runs: the deposit instructions into both vaults are the real count (129 in the old vault, 49 in the new), not the 40 settled audit records, because payments are batched and some runs never settled."
    When that session ends
    Then staging holds a learning that says "Found: 178 demo runs"

  Scenario: A command whose failure a filter pipe hid, failing several ways, is one known problem with its cause
    Given a session in which `uv run app --help 2>&1 | head -30` prints "error: failed to remove file `.venv/lib64`"
    And `mv .venv .venv.old; uv run app --help 2>&1 | head -30` prints ".venv/bin/app: 2: exec: .venv/bin/python: Permission denied"
    And Claude explains "The sandbox does not let the venv's python symlinks run: a permission issue of this machine."
    When that session ends
    Then staging holds a learning that says "Known problem, unresolved in the session (failed 2 times)"
    And staging holds a learning that says "Cause: The sandbox does not let the venv's python symlinks run"

  Scenario: A request the person had to make again keeps what the second attempt found
    Given a session in which the user asks "conda activate ml311"
    And Claude runs `conda activate ml311` and says "Environment activated."
    And the user then says "conda activate ml311"
    And Claude runs `echo $CONDA_DEFAULT_ENV` and says "The activation did not persist: each Bash call starts a new shell, so activate the environment in your own terminal."
    When that session ends
    Then staging holds a learning that says "Asked again (the first attempt did not do it): conda activate ml311"
    And staging holds a learning that says "each Bash call starts a new shell"

  Scenario: Documentation looked up and then acted on is a learning
    Given a session in which the user asks "add macOS to the CI matrix"
    And Claude fetches "https://github.com/acme/setup-display-action"
    And Claude edits "/repo/.github/workflows/test.yml" and says "The acme/setup-display-action step is a documented no-op on macOS, so no conditional is needed."
    When that session ends
    Then staging holds a learning that says "documented no-op on macOS, so no conditional is needed. (looked up: https://github.com/acme/setup-display-action)"

  Scenario: Where something hard to find lives is a learning
    Given a session in which the user asks "read your handoff and carry on"
    And `find /work/app -iname "*handoff*"` finds nothing
    And `find /home/me/.claude -iname "*handoff*"` prints "/home/me/.claude/handoffs"
    When that session ends
    Then staging holds a learning that says "Where the `handoff` files are: /home/me/.claude/handoffs (not under /work/app"

  Scenario: A command that passes session after session is a pattern of the project
    Given 3 sessions of the project in which Claude edits "/src/models.py" and `uv run alembic upgrade head` passes
    When each of those sessions ends
    Then staging holds one pattern that says "Recurring step of this project across sessions: `uv run alembic upgrade head`"
    And another such session ending stages it no second time

  Scenario: A failure the person reports, fixed by Claude's edits, is a fix without a re-run
    Given a session in which the user pastes "worker-1 ERROR supervisor: node: cannot find module '/srv/app/dist/main.js'"
    And Claude explains "The service starts dist/main.js, but the build writes build/main.js: the path is wrong."
    And Claude changes the file "/deploy/app.service"
    When that session ends
    Then staging holds a fix that says "Reported by the user: worker-1 ERROR supervisor: node: cannot find module"
    And that fix names the cause "the build writes build/main.js" and the file "/deploy/app.service"

  Scenario: How the person wants work done, said inside a task request, is a preference
    Given a session in which the user asks "Review the billing module. Don't trust anything the old README says about the schema. Run the checker."
    When that session ends
    Then the memory holds the preference "Don't trust anything the old README says about the schema."

  Scenario: A task request alone states no preference
    Given a session in which the user asks "Run the migration checker and list what it flags."
    When that session ends
    Then the memory holds no preference

  Scenario: An answer found after empty ones says where the data is
    Given a session in which the user asks "which pod serves the web app?"
    And `kubectl get pods -l app=web` finds nothing
    And `kubectl get pods -n web-prod -l app=web` prints "web-7d9 1/1 Running"
    When that session ends
    Then staging holds a learning that says "`kubectl get pods -n web-prod -l app=web` found it where `kubectl get pods -l app=web` returned nothing"

  Scenario: A job added to the CI pipeline is a decision
    Given a session in which the user asks "we should publish an image on every merge"
    And Claude adds the job "publish" pushing to "quay.io" in "/repo/.github/workflows/ci.yml"
    When that session ends
    Then staging holds the decision "CI pipeline ci.yml gained job `publish` (name: Publish; registry: quay.io)"

  Scenario: Claude's first reply to a finished background agent relays what it found
    Given a session in which a background agent "Map the repo" finishes
    And Claude answers "Repo map done: third_party/sdk is 40 MB of generated code and must be grepped, never read whole; the real entry point is cmd/server/main.go, not the stub main.go that is kept at the root of the repository for old deploy scripts."
    When that session ends
    Then staging holds a learning that says "Reported by a background agent (Agent Map the repo finished)"

  Scenario: Claude conceding to the person's question, then redoing the work, is a decision
    Given a session in which Claude says "Added the usual entries to the ignore file." and edits "/repo/.gitignore"
    And the user then asks "is this the recommended setup?"
    And Claude edits "/repo/.gitignore" and says "You're right, I made a mistake. Cargo.lock should be committed, not ignored, since this crate is a binary."
    When that session ends
    Then staging holds the decision "Cargo.lock should be committed, not ignored, since this crate is a binary. (corrected after the user asked: "is this the recommended setup?")"

  Scenario: A command that failed, then passed in another form straight away, teaches the form
    Given a session in which `gh issue view 497` fails with "error: your authentication token is missing required scopes [read:project]"
    And `gh issue view 497 --json title,body` then passes without any change
    When that session ends
    Then staging holds a learning that says "the form that worked: `gh issue view 497 --json title,body`"

  Scenario: What Claude adds to the project's CLAUDE.md is kept, a rule as a preference
    Given a session in which the user asks "merge it, and note how PRs land here in the project notes"
    And Claude adds to "/repo/CLAUDE.md" the entry "Never squash-merge: PRs land by rebase merge."
    When that session ends
    Then the memory holds the preference "Added to CLAUDE.md: Never squash-merge: PRs land by rebase merge."

  Scenario: What Claude saves to its own memory folder is kept, as the kind it was saved as
    Given a session in which the user asks "request a Copilot review. Make that standard in your workflow."
    And Claude saves "Always request a Copilot review right after opening a PR" to its memory file "copilot.md" as feedback
    When that session ends
    Then the memory holds the preference "Saved to memory: Always request a Copilot review right after opening a PR"

  Scenario: A commit whose message has a body is the change in the commit's own words
    Given a session in which the user asks "jurors invited with capitals cannot log in"
    And Claude commits "fix(jury): lowercase invited emails" explaining "The invite stored the address as typed, while the login looked it up lowercased."
    When that session ends
    Then staging holds a fix that says "Committed: fix(jury): lowercase invited emails"
