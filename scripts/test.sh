#!/usr/bin/env bash
# Every test: unit and property tests, reference checks against scipy/statsmodels/R, the CLI on
# sample and broken releases, and every notebook executed headless through Jupyter.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npx tsc -p tsconfig.json --noEmit
# formatting and lint rules (biome.json): a change that is not formatted, or breaks a rule, fails here
npm run lint --silent
# the floors each folder keeps (.dependency-cruiser.cjs), after the build: notebooks import the built library
npm run lint:deps --silent
# no unused file, export, type or dependency (knip.jsonc)
npm run lint:dead --silent
npx vitest run
