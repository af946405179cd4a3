#!/usr/bin/env bash
# The one gate: typecheck, lint, the format check, unit and database tests (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), the production build, the fault suite (production portals under faults, on
# PostgreSQL: test/faults/), then the e2e suite in Debian Chromium. Each stage prints its start, end and time, and
# all of them again at the end (scripts/stage-times.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

STAGE_LABEL='npm test'
# shellcheck source=scripts/stage-times.sh
. scripts/stage-times.sh

stage "typecheck" npx tsc --noEmit -p .

stage "lint" npx eslint . --max-warnings=0

stage "format (Prettier)" npx prettier --check . --log-level=warn

stage "unit and database tests ($( [ -n "${TEST_DATABASE_URL:-}" ] && echo 'PGlite + PostgreSQL' || echo 'PGlite; set TEST_DATABASE_URL for PostgreSQL too'))" \
  npx vitest run

stage "build" npm run build

stage "fault suite (PostgreSQL, kill -9, SMTP and webhook receiver down)" npx vitest run -c vitest.faults.config.ts

stage "e2e (Chromium)" npx playwright test
