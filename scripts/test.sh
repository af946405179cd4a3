#!/usr/bin/env bash
# The one gate: typecheck, lint, the format check, unit and database tests (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), the production build, then the e2e suite in Debian Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "typecheck"
npx tsc --noEmit -p .

step "lint"
npx eslint . --max-warnings=0

step "format (Prettier)"
npx prettier --check . --log-level=warn

step "unit and database tests ($( [ -n "${TEST_DATABASE_URL:-}" ] && echo 'PGlite + PostgreSQL' || echo 'PGlite; set TEST_DATABASE_URL for PostgreSQL too'))"
npx vitest run

step "build"
npm run build

step "e2e (Chromium)"
npx playwright test
