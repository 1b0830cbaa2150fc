#!/usr/bin/env bash
# npm start: set up (installs what is missing, builds native + WASM), then serve the app with
# Vite on 127.0.0.1 and print the URL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
port="${PORT:-5173}"
echo
echo "  edpd is starting at  http://127.0.0.1:${port}/"
echo "  (Ctrl+C stops it; 'npm run build' writes the static site to dist/)"
echo
exec npx vite --host 127.0.0.1 --port "$port"
