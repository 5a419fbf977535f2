#!/usr/bin/env bash
# The browser test of `rover gallery`: builds a gallery of ~300 generated photos, opens it in headless Chromium
# (Debian's `chromium`) over the DevTools protocol, and checks what a person would see and do (see
# scripts/gallery_browser_test.py). .ci/run runs it after `swift test`; `swift test` itself needs no browser.
#
# Usage: scripts/gallery-browser-test.sh                 screenshots go to a temporary folder
#        scripts/gallery-browser-test.sh --update-docs   screenshots replace docs/gallery-*.png
# Environment: ROVER=path/to/rover (default: build and use .build/debug/rover), CHROMIUM=chromium
# Exit status: 0 all checks passed, 1 a check failed (named on the FAIL line), 2 the test could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

ROVER=${ROVER:-}
if [ -z "$ROVER" ]; then
  swift build --product rover >/dev/null
  ROVER="$(swift build --show-bin-path)/rover"
fi
shots=()
if [ "${1:-}" = "--update-docs" ]; then shots=(--shots docs); fi

timeout 600 python3 scripts/gallery_browser_test.py --rover "$ROVER" --chromium "${CHROMIUM:-chromium}" "${shots[@]}"
