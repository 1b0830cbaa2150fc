#!/usr/bin/env bash
# npm start: set up (installs what is missing, builds native + WASM), then serve the app with
# Vite on 127.0.0.1 and print the URL.
set -euo pipefail
cd "$(dirname "$0")/.."
# PORT=N npm start serves on N or says why not; by default the first free port from 5173, so that
# the address printed below is the one served (Vite would move on silently from a taken one)
if [ -n "${PORT:-}" ]; then
  case "$PORT" in ''|*[!0-9]*) echo "npm start: PORT must be a whole number in [1024, 65535], got '$PORT'" >&2; exit 2;; esac
  if [ "$PORT" -lt 1024 ] || [ "$PORT" -gt 65535 ]; then echo "npm start: PORT must be in [1024, 65535], got $PORT" >&2; exit 2; fi
fi
bash scripts/setup.sh
port=$(node -e '
const net = require("net");
const [first, strict] = [Number(process.argv[1]), process.argv[2] === "1"];
const tryPort = (p) => {
  if (p > 65535 || (strict && p !== first)) { console.error(`npm start: port ${first} on 127.0.0.1 is in use (PORT=${first}); choose another PORT`); process.exit(2); }
  const s = net.createServer();
  s.once("error", () => tryPort(p + 1));
  s.once("listening", () => s.close(() => console.log(p)));
  s.listen(p, "127.0.0.1");
};
tryPort(first);' "${PORT:-5173}" "$([ -n "${PORT:-}" ] && echo 1 || echo 0)")
echo
echo "  edpd is starting at  http://127.0.0.1:${port}/"
echo "  (Ctrl+C stops it; 'npm run build' writes the static site to dist/)"
echo
exec npx vite --host 127.0.0.1 --port "$port" --strictPort
