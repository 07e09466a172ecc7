#!/usr/bin/env bash
# The main job: set up, then reproduce every benchmark from the bundled sample releases into
# reports/ and figures/. Extra arguments go to `workbench reproduce` (e.g. --bench globebench).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
node bin/workbench.js reproduce "$@"
