#!/usr/bin/env bash
# Installs what the workbench needs on a fresh machine (Debian 12, Node 20.19 or later), then builds it.
# Idempotent: each step is skipped when already done. Why the pins of package.json: arquero 8.0.3
# needs the override @uwdata/flechette 2.6.0 (2.7.0 depends on @uwdata/wk-geojson, which the npm
# registry used here does not serve); danfojs 1.1.2 (1.2.0 fetches xlsx from an outside URL, and
# danfojs-node needs a native TensorFlow download); vitest 4.1 with vite 8 (vitest 5 needs Node 22).
# Jupyter comes from Debian (python3-notebook, run by /usr/bin/python3), not from pip.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: Jupyter (for the tslab kernel), reference statistics (scipy, statsmodels, R
# metafor, sandwich, clubSandwich, boot; tests only), Chromium (headless report checks), DejaVu
# (fonts loaded explicitly for PNGs), librsvg2-bin (rsvg-convert: figures as vector PDF),
# poppler-utils (pdfinfo; tests check the PDFs)
# and libjs-marked (a Markdown renderer; tests render the Markdown reports; Notebook needs it anyway).
DEB_PACKAGES=(jupyter-nbconvert python3-nbclient python3-ipykernel jupyter-client python3-notebook
  python3-numpy python3-scipy python3-statsmodels r-base-core r-cran-metafor r-cran-jsonlite r-cran-sandwich r-cran-clubsandwich r-cran-boot chromium fonts-dejavu-core
  librsvg2-bin poppler-utils libjs-marked)
missing=()
for p in "${DEB_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm packages, exactly as locked
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat node_modules/.workbench-lock 2>/dev/null)" != "$lock_sum" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_sum" > node_modules/.workbench-lock
fi

# JupyterLab's Vega-Lite v5 renderer (vega 5, vega-lite 5), for the test that the notebooks' v5 MIME
# specs render under it; a folder of its own because vega-lite 5's peer is vega 5 and the workbench uses 6
v5_sum=$(sha256sum test/v5-renderer/package-lock.json | cut -d' ' -f1)
if [ "$(cat test/v5-renderer/node_modules/.workbench-lock 2>/dev/null)" != "$v5_sum" ]; then
  echo "setup: npm ci (test/v5-renderer)"
  npm ci --prefix test/v5-renderer --no-audit --no-fund --loglevel=error
  echo "$v5_sum" > test/v5-renderer/node_modules/.workbench-lock
fi

# the library, compiled for the CLI and for notebooks (node_modules/workbench -> dist)
npm run build --silent

# the tslab Jupyter kernel, registered for Debian's python3 (the first python3 on PATH may lack Jupyter)
# with this checkout's node and tslab by absolute path, so it starts without node_modules/.bin on PATH
node scripts/register-kernel.mjs
