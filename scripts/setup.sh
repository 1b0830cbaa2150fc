#!/usr/bin/env bash
# Set-up shared by `npm start`, `npm test`, `npm run build` and `npm run bench`:
# installs what is missing (Debian packages via apt when root, npm packages), then builds the
# native code (build/) and the WebAssembly module (build-wasm/ -> web/wasm/) when stale.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# ---- Node.js: Vite 7 needs 20.19+ (or 22.12+); older ones fail later with obscure errors ---
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) || (a === 20 && b >= 19) ? 0 : 1)' 2>/dev/null; then
  echo "edpd setup: Node.js 20.19 or newer is needed (22.12+ on the 22 line); found $(node --version 2>/dev/null || echo 'no node')." >&2
  echo "  Debian 12 ships Node 18: install a newer one (e.g. the nodejs package of Debian 13, or NodeSource's)." >&2
  exit 1
fi

# ---- system packages -------------------------------------------------------------------
need=()
command -v cmake >/dev/null || need+=(cmake)
command -v cc >/dev/null || need+=(gcc libc6-dev)
command -v make >/dev/null || need+=(make)
command -v clang >/dev/null || need+=(clang)   # libFuzzer harness (npm test)
command -v emcc >/dev/null || need+=(emscripten)
[ -x /usr/bin/chromium ] || need+=(chromium)
# the Python package (python/), its tests and the docs' Python examples, without recommends (slim)
slim=()
[ -x /usr/bin/python3 ] || slim+=(python3)
/usr/bin/python3 -c 'import numpy' 2>/dev/null || slim+=(python3-numpy)
/usr/bin/python3 -c 'import pytest' 2>/dev/null || slim+=(python3-pytest)
/usr/bin/python3 -c 'import ensurepip' 2>/dev/null || slim+=(python3-venv)       # docs/python.md's virtual environment
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null || slim+=(python3-matplotlib) # docs/python.md's plot
apt_install() {  # apt_install [apt options] PACKAGE...
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing Debian packages: ${*}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q "$@" >/tmp/edpd-apt.log 2>&1 || {
      apt-get update -q >>/tmp/edpd-apt.log 2>&1
      apt-get install -y -q "$@" >>/tmp/edpd-apt.log 2>&1 || { tail -20 /tmp/edpd-apt.log; exit 1; }
    }
  else
    echo "edpd setup: missing system packages: ${*}" >&2
    echo "  install them with: sudo apt-get install ${*}" >&2
    exit 1
  fi
}
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"
[ ${#slim[@]} -eq 0 ] || apt_install --no-install-recommends "${slim[@]}"

# ---- npm packages ----------------------------------------------------------------------
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "npm ci"
  if ! npm ci --no-audit --no-fund --loglevel=error 2>/tmp/edpd-npm-ci.log; then
    # Some registry snapshots lack other platforms' optional binaries (rollup, unrs-resolver):
    # npm ci then refuses the lock file. npm install honours the same locked versions.
    say "npm ci refused the lock file ($(grep -m1 -o 'Missing: [^ ]*' /tmp/edpd-npm-ci.log || echo 'see /tmp/edpd-npm-ci.log')); installing the locked versions with npm install"
    # the registry sometimes stalls (EIDLETIMEOUT seen here): three tries before giving up
    for attempt in 1 2 3; do
      npm install --no-save --no-audit --no-fund --loglevel=error && break
      if [ "$attempt" = 3 ]; then
        echo "edpd setup: npm install failed three times (is registry.npmjs.org reachable?)" >&2
        exit 1
      fi
      say "npm install failed (try $attempt of 3; the registry may be slow): trying again in 10 s"
      sleep 10
    done
  fi
fi

# ---- builds ----------------------------------------------------------------------------
source scripts/cmake-build.sh

# ---- native build ----------------------------------------------------------------------
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
say "building native core, CLI and C tests (build/)"
cmake_build build
# the configuration's schema for the JavaScript side (web/src/edpd.js, the app's link codec)
mkdir -p web/src/generated
{ echo "// Written by scripts/setup.sh from \`build/edpd schema\` (csrc/setup/schema.c): do not edit."; printf 'export const SCHEMA = '; build/edpd schema; echo ';'; } > web/src/generated/schema.js.new
cmp -s web/src/generated/schema.js.new web/src/generated/schema.js && rm web/src/generated/schema.js.new || mv web/src/generated/schema.js.new web/src/generated/schema.js

# ---- WebAssembly build (Debian's Emscripten 3.1.6: its optimiser needs Debian's acorn) ---
export NODE_PATH=/usr/share/nodejs
if [ ! -f build-wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
fi
say "building WebAssembly module (build-wasm/)"
cmake_build build-wasm
mkdir -p web/wasm
for f in edpd.mjs edpd.wasm; do
  cmp -s "build-wasm/$f" "web/wasm/$f" || cp "build-wasm/$f" "web/wasm/$f"
done
say "ready"
