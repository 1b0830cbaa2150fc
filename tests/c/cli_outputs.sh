#!/usr/bin/env bash
# A run's files (docs/cli.md): never two outputs on one file or an output on the input (refused
# before anything is opened), never a half-written file under the target's name (a kill leaves
# the old file; two runs writing one name leave one complete file), and after SIGINT or SIGTERM
# complete files of the run up to the stop, the summary, and exit 128 + the signal.
#   cli_outputs.sh path/to/edpd
set -u
set -m  # background runs as jobs of their own: a script's background job would ignore SIGINT
edpd="$1"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# stop_run PID SIGNAL: the signal, then the run's exit code in $code (killed after 30 s if it
# does not end: 999)
stop_run() {
  kill -"$2" "$1"
  for _ in $(seq 300); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$1" 2>/dev/null; then kill -KILL "$1"; wait "$1" 2>/dev/null; code=999; return; fi
  wait "$1"; code=$?
}
cd "$tmp"
"$edpd" run --scenario elastic --n 500 --time 1 --dump k.xyz > /dev/null || bad "a state to load"
sum=$(md5sum < k.xyz)

# ---- the same file twice, or the input as an output: refused, nothing touched -------------
refused() {  # refused WHAT MESSAGE-PATTERN ARGS...
  local what=$1 pattern=$2; shift 2
  "$edpd" run "$@" > out.txt 2> err.txt
  local code=$?
  [ "$code" = 2 ] && grep -qE -- "$pattern" err.txt && ok || bad "$what: exit $code, $(cat err.txt)"
}
refused "--trajectory and --dump on one file" "--dump and --trajectory: both name the file 'o.xyz'" \
  --scenario elastic --n 200 --time 1 --series 0.5 --trajectory o.xyz --dump o.xyz
refused "./o.xyz and o.xyz are one file" "--dump and --event-log: both name the file" \
  --scenario elastic --n 200 --time 1 --dump o.xyz --event-log ./o.xyz
[ ! -e o.xyz ] && ok || bad "a refused run created o.xyz"
refused "--dump on --load's file" "--dump: 'k.xyz' is the state file --load reads" --load k.xyz --time 1 --dump k.xyz
refused "--event-log on --load's file" "--event-log: '\./k.xyz' is the state file --load reads" --load k.xyz --time 1 --event-log ./k.xyz
ln -s k.xyz link.xyz
refused "a link to the input is the input" "--dump: 'k.xyz' is the state file --load reads" --load link.xyz --time 1 --dump k.xyz
[ "$(md5sum < k.xyz)" = "$sum" ] && ok || bad "a refused run changed the input k.xyz"

# ---- never half-written: a killed run leaves the old file ---------------------------------
echo "the old file" > old.xyz
"$edpd" run --scenario elastic --n 5000 --time 5e5 --dump old.xyz --series 1e3 --trajectory traj.xyz --no-progress > /dev/null 2>&1 &
pid=$!
sleep 1.5
kill -KILL "$pid"; wait "$pid" 2>/dev/null
[ "$(cat old.xyz)" = "the old file" ] && ok || bad "a killed run replaced old.xyz: $(head -c 100 old.xyz)"
[ ! -e traj.xyz ] && ok || bad "a killed run left a trajectory under its name"
rm -f .old.xyz.* .traj.xyz.*  # what SIGKILL cannot clean up: the temporaries, beside, under other names

# two runs writing one trajectory: one complete file, not their frames interleaved
for seed in 1 2; do
  "$edpd" run --scenario elastic --n 3000 --seed $seed --time 4 --series 0.05 --trajectory same.xyz --json > "run$seed.json" &
done
wait
frames=$(grep -c '^3000$' same.xyz)
hash=$("$edpd" run --load same.xyz --frame last --time 0 --json | grep -o '"state_hash": "[^"]*"')
[ "$frames" = 81 ] && ok || bad "two runs on one --trajectory: $frames frames of 3000 particles, not 81"
grep -q "$(echo "$hash" | head -c 0)" run1.json && "$edpd" run --load same.xyz --frame 40 --time 0 > /dev/null && ok || bad "the shared trajectory does not read back"

# ---- SIGINT and SIGTERM: complete files, the summary, 128 + the signal ---------------------
for sig in INT TERM; do
  "$edpd" run --scenario elastic --n 20000 --time 5e5 --dump final.xyz --event-log ev.csv --json --no-progress > out.json 2> err.txt &
  pid=$!
  sleep 1.5
  stop_run "$pid" "$sig"
  want=$([ $sig = INT ] && echo 130 || echo 143)
  [ "$code" = "$want" ] && ok || bad "SIG$sig: exit $code, not $want ($(cat err.txt))"
  node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1])); process.exit(r.interrupted === process.argv[2] && r.events > 0 ? 0 : 1)' out.json "SIG$sig" \
    && ok || bad "SIG$sig: the summary does not say so: $(grep -o '"interrupted": [^,]*' out.json)"
  t=$(grep -o '"time": [0-9.e+-]*' out.json | head -1 | cut -d' ' -f2)
  # the final state is the run's at the stop, and loads
  "$edpd" run --load final.xyz --time 0 --json > back.json && grep -q "\"time\": $t," back.json && ok || bad "SIG$sig: the dump is not the state at t = $t"
  # every event record whole: the last line has its six fields and its newline, at the stop's time or before
  [ "$(tail -c 1 ev.csv | od -An -c | tr -d ' ')" = '\n' ] && [ "$(tail -n 1 ev.csv | tr ',' '\n' | wc -l)" = 6 ] && ok || bad "SIG$sig: the event log ends mid-record"
  ls -a | grep -q '^\.final\.xyz\.\|^\.ev\.csv\.' && bad "SIG$sig: temporaries left behind" || ok
done

# a binary event log interrupted: whole 40-byte records after its 16-byte header
"$edpd" run --scenario elastic --n 20000 --time 5e5 --event-log ev.bin --no-progress > out.txt 2>&1 &
pid=$!; sleep 1.5; stop_run "$pid" INT
size=$(stat -c %s ev.bin)
[ $(( (size - 16) % 40 )) = 0 ] && [ "$size" -gt 16 ] && ok || bad "binary event log of $size bytes: not whole records"
grep -q "INTERRUPTED by SIGINT at t = " out.txt && ok || bad "the text summary does not say the run was interrupted: $(tail -2 out.txt)"

echo "cli_outputs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
