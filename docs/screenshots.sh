#!/bin/bash
# Retakes the screenshots under docs/ at 1280x720 under Xvfb, from a built tree (default: build).
# Usage: docs/screenshots.sh [BUILD_DIR]. Look at every image afterwards as a user would.
set -euo pipefail
cd "$(dirname "$0")/.."
app="${1:-build}/app/driftscope"
cli="${1:-build}/app/driftscope-cli"
capture=resources/samples/demo.capture
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config" # the user's settings (theme, geometry) stay out of it

shot() { # PNG DELAY ARGS...
    local png=$1 delay=$2
    shift 2
    xvfb-run -a -s "-screen 0 1280x720x24" "$app" "$@" --screenshot "$png" --screenshot-delay "$delay"
}

shot docs/explorer-demo.png 38 --demo steady
shot docs/explorer-capture.png 5 "$capture"
shot docs/store-steps.png 5 "$capture" --page steps --at 2026-11-29T13:37:51.566Z
shot docs/compare-legacy-skip.png 8 --simulate legacy-skip --compare 3.4.1
shot docs/release-notes.png 6 --simulate legacy-skip --help-dialog releases
shot docs/timeline-marks.png 8 --simulate checkpoint-task-restart --theme dark
# Bookmarks live in a capture: a copy of the sample gets two.
cp "$capture" "$work/shot.capture"
"$cli" bookmarks "$work/shot.capture" --add incident --at 2026-11-29T13:37:10Z >/dev/null
"$cli" bookmarks "$work/shot.capture" --add failover --at 2026-11-29T13:37:41Z >/dev/null
shot docs/bookmarks.png 5 "$work/shot.capture" --at incident
