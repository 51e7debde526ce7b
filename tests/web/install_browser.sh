#!/usr/bin/env bash
# Installs the browser the scorekeeper page's tests drive: Debian's chromium package.
# Idempotent: does nothing when a Chromium is already installed. Needs root (or sudo) for apt.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]
