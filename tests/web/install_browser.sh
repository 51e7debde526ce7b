#!/usr/bin/env bash
# Installs the browser the scorekeeper page's tests drive: Debian's chromium package.
# Idempotent: does nothing when a Chromium is already installed. Where it cannot install one (no
# apt-get, no root and no password-less sudo, or apt fails), it says so in one line and exits 0:
# the browser tests then skip, saying why, and the rest of the suite runs.
set -uo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || [ -n "${COURTCARD_CHROMIUM:-}" ]; then
  exit 0
fi
skip() {
  echo "install_browser.sh: $1; the browser tests will skip (install Chromium and set COURTCARD_CHROMIUM to run them)." >&2
  exit 0
}
command -v apt-get >/dev/null 2>&1 || skip "no apt-get on this machine"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || skip "installing needs root, and sudo asks for a password"
  SUDO="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null 2>&1 || skip "apt-get update failed"
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1 || skip "apt-get could not install chromium"
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || skip "chromium is not on PATH after installing it"
