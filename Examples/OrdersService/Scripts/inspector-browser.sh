#!/usr/bin/env bash
# The store inspector's real-browser test (issue 36): orders-service with --inspector-port on
# 127.0.0.1, actions sent over HTTP, the page driven by headless Chromium (Debian's chromium and
# chromium-driver) through Selenium (PyPI). Installs what is missing, saves a screenshot of each
# step in the output folder, and stops the service (SIGTERM, then SIGKILL) and the browser even on
# failure (inspector_browser_test.py). About 20 s once installed.
#
# Usage: Scripts/inspector-browser.sh BINARY [OUTPUT_FOLDER]
#   BINARY         an orders-service build (CI: the debug build of the OrdersService step)
#   OUTPUT_FOLDER  where the screenshots go (default: .build-ci/inspector-screenshots)
set -euo pipefail
binary=$(realpath "${1:?usage: inspector-browser.sh BINARY [OUTPUT_FOLDER]}")
out=${2:-.build-ci/inspector-screenshots}
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null || [ ! -x /usr/bin/chromedriver ]; then
  apt-get update >/dev/null && apt-get install -y chromium chromium-driver >/dev/null
fi
python3 -c "import selenium" 2>/dev/null || python3 -m pip install --quiet selenium
mkdir -p "$out"
timeout 300 python3 Scripts/inspector_browser_test.py "$binary" "$out"
