#!/usr/bin/env bash
# The CLI contract (docs/cli.md): subcommands, flags, JSON fields, errors on stderr with a
# non-zero exit. Usage: cli_contract.sh path/to/edpd
set -u
edpd="$1"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

json_has() { # json_has FILE field...
  local f="$1"; shift
  for k in "$@"; do grep -q "\"$k\":" "$f" || { bad "missing JSON field $k"; return; }; done; ok
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

"$edpd" run --scenario granular --detector stable --n 500 --packing-fraction 0.3 --restitution 0.8 --dim 3 --seed 4 --events 20000 --json > "$tmp/run.json" 2> "$tmp/err" && ok || bad "run granular failed: $(cat "$tmp/err")"
json_has "$tmp/run.json" events collisions time kinetic_energy temperature pressure_z pressure_z_error mean_free_time \
  stabilizing_events negative_dt_events overlapping_pairs max_overlap three_body_events three_body_collisions halted halt_reason \
  collapse state_hash events_per_second
node -e 'JSON.parse(require("fs").readFileSync(process.argv[1]))' "$tmp/run.json" 2>/dev/null && ok || bad "run --json is not valid JSON"
grep -q '"events": 20000' "$tmp/run.json" && ok || bad "run did not execute exactly 20000 events"

"$edpd" run --scenario bouncing-ball --detector naive-halt --plate-offset 0.7637746189766140 --events 1000 --json > "$tmp/ball.json" && ok || bad "run ball"
grep -q '"halted": true' "$tmp/ball.json" && grep -q '"halt_reason": "no-real-root"' "$tmp/ball.json" && ok || bad "naive-halt ball at 0.76377 must halt with no-real-root: $(grep halt "$tmp/ball.json")"
"$edpd" run --scenario bouncing-ball --detector stable --plate-offset 0.7637746189766140 --events 100000 --json > "$tmp/ball2.json" && ok || bad "run stable ball"
grep -q '"collapse": true' "$tmp/ball2.json" && grep -q '"halted": false' "$tmp/ball2.json" && ok || bad "stable ball must collapse"
# a stopped clock is named for what it is: the stable ball's exact rest, a gas's inelastic
# collapse, or a square well's energy created by naive-miss (one message named all three)
"$edpd" run --scenario bouncing-ball --detector stable --plate-offset 0.7637746189766140 --events 100000 | grep -q '^AT REST on the plate at t = 2.99999' && ok || bad "the stable ball's rest is not AT REST"
"$edpd" run --scenario granular --n 500 --restitution 0.1 --packing-fraction 0.3 --time 100 | grep -q '^COLLAPSE: the clock stopped at t = .*: inelastic collapse' && ok || bad "a granular gas's collapse"
"$edpd" run --scenario elastic --n 1000 --packing-fraction 0.25 --temperature 1.5 --potential square-well --detector naive-miss --seed 4 --events 200000 \
  | grep -q '^COLLAPSE, ENERGY CREATED: .* with the energy +1951 off' && ok || bad "naive-miss's square-well runaway is not ENERGY CREATED"
# first_failure: the overlap function where naive-halt stopped (f = f0 + f1 dt + f2 dt^2/2, the ball's gap
# to contact under g = 1: f2 = -1) and both answers for it; none for the stable ball
node -e 'const f = JSON.parse(require("fs").readFileSync(process.argv[1])).first_failure;
  process.exit(f && f.f2 === -1 && f.f0 < 0 && f.f1 * f.f1 - 2 * f.f2 * f.f0 < 0 && f.naive_dt === null &&
    f.naive_answer === "no-real-root" && f.naive_action === "halted" && f.stable_answer === "turning-point" &&
    f.stable_dt === f.f1 && f.particle_b === -1 ? 0 : 1)' "$tmp/ball.json" && ok || bad "ball first_failure: $(grep -A13 first_failure "$tmp/ball.json")"
grep -q '"first_failure": null' "$tmp/ball2.json" && ok || bad "the stable ball has a first_failure"
"$edpd" run --scenario bouncing-ball --detector naive-halt --plate-offset 0.7637746189766140 --events 1000 > "$tmp/ball.txt"
grep -q '^  textbook (Eq. 12): no real root (halted); stable (Eq. 10): impact at the turning point, dt = ' "$tmp/ball.txt" && ok || bad "the summary's first failure: $(cat "$tmp/ball.txt")"

"$edpd" sweep --scenario bouncing-ball --samples 500 --detector naive-halt --restitution 0.5 --seed 1 --json > "$tmp/sweep.json" && ok || bad "sweep"
json_has "$tmp/sweep.json" samples halted_fraction mean_events_at_halt mean_final_time fell_through_fraction events_at_halt_histogram
node -e 'JSON.parse(require("fs").readFileSync(process.argv[1]))' "$tmp/sweep.json" 2>/dev/null && ok || bad "sweep --json is not valid JSON"

# --progress: how far a long run got, on stderr only; the slices do not change the trajectory
"$edpd" run --scenario granular --n 2000 --events 600000 --progress --json > "$tmp/prog.json" 2> "$tmp/prog.err" && \
  grep -q '^\[edpd\] 100.0 %  600000 events .*done$' "$tmp/prog.err" && ok || bad "--progress: $(cat "$tmp/prog.err")"
node -e 'JSON.parse(require("fs").readFileSync(process.argv[1]))' "$tmp/prog.json" 2>/dev/null && ok || bad "--progress put something into the JSON"
"$edpd" run --scenario granular --n 2000 --events 600000 --json > "$tmp/noprog.json" 2> "$tmp/noprog.err"
[ "$(grep state_hash "$tmp/prog.json")" = "$(grep state_hash "$tmp/noprog.json")" ] && [ ! -s "$tmp/noprog.err" ] && ok || bad "--progress changed the run, or progress went to a non-terminal stderr unasked"
# --equilibrate T: the granular gas keeps its energy until T (elastic), then cools
"$edpd" run --scenario granular --n 500 --packing-fraction 0.2 --restitution 0.8 --equilibrate 3 --time 1 --series 1 --json > "$tmp/eq.json" 2> "$tmp/eq.err" && \
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1])); const s = r.series.rows;
  process.exit(r.equilibrate === 3 && s[0][0] === 3 && Math.abs(s[0][1] - 1) < 1e-12 && s[1][1] < 0.9 ? 0 : 1)' "$tmp/eq.json" && ok || bad "--equilibrate: not elastic until T, or no cooling after: $(cat "$tmp/eq.err")"
# --elastic-until T is the physics of --equilibrate T with --time from 0: the same state; not both
"$edpd" run --scenario granular --n 500 --packing-fraction 0.2 --restitution 0.8 --elastic-until 3 --time 4 --json > "$tmp/eu.json" && \
  [ "$(grep state_hash "$tmp/eu.json")" = "$(grep state_hash "$tmp/eq.json")" ] && grep -q '"elastic_until": 3' "$tmp/eu.json" && ok || bad "--elastic-until 3 --time 4 differs from --equilibrate 3 --time 1"
"$edpd" run --scenario granular --equilibrate 1 --elastic-until 1 --time 1 2> "$tmp/both.err" >/dev/null; [ $? -eq 2 ] && grep -q "give one of --equilibrate" "$tmp/both.err" && ok || bad "--equilibrate with --elastic-until: $(cat "$tmp/both.err")"
"$edpd" run --scenario granular --elastic-until -1 --time 1 2> "$tmp/eun.err" >/dev/null; [ $? -eq 2 ] && grep -q "elastic-until" "$tmp/eun.err" && ok || bad "--elastic-until -1: $(cat "$tmp/eun.err")"
# the text summary of a run names undefined quantities instead of printing nan
"$edpd" run --scenario bouncing-ball --detector stable --events 100 > "$tmp/ball.txt" && ! grep -qi nan "$tmp/ball.txt" && grep -q "Z = n/a (gravity or planes)" "$tmp/ball.txt" && ok || bad "ball run text: $(cat "$tmp/ball.txt")"
# a vibrating table: the oscillation flags, refused by name out of range; its Gamma sweep
"$edpd" run --scenario bouncing-ball --n 1 --plate-offset 0 --plate-amplitude 0.03 --plate-frequency 6.283185307179586 --time 5 --json > "$tmp/table.json" && ok || bad "run a vibrating table"
json_has "$tmp/table.json" plate_locks plate_takeoffs state_hash
for bad_flags in "--plate-amplitude -1 --plate-frequency 1:plate-amplitude" "--plate-amplitude 0.1:plate_frequency" "--plate-amplitude 0.1 --plate-frequency 1 --plate-phase nan:plate-phase"; do
  flags=${bad_flags%%:*}; want=${bad_flags##*:}
  "$edpd" run --scenario bouncing-ball --n 1 $flags --time 1 2> "$tmp/osc.err" >/dev/null; [ $? -eq 2 ] && grep -q "$want" "$tmp/osc.err" && ok || bad "$flags: $(cat "$tmp/osc.err")"
done
"$edpd" run --scenario bouncing-ball --n 4 --plate-amplitude 0.1 --plate-frequency 1 --time 1 2> "$tmp/osc4.err" >/dev/null; [ $? -eq 2 ] && grep -q "plate_amplitude: an oscillating plate is one ball's" "$tmp/osc4.err" && ok || bad "oscillating plates of 4 balls: $(cat "$tmp/osc4.err")"
"$edpd" run --scenario bouncing-ball --n 1 --plate-offset 0 --restitution 0.2 --plate-amplitude 0.03292938468375978 --plate-frequency 6.283185307179586 --time 7.3 --dump "$tmp/osc.xyz" > /dev/null \
  && grep -q 'planes="0 0 1 0 0.20000000000000001 0.032929384683759777 6.2831853071795862 0"' "$tmp/osc.xyz" \
  && "$edpd" run --load "$tmp/osc.xyz" --until 20 --json > "$tmp/osc-load.json" && node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1])); process.exit(r.plate_takeoffs > 5 ? 0 : 1)' "$tmp/osc-load.json" \
  && ok || bad "a vibrating table's dump does not run on from --load"
"$edpd" sweep --scenario table --gamma 1.2:1.8 --samples 4 --transient 400 --impacts 16 --json > "$tmp/tsweep.json" && ok || bad "sweep --scenario table"
json_has "$tmp/tsweep.json" gamma phases transient
"$edpd" sweep --scenario table --gamma 2:x 2> "$tmp/tg.err" >/dev/null; [ $? -eq 2 ] && grep -q -- "--gamma: must be FROM:TO" "$tmp/tg.err" && ok || bad "sweep --gamma 2:x: $(cat "$tmp/tg.err")"
"$edpd" sweep --scenario table --impacts 0 2> "$tmp/ti.err" >/dev/null; [ $? -eq 2 ] && grep -q -- "--impacts" "$tmp/ti.err" && ok || bad "sweep --impacts 0: $(cat "$tmp/ti.err")"
# the text summary of a sweep without halts says so instead of printing a mean over nothing
"$edpd" sweep --scenario bouncing-ball --samples 200 --detector naive-miss > "$tmp/miss.txt" && ! grep -qi nan "$tmp/miss.txt" && grep -q "none halted" "$tmp/miss.txt" && ok || bad "sweep text without halts: $(cat "$tmp/miss.txt")"

# shards add up to the whole sweep
"$edpd" sweep --scenario bouncing-ball --samples 500 --detector naive-halt --shard 0/2 --json > "$tmp/s0.json" && \
"$edpd" sweep --scenario bouncing-ball --samples 500 --detector naive-halt --shard 1/2 --json > "$tmp/s1.json" && ok || bad "sharded sweep"
# edpd merge combines them into exactly the unsharded result
"$edpd" merge "$tmp/s1.json" "$tmp/s0.json" --json > "$tmp/merged.json" && ok || bad "merge failed"
node -e '
const f = p => JSON.parse(require("fs").readFileSync(p));
const [m, w] = [f(process.argv[1]), f(process.argv[2])];
const keys = ["samples", "halted", "fell_through", "collapsed", "events_at_halt_sum", "halted_fraction", "final_time_min", "final_time_max"];
process.exit(keys.every((k) => m[k] === w[k]) && m.events_at_halt_histogram.join() === w.events_at_halt_histogram.join() ? 0 : 1)' "$tmp/merged.json" "$tmp/sweep.json" && ok || bad "merged shards differ from the whole sweep"
expect_merge_error() { if "$edpd" merge "$@" > /dev/null 2> "$tmp/err"; then bad "merge accepted $*"; else ok; fi; }
expect_merge_error "$tmp/s0.json"                    # samples missing
expect_merge_error "$tmp/s0.json" "$tmp/s0.json"     # duplicated
expect_merge_error "$tmp/run.json"                   # not a sweep result
# shards run under another gravity, budget, time limit or collapse window are of another sweep
for other in "--gravity 9.81" "--max-events 1000" "--t-max 5" "--collapse-window 64"; do
  "$edpd" sweep --scenario bouncing-ball --samples 500 --detector naive-halt --shard 1/2 $other --json > "$tmp/s1x.json"
  if "$edpd" merge "$tmp/s0.json" "$tmp/s1x.json" > /dev/null 2> "$tmp/err"; then bad "merge accepted a shard with $other"
  else grep -q "belongs to another sweep" "$tmp/err" && ok || bad "merge's refusal of $other: $(cat "$tmp/err")"; fi
done
# a vibrating table's shards merge into the whole sweep's rows, in any order; one missing, one
# given twice or one of another sweep is refused
table=(sweep --scenario table --gamma 1.2:1.8 --samples 5 --transient 100 --impacts 8)
for i in 0 1 2; do "$edpd" "${table[@]}" --shard $i/3 --json > "$tmp/t$i.json"; done
"$edpd" "${table[@]}" --json | grep -v '"seconds"' > "$tmp/twhole.json"
"$edpd" merge "$tmp/t2.json" "$tmp/t0.json" "$tmp/t1.json" --json | grep -v '"seconds"' > "$tmp/tmerged.json" && ok || bad "table merge failed"
cmp -s "$tmp/twhole.json" "$tmp/tmerged.json" && ok || bad "merged table shards differ from the whole sweep: $(diff "$tmp/twhole.json" "$tmp/tmerged.json" | head -5)"
"$edpd" merge "$tmp/t0.json" "$tmp/t1.json" 2> "$tmp/err" >/dev/null; grep -q "shard 2/3 is missing" "$tmp/err" && ok || bad "table merge, a shard missing: $(cat "$tmp/err")"
"$edpd" merge "$tmp/t0.json" "$tmp/t0.json" "$tmp/t1.json" 2> "$tmp/err" >/dev/null; grep -q "shard 0/3 is given twice" "$tmp/err" && ok || bad "table merge, a shard twice: $(cat "$tmp/err")"
"$edpd" sweep --scenario table --gamma 1.2:1.8 --samples 5 --transient 100 --impacts 8 --restitution 0.4 --shard 2/3 --json > "$tmp/t2x.json"
"$edpd" merge "$tmp/t0.json" "$tmp/t1.json" "$tmp/t2x.json" 2> "$tmp/err" >/dev/null; grep -q "belongs to another sweep" "$tmp/err" && ok || bad "table merge, another sweep's shard: $(cat "$tmp/err")"
expect_merge_error /nonexistent.json
expect_merge_error "$tmp"                             # a directory
grep -q "it is a directory" "$tmp/err" && ok || bad "merge of a directory: $(cat "$tmp/err")"
# forged shards are refused naming the file and the field (each was accepted once, with nonsense
# such as a halted fraction of 10.12 or counts wrapped past 2^64)
forge() { node -e 'const fs = require("fs"); const [src, dst, from, to] = process.argv.slice(1);
  const t = fs.readFileSync(src, "utf8"); if (!t.includes(from)) process.exit(3); fs.writeFileSync(dst, t.replace(from, to));' "$@"; }
expect_forged() {  # ORIGINAL "FROM" "TO" "EXPECTED MESSAGE"
  forge "$tmp/s0.json" "$tmp/forged.json" "$1" "$2" || { bad "forge: no '$1' in s0.json"; return; }
  expect_merge_error "$tmp/forged.json" "$tmp/s1.json"; grep -qF "forged.json: $3" "$tmp/err" && ok || bad "forged shard ($2): $(cat "$tmp/err")"; }
h0=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).halted)' "$tmp/s0.json")
expect_forged "\"halted\": $h0," '"halted": 1012,' "halted: must be at most samples (250), got 1012"
expect_forged '"samples": 250,' '"samples": 18446744073709551615,' "samples: must be 250 for its shard, got 18446744073709551615"
expect_forged '"samples": 250,' '"samples": 18446744073709551616,' "samples: must be a whole number in [0, 2^64)"
expect_forged '"events_at_halt_histogram": [0' '"events_at_halt_histogram": [-5' "events_at_halt_histogram: entry 0 must be a whole number"
expect_forged '"restitution": 0.5,' '"restitution": nan,' "restitution: must be a number in [0, 1]"
expect_forged '"seed": 1,' '"seed": 1, "halted": 0,' "halted: given twice"
expect_forged '"shard_index": 0,' '"shard_index": 1,' "first_sample: must be 250 for its shard, got 0"
expect_forged '"fell_through": 0,' '"fell_through": 250,' "fell_through: must be at most the samples that did not halt"
# an empty shard (3 samples in 4 shards: shard 0/4 has none) given twice is named, not counted twice
for i in 0 1 2 3; do "$edpd" sweep --scenario bouncing-ball --samples 3 --detector naive-halt --shard $i/4 --json > "$tmp/e$i.json"; done
"$edpd" merge "$tmp"/e[0-3].json > /dev/null && ok || bad "merge of four shards of three samples"
expect_merge_error "$tmp"/e[0-3].json "$tmp/e0.json"; grep -q "shard 0/4 is given twice" "$tmp/err" && ok || bad "empty shard twice: $(cat "$tmp/err")"

# a halt is explained in the paper's terms
"$edpd" run --scenario bouncing-ball --detector naive-halt --plate-offset 0.763774618976614 --time 4 > "$tmp/halt.txt" \
  && grep -q "HALTED: no-real-root" "$tmp/halt.txt" && grep -q "  why: the ball overlaps the plate" "$tmp/halt.txt" && grep -q "Eq. (12)'s square root" "$tmp/halt.txt" && ok || bad "halt text: $(cat "$tmp/halt.txt")"

# determinism of the CLI
h1=$("$edpd" run --scenario elastic --detector stable --n 256 --packing-fraction 0.2 --events 5000 --json | grep state_hash)
h2=$("$edpd" run --scenario elastic --detector stable --n 256 --packing-fraction 0.2 --events 5000 --json | grep state_hash)
[ "$h1" = "$h2" ] && ok || bad "state_hash differs between identical runs"

# bad input: non-zero exit, message on stderr naming the flag or field and its range
expect_error() { # expect_error PATTERN args...
  local pat="$1"; shift
  if "$edpd" "$@" > "$tmp/out" 2> "$tmp/err"; then bad "accepted: $*"; return; fi
  [ -s "$tmp/out" ] && { bad "printed to stdout on error: $*"; return; }
  grep -q -- "$pat" "$tmp/err" && ok || bad "error for '$*' should mention '$pat': $(cat "$tmp/err")"
}
expect_error "unknown command" frobnicate
expect_error "scenario" run --detector stable --events 10
expect_error "detector" run --scenario granular --detector magic --events 10
expect_error "--n" run --scenario granular --n 0 --events 10
expect_error "--n" run --scenario granular --n abc --events 10
expect_error "--n" run --scenario granular --n -5 --events 10
expect_error "packing_fraction" run --scenario granular --packing-fraction 0.7 --events 10
# the box scenario: its flags, each refusal naming the field
expect_error "--walls: must be one of none, x, y, xy, z, xz, yz, xyz" run --scenario box --walls abc --time 1
expect_error "walls: a 2-D box has the axes x and y" run --scenario box --walls xyz --time 1
expect_error "gravity: g = 1 pulls along y, which has no walls" run --scenario box --walls x --gravity 1 --time 1
expect_error "start: layered puts the particles in layers on the floor" run --scenario box --start layered --time 1
expect_error "--wall-restitutions: give 4 numbers in 2-D" run --scenario box --wall-restitutions "1 1 1" --time 1
expect_error "walls: only for box" run --scenario granular --walls xy --time 1
"$edpd" run --scenario box --species "100 1; 20 1.5" --intruder 3 --walls xy --gravity 1 --start random --restitution 0.9 --tc 1e-3 --time 1 --json > "$tmp/box.json" && ok || bad "run box"
grep -q '"n": 121' "$tmp/box.json" && ok || bad "a box's intruder is one more than the species' counts: $(grep '"n"' "$tmp/box.json")"
expect_error "--restitution" run --scenario granular --restitution 1.2 --events 10
expect_error "--restitution" run --scenario granular --restitution nan --events 10
expect_error "--dim" run --scenario granular --dim 5 --events 10
expect_error "exactly one" run --scenario granular
expect_error "exactly one" run --scenario granular --events 5 --time 1
expect_error "unknown flag" run --scenario granular --events 5 --bogus
expect_error "--time" run --scenario granular --time -1
expect_error "--time: 1e400 is out of range" run --scenario granular --time 1e400
expect_error "--time: given twice" run --scenario granular --time 1 --time 2
# a state file's potential keys only beside their potential, its bond exceptions only with a
# stepped one (each was read by nothing, silently)
"$edpd" run --scenario elastic --n 300 --packing-fraction 0.3 --potential square-well --lambda 1.5 --time 0.5 --dump "$tmp/sw.xyz" > /dev/null
sed '2s/potential=square-well/potential=square-well steps="1.2 -1"/' "$tmp/sw.xyz" > "$tmp/sw-steps.xyz"
expect_error "steps= belongs to potential=steps, but this file's potential is square-well" run --load "$tmp/sw-steps.xyz" --time 1
sed '2s/potential=square-well well_width=1.5 well_depth=1/bond_exceptions="0 1 0"/' "$tmp/sw.xyz" > "$tmp/hard-bonds.xyz"
expect_error "bond_exceptions= needs a stepped potential" run --load "$tmp/hard-bonds.xyz" --time 1
sed '2s/potential=square-well //' "$tmp/sw.xyz" > "$tmp/no-potential.xyz"
expect_error "well_width= belongs to potential=square-well, but this file's potential is hard-sphere" run --load "$tmp/no-potential.xyz" --time 1
sed '2s/potential=square-well well_width=1.5 well_depth=1/potential=square-well well_width=1.5 well_depth=1 bond_exceptions="0 1 0; 2 3 0"/' "$tmp/sw.xyz" > "$tmp/forged.xyz"
expect_error "bonds: entry .*: pair .* a logical state differs from the distance only within rounding" run --load "$tmp/forged.xyz" --time 1
# the clock's exact range for a state's motion (edpd_exact_clock, about 1e6 for a gas at kT = 1): a
# start or an end beyond it is refused with the reason, not a run whose clock cannot advance
# (Time = 1e100) or whose impacts land off their roots
expect_error "--time: the run would end at t = 2000000, beyond this state's exact clock range" run --scenario elastic --n 300 --time 2e6
"$edpd" run --scenario elastic --n 300 --time 0.5 --dump "$tmp/clock.xyz" > /dev/null
sed '2s/Time=[^ ]*/Time=1e100/' "$tmp/clock.xyz" > "$tmp/clock-far.xyz"
expect_error "start_time: 1e+100 is beyond the clock's exact range for this state" run --load "$tmp/clock-far.xyz" --time 10
sed '2s/Time=[^ ]*/Time=100000/' "$tmp/clock.xyz" > "$tmp/clock-late.xyz"
"$edpd" run --load "$tmp/clock-late.xyz" --time 10 --json | grep -q '"time": 100010,' && ok || bad "a state at 1e5 runs on to 100010"
expect_error "exactly one of --events K, --time T (from the start), --until T" run --scenario granular --time 1 --until 1
# compression and mixtures: every wrong combination named
expect_error "species: gives n itself" run --scenario elastic --species "10 1; 10 1.4" --n 20 --events 10
expect_error "species: entry 1 must be" run --scenario elastic --species "10 1; ten 1.4" --events 10
expect_error "species: species 1: diameter must be in" run --scenario elastic --species "10 1; 10 0" --events 10
expect_error "species: not with --load" run --load "$tmp/sw.xyz" --species "10 1" --time 1
expect_error "until-packing-fraction: only with growth" run --scenario elastic --until-packing-fraction 0.5
expect_error "until-packing-fraction: must be above the start's packing fraction" run --scenario jamming --dim 2 --n 100 --until-packing-fraction 0.1
expect_error "growth_rate: only with potential hard-sphere" run --scenario elastic --growth-rate 0.01 --potential square-well --events 10
expect_error "jam_pressure: only with growth" run --scenario elastic --until-pressure 1e6 --events 10
expect_error "exactly one of" run --scenario elastic --growth-rate 0.01 --time 1 --until-packing-fraction 0.5
expect_error "--series: needs --time T" run --scenario granular --until 1 --series 0.5
expect_error "--until: must be at least the start of the run, 0 " run --scenario granular --until -1
# --until T stops on the clock T itself. From a state whose Time is -2546.685791655451 (a naive-rewind
# clock) no --time lands on t = 5.465473157333879e-7: Time + (t - Time) rounds to 5.4651e-7 + an ulp
# of 2546. The app's commands for a state file use --until, so they end on the pane's clock exactly.
printf '2\nLattice="10 0 0 0 10 0 0 0 10" Time=-2546.685791655451 Properties=species:S:1:pos:R:3:velo:R:3\nA 2 5 5 1 0 0\nA 8 5 5 -1 0 0\n' > "$tmp/negative-time.xyz"
"$edpd" run --load "$tmp/negative-time.xyz" --until 5.465473157333879e-7 --json | grep -q '"time": 5.4654731573338789e-07,' && \
  ! "$edpd" run --load "$tmp/negative-time.xyz" --time 2546.685792201998 --json | grep -q '"time": 5.4654731573338789e-07,' && \
  ok || bad "--until 5.465473157333879e-7 from Time -2546.685791655451 does not stop on that clock (or --time would too)"
expect_error "--until: must be at least the start of the run, -2546.6857916554509" run --load "$tmp/negative-time.xyz" --until -3000
expect_error "--scenario: given twice" run --scenario granular --scenario elastic --time 1
expect_error "--seed: given twice" sweep --scenario bouncing-ball --samples 10 --seed 1 --seed 2
expect_error "--case: given twice" bench --case a --case b
# --dump FILE: the final state as extended XYZ; a bad path fails before the run, a bad config leaves no file
expect_error "--dump: needs a file name" run --scenario granular --time 1 --dump
expect_error "--dump: given twice" run --scenario granular --time 1 --dump "$tmp/a.xyz" --dump "$tmp/b.xyz"
expect_error "--dump: cannot write '$tmp/no/dir.xyz'" run --scenario granular --time 1 --dump "$tmp/no/dir.xyz"
expect_error "--packing-fraction" run --scenario granular --packing-fraction 2 --time 1 --dump "$tmp/never.xyz"
[ ! -e "$tmp/never.xyz" ] && ok || bad "--dump: a rejected run wrote its file"
"$edpd" run --scenario granular --n 64 --events 100 --dump "$tmp/s.xyz" > /dev/null && [ "$(head -1 "$tmp/s.xyz")" = 64 ] && \
  [ "$(wc -l < "$tmp/s.xyz")" -eq 66 ] && grep -q '^Lattice=".*" .*pbc="T T T" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1:overlap:I:1 Time=' "$tmp/s.xyz" && \
  ok || bad "--dump: an extended XYZ frame of 64 particles"
# --trajectory FILE: a frame at every --series sample (an animation in OVITO); its last is the --dump
"$edpd" run --scenario granular --dim 2 --n 400 --packing-fraction 0.5 --detector naive-miss --series 0.5 --time 2 \
  --trajectory "$tmp/tr.xyz" --dump "$tmp/fin.xyz" > /dev/null && [ "$(grep -c '^400$' "$tmp/tr.xyz")" -eq 5 ] && \
  [ "$(grep -o ' Time=[^ ]*' "$tmp/tr.xyz" | tr -d '\n')" = " Time=0 Time=0.5 Time=1 Time=1.5 Time=2" ] && \
  cmp -s <(tail -n 402 "$tmp/tr.xyz") "$tmp/fin.xyz" && ok || bad "--trajectory: 5 frames at t = 0, 0.5, ..., 2, the last one the --dump"
expect_error "--trajectory: needs --series DT" run --scenario granular --time 1 --trajectory "$tmp/t.xyz"
expect_error "--trajectory: 201 frames of 100000 particles would be about 4 GB" run --scenario granular --n 100000 --series 0.05 --time 10 --trajectory "$tmp/t.xyz"
# rows read the whole state each: a small input cannot ask for minutes of scans (these took 15 s and 4 min)
expect_error "--series: 100001 rows of 1000 particles: each row reads every particle (overlaps, kT), at most 100000000 particle reads in all, here 100001000" \
  run --scenario granular --n 1000 --series 1e-9 --time 1e-4
expect_error "--checkpoint-events: 10000 rows of 100000 particles" run --scenario elastic --n 100000 --packing-fraction 0.3 --events 1000000 --checkpoint-events 100
expect_error "--trajectory: cannot write" run --scenario granular --series 0.5 --time 1 --trajectory "$tmp/no/t.xyz"
# --load FILE: a dumped state loads back exactly (rows unchanged after 0 events), and runs on
"$edpd" run --scenario elastic --n 500 --packing-fraction 0.3 --seed 2 --time 2 --dump "$tmp/a.xyz" > /dev/null && \
"$edpd" run --load "$tmp/a.xyz" --events 0 --dump "$tmp/b.xyz" > /dev/null && cmp -s <(tail -n +3 "$tmp/a.xyz") <(tail -n +3 "$tmp/b.xyz") && \
  ok || bad "--load: a dump does not load back to the same particles"
"$edpd" run --load "$tmp/a.xyz" --time 3 --json > "$tmp/load.json" && node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1]));
  process.exit(r.scenario === "custom" && r.n === 500 && r.dim === 3 && r.collisions > 1000 && Math.abs(r.kinetic_energy - 750) < 1e-9 && r.overlapping_pairs === 0 ? 0 : 1)' "$tmp/load.json" && \
  ok || bad "--load: the loaded elastic gas runs on, its energy conserved: $(cat "$tmp/load.json" | head -c 300)"
"$edpd" run --scenario granular --dim 2 --n 300 --packing-fraction 0.4 --time 1 --dump "$tmp/d2.xyz" > /dev/null && \
"$edpd" run --load "$tmp/d2.xyz" --restitution 0.8 --time 1 --json | grep -q '"dim": 2' && ok || bad "--load: a 2-D dump loads as 2-D"
# the impacts' physics comes with the file (restitution=, tc=), and flags override it
"$edpd" run --scenario granular --dim 2 --n 300 --packing-fraction 0.4 --restitution 0.5 --tc 1e-9 --time 1 --dump "$tmp/g2.xyz" > /dev/null && \
  "$edpd" run --load "$tmp/g2.xyz" --time 1 --json | grep -A1 '"restitution": 0.5,' | grep -q '"tc": 1.0000000000000001e-09,' && \
  "$edpd" run --load "$tmp/g2.xyz" --restitution 0.75 --tc 0 --time 1 --json | grep -A1 '"restitution": 0.75,' | grep -q '"tc": 0,' && \
  ok || bad "--load: restitution and tc from the file (0.5, 1e-9), from flags (0.75, 0)"
"$edpd" run --load "$tmp/g2.xyz" --tc 0 --time 0.1 | grep -q "^loaded .*g2.xyz: from t = 1; restitution 0.5 (the file), t_c 0 (--tc)$" && \
  ok || bad "--load: the summary names where the state's physics came from"
# the README's example state: a disk into a touching pair, 3 impacts at ε = 0.5 (test_gas.c has the map)
"$edpd" run --load "$(dirname "$0")/../../docs/examples/collapse-line.xyz" --restitution 0.5 --time 5 --json | grep -q '"collisions": 3,' && \
  ok || bad "docs/examples/collapse-line.xyz: not 3 impacts at restitution 0.5"
# written on Windows: CRLF line ends and a UTF-8 byte-order mark read as the same file
{ printf '\xef\xbb\xbf'; sed 's/$/\r/' "$(dirname "$0")/../../docs/examples/collapse-line.xyz"; } > "$tmp/windows.xyz"
"$edpd" run --load "$tmp/windows.xyz" --restitution 0.5 --time 5 --json | grep -q '"collisions": 3,' && \
  ok || bad "a state file with a byte-order mark and CRLF line ends is not read as the same file"
# docs/examples/granular-2d-t11.xyz is the dump its documentation gives (the default granular gas at
# t = 11, stable), byte for byte; from it naive-halt halts at the time docs/teaching.md quotes
gas11="$(dirname "$0")/../../docs/examples/granular-2d-t11.xyz"
"$edpd" run --scenario granular --dim 2 --n 2000 --packing-fraction 0.6 --restitution 0.5 --tc 1e-9 --time 11 --dump "$tmp/gas11.xyz" > /dev/null && \
  cmp -s "$tmp/gas11.xyz" "$gas11" && \
  "$edpd" run --load "$gas11" --detector naive-halt --time 5 | grep -q "HALTED: overlap-approaching at event 1529, t = 11.525248508863131 " && \
  ok || bad "docs/examples/granular-2d-t11.xyz: not the documented dump, or naive-halt does not halt at t = 11.525248508863131"
# Z before any time is measured says why it is missing (it said "gravity or planes" for a loaded gas)
"$edpd" run --load "$tmp/g2.xyz" --events 0 | grep -q "Z = n/a (no time measured yet)" && ok || bad "--load --events 0: Z's reason"
sed 's/ restitution=0.5 / restitution=2 /' "$tmp/g2.xyz" > "$tmp/g2-bad.xyz"; expect_error "line 2: restitution must be a number in" run --load "$tmp/g2-bad.xyz" --time 1
# the ball's file carries its plate, gravity and clock: loaded at t = 2.25 (the top of a flight),
# the stable ball comes to rest at the exact solution's t = 3 (Fig. 7), as its own run does
"$edpd" run --scenario bouncing-ball --plate-offset 0.763774618976614 --time 2.25 --dump "$tmp/ball.xyz" > /dev/null && \
  grep -q ' gravity="0 0 -1" planes="0 0 1 0.76377461897661403 0.5" ' "$tmp/ball.xyz" && ok || bad "--dump: the ball's plate and gravity"
"$edpd" run --load "$tmp/ball.xyz" --events 100000 --json > "$tmp/ball-load.json" && node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1]));
  process.exit(r.collapse && r.start_time === 2.25 && Math.abs(r.status_time - 3) < 8.4e-8 ? 0 : 1)' "$tmp/ball-load.json" && ok || bad "--load: a loaded ball does not rest at t = 3: $(grep -E 'start_time|status_time' "$tmp/ball-load.json")"
# --time counts from the file's Time, and a dump of the loaded run carries the clock on
"$edpd" run --load "$tmp/ball.xyz" --time 0.5 --dump "$tmp/ball-on.xyz" --json | grep -q '"time": 2.75,' && grep -q ' Time=2.75 ' "$tmp/ball-on.xyz" && \
  ok || bad "--load: --time 0.5 from Time = 2.25 does not end at 2.75"
sed 's/ Time=[^ ]* / Time=-3.5 /' "$tmp/ball.xyz" > "$tmp/ball-neg.xyz"
expect_error "its clock is negative (Time = -3.5" run --load "$tmp/ball-neg.xyz" --equilibrate 1 --time 1
sed 's/ Time=[^ ]* / Time=abc /' "$tmp/ball.xyz" > "$tmp/ball-badt.xyz"
expect_error "line 2: Time must be a finite number" run --load "$tmp/ball-badt.xyz" --time 1
# a ball array's file carries each ball's plate (plate:R:5): loaded and dumped at the same clock,
# its rows come back byte for byte; its stable balls, each dropped from 1 above its plate, come
# to rest at the exact solution's t = 3, each by itself (the world stops at the last: within three
# times one ball's resolution 4 sqrt(2 ulp) = 8.4e-8, tests/c/test_ball.c); an older file that only
# said planes=per-ball, and bad plates, are refused naming what is wrong
"$edpd" run --scenario bouncing-ball --n 3 --time 0.5 --dump "$tmp/balls.xyz" > /dev/null && \
  grep -q 'overlap:I:1:plate:R:5 ' "$tmp/balls.xyz" && [ "$(awk 'NR > 2 && $11 == 0 && $12 == 0 && $13 == 1 && $15 == 0.5' "$tmp/balls.xyz" | wc -l)" = 3 ] && \
  ok || bad "--dump: a ball array's plates as plate:R:5"
"$edpd" run --load "$tmp/balls.xyz" --until 0.5 --dump "$tmp/balls-again.xyz" > /dev/null && \
  cmp -s <(tail -n +3 "$tmp/balls.xyz") <(tail -n +3 "$tmp/balls-again.xyz") && ok || bad "--load: a ball array's rows do not come back"
"$edpd" run --load "$tmp/balls.xyz" --events 1000000 --json > "$tmp/balls-load.json" && node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1]));
  process.exit(r.collapse && r.n === 3 && r.resting_particles === 3 && Math.abs(r.status_time - 3) < 3 * 8.4e-8 ? 0 : 1)' "$tmp/balls-load.json" && ok || bad "--load: a loaded ball array does not rest at t = 3"
# a file's coordinates are all in its own frame: with Origin="0 0 -8" every position, the shared
# plane's offset and each ball's plate offset read 8 lower (n·Origin = -8), and the ball and the
# ball array still come to rest on their plates at t = 3
shift8() { node -e 'const fs = require("fs"); const L = fs.readFileSync(process.argv[1], "utf8").split("\n");
  L[1] = L[1].replace(/Origin="0 0 0"/, "Origin=\"0 0 -8\"").replace(/planes="0 0 1 (\S+)/, (m, o) => `planes="0 0 1 ${Number(o) - 8}`);
  for (let i = 2; i < L.length; i++) { if (!L[i]) continue; const f = L[i].split(" "); f[3] = String(Number(f[3]) - 8); if (f.length > 13) f[13] = String(Number(f[13]) - 8); L[i] = f.join(" "); }
  fs.writeFileSync(process.argv[2], L.join("\n"));' "$1" "$2"; }
shift8 "$tmp/ball.xyz" "$tmp/ball-o8.xyz" && shift8 "$tmp/balls.xyz" "$tmp/balls-o8.xyz" && grep -q 'Origin="0 0 -8"' "$tmp/balls-o8.xyz" && \
  (for f in ball-o8 balls-o8; do "$edpd" run --load "$tmp/$f.xyz" --events 1000000 --json > "$tmp/$f.json" && node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1]));
    process.exit(r.collapse && Math.abs(r.status_time - 3) < 8.4e-8 ? 0 : 1)' "$tmp/$f.json" || exit 1; done) && ok || bad "--load: planes and plates are not read in the file's frame (Origin)"
sed 's/:plate:R:5 / /; s/ gravity=/ planes=per-ball gravity=/' "$tmp/balls.xyz" | awk 'NR <= 2 { print; next } { NF = 10; print }' > "$tmp/balls-old.xyz"
expect_error "planes=per-ball: the file does not say where each ball's plate is" run --load "$tmp/balls-old.xyz" --time 1
sed 's/:plate:R:5 /:plate:R:4 /' "$tmp/balls.xyz" > "$tmp/balls-r4.xyz"
expect_error "Properties: plate must be R:5" run --load "$tmp/balls-r4.xyz" --time 1
awk 'NR == 4 { $13 = 2 } { print }' "$tmp/balls.xyz" > "$tmp/balls-norm.xyz"
expect_error "own_planes.*particle 1: normal must be a unit vector" run --load "$tmp/balls-norm.xyz" --time 1
awk 'NR == 5 { $15 = 1.5 } { print }' "$tmp/balls.xyz" > "$tmp/balls-e.xyz"
expect_error "particle 2: restitution must be in \[0, 1\]" run --load "$tmp/balls-e.xyz" --time 1
printf '2\nLattice="10 0 0 0 10 0 0 0 10" Properties=species:S:1:pos:R:3:velo:R:3\nA 1 1 1 1 0 0\nA 5 5 5 -1 0 0\n' > "$tmp/ovito.xyz"
"$edpd" run --load "$tmp/ovito.xyz" --time 1 --json > "$tmp/ovito.json" && grep -q '"n": 2' "$tmp/ovito.json" && \
  grep -A1 '"restitution": 1,' "$tmp/ovito.json" | grep -q '"tc": 0,' && ok || bad "--load: a minimal file (no radius, mass, pbc, restitution or tc) with the defaults"
expect_error "--load: not-there.xyz: cannot read it" run --load not-there.xyz --time 1
expect_error "is a directory" run --load "$tmp" --time 1
# small spheres in a small periodic box, end to end: σ = 0.1 disks head-on in a 0.5 box are back
# at their start at t = 0.1 (the core's edge floor for such spheres is checked in test_api.c: here
# --load also sets the unit diameter to the file's largest, which met the old floor anyway)
printf '2\nLattice="0.5 0 0 0 0.5 0 0 0 1" pbc="T T F" dim=2 Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1\nA 0.1 0.25 0 1 0 0 0.05\nA 0.3 0.25 0 -1 0 0 0.05\n' > "$tmp/small.xyz"
"$edpd" run --load "$tmp/small.xyz" --time 0.1 --dump "$tmp/small-out.xyz" > /dev/null && \
  awk 'NR == 3 && ($2 - 0.1) ^ 2 < 1e-24 && ($5 + 1) ^ 2 < 1e-24 { a = 1 } NR == 4 && ($2 - 0.3) ^ 2 < 1e-24 && ($5 - 1) ^ 2 < 1e-24 { b = 1 } END { exit !(a && b) }' "$tmp/small-out.xyz" && \
  ok || bad "--load: σ = 0.1 disks in a 0.5 box do not swap and return: $(tail -n 2 "$tmp/small-out.xyz" 2>&1)"
expect_error "give one of --scenario S and --load" run --scenario granular --load "$tmp/a.xyz" --time 1
expect_error "--n: not with --load" run --load "$tmp/a.xyz" --n 10 --time 1
expect_error "--load: needs a file name" run --time 1 --load
printf 'x\n' > "$tmp/bad1.xyz"; expect_error "line 1: the first line must be the particle count" run --load "$tmp/bad1.xyz" --time 1
printf '1\nProperties=pos:R:3\n1 1 1\n' > "$tmp/bad2.xyz"; expect_error "line 2: no Lattice=" run --load "$tmp/bad2.xyz" --time 1
printf '1\nLattice="9 1 0 0 9 0 0 0 9"\nA 1 1 1\n' > "$tmp/bad3.xyz"; expect_error "only orthogonal boxes" run --load "$tmp/bad3.xyz" --time 1
printf '2\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\nA 5 5\n' > "$tmp/bad4.xyz"; expect_error "line 4: 3 fields, but Properties names 4" run --load "$tmp/bad4.xyz" --time 1
printf '2\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\nA 5 x 5\n' > "$tmp/bad5.xyz"; expect_error "line 4: position 'x' is not a finite number" run --load "$tmp/bad5.xyz" --time 1
printf '3\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\nA 5 5 5\n' > "$tmp/bad6.xyz"; expect_error "ends after 2 of 3 particles" run --load "$tmp/bad6.xyz" --time 1
printf '1\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\n1\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\n' > "$tmp/bad7.xyz"; expect_error "has 2 frames (a trajectory): pick one with --frame K (0 to 1, or last)" run --load "$tmp/bad7.xyz" --time 1
# --frame K: a trajectory's frame K (0 the first) or the last, with its clock; every frame before
# it is read and checked
"$edpd" run --scenario bouncing-ball --plate-offset 0.763774618976614 --series 0.5 --time 2 --trajectory "$tmp/ball-traj.xyz" > /dev/null && \
  "$edpd" run --load "$tmp/ball-traj.xyz" --frame 3 --events 0 --json | grep -q '"start_time": 1.5,' && \
  "$edpd" run --load "$tmp/ball-traj.xyz" --frame last --events 0 --json | grep -q '"start_time": 2,' && \
  ok || bad "--frame 3 / last of a trajectory sampled every 0.5 to t = 2 do not start at 1.5 / 2"
# which frame was run from: JSON's frame, and the summary names the last one's number and the count
"$edpd" run --load "$tmp/ball-traj.xyz" --frame last --events 0 --json | grep -q '"frame": 4,' && \
  "$edpd" run --load "$tmp/ball-traj.xyz" --frame 2 --events 0 --json | grep -q '"frame": 2,' && \
  "$edpd" run --load "$tmp/ball-traj.xyz" --frame last --events 0 | grep -q "loaded frame 4 (the last of 5) of $tmp/ball-traj.xyz: from t = 2;" && \
  ok || bad "--frame last / 2 do not report frames 4 (of 5) / 2"
"$edpd" run --load "$tmp/ball-traj.xyz" --frame 4 --events 100000 --json | grep -q '"status_time": 2.9999999851175985,' && \
  ok || bad "--frame 4 (t = 2) of the ball's trajectory does not rest where the unbroken run does"
expect_error "has 5 frames (0 to 4), not frame 9" run --load "$tmp/ball-traj.xyz" --frame 9 --time 1
expect_error "--frame: only with --load" run --scenario granular --frame 1 --time 1
expect_error "--frame" run --load "$tmp/ball-traj.xyz" --frame -1 --time 1
head -n 8 "$tmp/ball-traj.xyz" > "$tmp/cut.xyz"; expect_error "ends after 0 of 1 particles of its last frame" run --load "$tmp/cut.xyz" --frame last --time 1
printf '2\nLattice="9 0 0 0 9 0 0 0 9"\nA 1 1 1\nA 1.5 1 1\n' > "$tmp/bad8.xyz"; expect_error "initial state overlaps: particles 0 and 1" run --load "$tmp/bad8.xyz" --time 1
"$edpd" run --scenario granular --n 64 --time 1e-320 > /dev/null && ok || bad "a tiny --time (1e-320, an underflow of strtod) is a valid time"
expect_error "--samples" sweep --scenario bouncing-ball --detector stable
expect_error "--samples" sweep --scenario bouncing-ball --samples 0 --detector stable
expect_error "--shard" sweep --scenario bouncing-ball --samples 10 --shard 3/2
expect_error "bouncing-ball" sweep --scenario granular --samples 10
expect_error "unknown flag" bench --fast
expect_error "no case 'nope'" bench --case nope
expect_error "--case needs" bench --case
# bench --list names the cases a run times; --case runs exactly one of them (bench.mjs interleaves native and WebAssembly so)
[ "$("$edpd" bench --list | wc -l)" -eq 13 ] && [ "$("$edpd" bench --list --scaling | wc -l)" -eq 17 ] && ok || bad "bench --list"
# the ball array's line: 10^5 balls created, run 1000 events and read, each part linear in the balls
"$edpd" bench --json --case ball-array-n100000 > "$tmp/bench-array.json" && node -e 'const b = JSON.parse(require("fs").readFileSync(process.argv[1]));
  process.exit(b.cases.length === 0 && b.sweeps.length === 0 && b.arrays.length === 1 && b.arrays[0].n === 100000 && b.arrays[0].seconds > 0 ? 0 : 1)' "$tmp/bench-array.json" && ok || bad "bench --case ball-array-n100000"
"$edpd" bench --json --quick --case ball-sweep-naive-halt > "$tmp/bench1.json" && ok || bad "bench --case"
node -e 'const b = JSON.parse(require("fs").readFileSync(process.argv[1])); process.exit(b.cases.length === 0 && b.sweeps.length === 1 && b.sweeps[0].name === "ball-sweep-naive-halt" && b.sweeps[0].samples === 10000 ? 0 : 1)' "$tmp/bench1.json" && ok || bad "bench --case: one sweep in the JSON"
# a square-well case is timed in its fluid at kT = 1.5 (not the colder state its melting lattice would reach)
"$edpd" bench --json --quick --case square-well-2d-n10000-rho0.5 > "$tmp/bench-sw.json" && node -e 'const c = JSON.parse(require("fs").readFileSync(process.argv[1])).cases[0];
  process.exit(Math.abs(c.temperature - 1.5) < 0.03 ? 0 : (console.error("temperature", c.temperature), 1))' "$tmp/bench-sw.json" && ok || bad "bench square well at kT 1.5"
# every bench says what it ran on (figures differ by host): a non-empty processor description
node -e 'const b = JSON.parse(require("fs").readFileSync(process.argv[1])); process.exit(typeof b.cpu === "string" && /family/.test(b.cpu) ? 0 : 1)' "$tmp/bench1.json" && ok || bad "bench --json: cpu"
# peak RSS is the bench's own, not that of the (here 200 MB) parent that started it (Linux keeps ru_maxrss across exec)
node -e 'const big = Buffer.alloc(200e6, 1); const out = require("child_process").execFileSync(process.argv[1], ["bench", "--json", "--quick", "--case", "elastic-2d-n10000-rho0.5"], { encoding: "utf8" });
  const mb = JSON.parse(out).cases[0].peak_rss_mb; process.exit(big[7] === 1 && mb > 0 && mb < 64 ? 0 : (console.error("peak_rss_mb", mb), 1))' "$edpd" && ok || bad "bench peak RSS counts the parent's"
expect_error "--neighbours" run --scenario elastic --neighbours octree --events 10
expect_error "--neighbours" run --scenario elastic --events 10 --neighbours
expect_error "neighbours" run --scenario bouncing-ball --neighbours lists --events 10
# the candidate search changes rounding only: same collisions in a short run, counted events of its own kind
"$edpd" run --scenario elastic --n 500 --packing-fraction 0.4 --seed 3 --time 0.2 --neighbours cells --json > "$tmp/nc.json" && \
"$edpd" run --scenario elastic --n 500 --packing-fraction 0.4 --seed 3 --time 0.2 --neighbours lists --json > "$tmp/nl.json" && ok || bad "run --neighbours"
c1=$(grep -o '"collisions": *[0-9]*' "$tmp/nc.json"); c2=$(grep -o '"collisions": *[0-9]*' "$tmp/nl.json")
[ -n "$c1" ] && [ "$c1" = "$c2" ] && ok || bad "cells vs lists collisions: $c1 / $c2"
grep -q '"list_rebuilds": *[1-9]' "$tmp/nl.json" && grep -q '"list_rebuilds": *0' "$tmp/nc.json" && ok || bad "list_rebuilds field"
expect_error "--series" run --scenario granular --events 10 --series 0.1
# --series: a cooling curve
"$edpd" run --scenario granular --n 500 --packing-fraction 0.1 --restitution 0.8 --time 2 --series 0.5 --json > "$tmp/series.json" && ok || bad "run --series"
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1])).series.rows; process.exit(r.length === 5 && r[4][0] === 2 && r[4][1] < r[0][1] ? 0 : 1)' "$tmp/series.json" && ok || bad "series rows"
# naive failure counters
"$edpd" run --scenario granular --detector naive-miss --dim 2 --n 2000 --packing-fraction 0.6 --restitution 0.5 --tc 1e-9 --events 100000 --json > "$tmp/miss.json" && ok || bad "run naive-miss"
grep -q '"first_failure_event": [0-9]' "$tmp/miss.json" && ok || bad "naive-miss should record its first ignored undefined dynamics"
# a square-well state carries its potential and the logical states its distances do not tell: a
# pair one rounding error outside the well's edge, bound by its history; loaded, it is bound (the
# logical potential energy, not the distances'), and dumped, the file comes back
printf '2\nLattice="20 0 0 0 20 0 0 0 20" Properties=species:S:1:pos:R:3:velo:R:3 potential=square-well well_width=1.5 well_depth=1 bond_exceptions="0 1 0"\nA 10 10 10 -0.05 0 0\nA 11.500000000000002 10 10 0.05 0 0\n' > "$tmp/well.xyz"
"$edpd" run --load "$tmp/well.xyz" --events 0 --dump "$tmp/well-again.xyz" --json > "$tmp/well-load.json" && node -e 'const b = JSON.parse(require("fs").readFileSync(process.argv[1]));
  process.exit(b.potential === "square-well" && b.potential_energy === -1 && b.positions_potential_energy === 0 && b.rounding_pairs === 1 ? 0 : 1)' "$tmp/well-load.json" && \
  grep -q ' potential=square-well well_width=1.5 well_depth=1 bond_exceptions="0 1 0" ' "$tmp/well-again.xyz" && \
  [ "$(tail -n 2 "$tmp/well-again.xyz" | awk '{print $2, $3, $4, $5}' | tr '\n' ' ')" = "10 10 10 -0.050000000000000003 11.500000000000002 10 10 0.050000000000000003 " ] && ok || bad "square-well state file: potential and logical states"
sed 's/ bond_exceptions="[^"]*"/ bond_exceptions="1 1 0"/' "$tmp/well.xyz" > "$tmp/well-bad.xyz"
expect_error "bonds: entry 0: (1, 1, 0) must be two different particles" run --load "$tmp/well-bad.xyz" --events 1
# --steps: a stepped potential from the command line. One step is the square well itself (the
# same trajectory bit for bit); a terraced well with a repulsive shoulder conserves the energy to
# rounding (a wrong impulse at a step drifts by O(1) per crossing: 10^5 of them here), and its
# state file carries the steps and the logical states back (the logical potential energy, exactly)
"$edpd" run --scenario elastic --dim 2 --n 1000 --packing-fraction 0.3 --potential square-well --lambda 1.5 --well-depth 1 --events 200000 --json > "$tmp/sw1.json" && \
"$edpd" run --scenario elastic --dim 2 --n 1000 --packing-fraction 0.3 --steps "1.5 -1" --events 200000 --json > "$tmp/st1.json" && \
  [ "$(grep state_hash "$tmp/sw1.json")" = "$(grep state_hash "$tmp/st1.json")" ] && grep -q '"potential": "steps"' "$tmp/st1.json" && ok || bad "--steps \"1.5 -1\" is not the square well's run"
"$edpd" run --scenario elastic --n 500 --packing-fraction 0.3 --steps " 1.2 -2;1.5 -1 ; 1.8 0.5; " --events 100000 --dump "$tmp/steps.xyz" --json > "$tmp/steps.json" && \
"$edpd" run --load "$tmp/steps.xyz" --events 0 --json > "$tmp/steps-load.json" && node -e 'const fs = require("fs"), a = JSON.parse(fs.readFileSync(process.argv[1])), b = JSON.parse(fs.readFileSync(process.argv[2]));
  process.exit(JSON.stringify(a.steps) === "[[1.2,-2],[1.5,-1],[1.8,0.5]]" && a.captures > 10000 && a.releases > 10000 && a.step_bounces > 10000 &&
    Math.abs(a.energy_drift) < 1e-9 && a.disagreeing_pairs === 0 && b.potential === "steps" && JSON.stringify(b.steps) === JSON.stringify(a.steps) &&
    b.potential_energy === a.potential_energy && b.total_energy === a.total_energy ? 0 : 1)' "$tmp/steps.json" "$tmp/steps-load.json" && \
  grep -q ' potential=steps steps="1.2 -2; 1.5 -1; 1.8 0.5" ' "$tmp/steps.xyz" && ok || bad "--steps: a terraced well's energy, JSON or state file: $(cat "$tmp/steps.json")"
expect_error "--steps: entry 1 must be \"radius energy\"" run --scenario elastic --steps "1.2 -2; 1.5" --events 10
expect_error "--steps: give 1 to 8 entries" run --scenario elastic --steps "  " --events 10
expect_error "--steps: entry 0 must be" run --scenario elastic --steps " ; 1.5 -1" --events 10
expect_error "--steps: more than 8 steps" run --scenario elastic --steps "1.1 -1;1.2 -1;1.3 -1;1.4 -1;1.5 -1;1.6 -1;1.7 -1;1.8 -1;1.9 -1" --events 10
expect_error "steps: step 1: radius must be in \[1.5000000000015001, 10\] (diameters: beyond the step before" run --scenario elastic --steps "1.5 -1; 1.2 -2" --events 10
expect_error "steps: step 0: radius must be in \[1.0000000000010001, 10\] (diameters: beyond the core" run --scenario elastic --steps "0.9 -1" --events 10
# a shell an ulp thick is rounding, not a shell: its pairs met both edges at once, and a correct
# run counted 19979 core stabilising events in 5 time units
expect_error "steps: step 0: radius must be in \[1.0000000000010001, 10\].*got 1.0000000000000002" run --scenario elastic --steps "1.0000000000000002 -1" --events 10
expect_error "steps: step 0: energy must be a finite number" run --scenario elastic --steps "1.5 nan" --events 10
expect_error "--potential steps: needs --steps" run --scenario elastic --potential steps --events 10
expect_error "--steps: only with --potential steps" run --scenario elastic --potential square-well --steps "1.5 -1" --events 10
expect_error "--lambda: not with --load" run --load "$tmp/steps.xyz" --lambda 2 --events 10
expect_error "--steps: not with --load" run --load "$tmp/steps.xyz" --steps "1.5 -1" --events 10
# --event-log: every event that changes a velocity, streamed; read back, the CSV reproduces the
# run's collision count, its mean free time and (from impulse x contact distance) its pressure;
# the binary log holds the same records
"$edpd" run --scenario elastic --n 500 --packing-fraction 0.3 --time 10 --event-log "$tmp/events.csv" --json > "$tmp/events.json" && \
"$edpd" run --scenario elastic --n 500 --packing-fraction 0.3 --time 10 --event-log "$tmp/events.bin" > /dev/null && node -e '
const fs = require("fs"), r = JSON.parse(fs.readFileSync(process.argv[1]));
const rows = fs.readFileSync(process.argv[2], "utf8").trim().split("\n");
let coll = 0, W = 0;
for (const l of rows.slice(1)) { const x = l.split(","); if (x[3] === "collision") { coll++; W += Number(x[4]) * (1 + Number(x[5])); } }
const z = 1 + W / (2 * r.kinetic_energy * 10), mft = 500 * 10 / (2 * coll);  /* elastic: KE constant */
const b = fs.readFileSync(process.argv[3]), n = (b.length - 16) / 40;
let same = b.toString("latin1", 0, 8) === "EDPDLOG1" && b.readUInt32LE(8) === 500 && b.readUInt32LE(12) === 40 && n === rows.length - 1;
for (let k = 0; same && k < n; k += 997) { const x = rows[1 + k].split(","); same = b.readDoubleLE(16 + 40 * k) === Number(x[0]) && b.readInt32LE(16 + 40 * k + 8) === Number(x[1]) && b.readInt32LE(16 + 40 * k + 12) === Number(x[2]); }
process.exit(rows[0] === "time,a,b,kind,impulse,separation" && coll === r.collisions && Math.abs(z - r.pressure_z) < 1e-12 * z &&
  mft === r.mean_free_time && same ? 0 : 1)' "$tmp/events.json" "$tmp/events.csv" "$tmp/events.bin" && ok || bad "--event-log: read back, the log does not reproduce the run"
expect_error "--event-log: cannot write" run --scenario elastic --n 500 --packing-fraction 0.3 --time 1 --event-log "$tmp/no/events.csv"
expect_error "--event-log: needs a file name" run --scenario elastic --time 1 --event-log ""
# --observe msd,vacf: transport from the exact trajectory
# (1) short times are exact: below the first collision a particle flies straight, so
#     MSD(tau) = <v^2> tau^2 = (2 E_kin / N m) tau^2, and VACF(0) = <v^2>, to rounding (a dilute gas
#     sampled every 1e-4 where the mean free time is 7: ~1e-5 of the particles collide in a lag)
"$edpd" run --scenario elastic --n 1000 --packing-fraction 0.01 --time 0.01 --observe msd,vacf --sample-dt 1e-4 --json > "$tmp/short.json" && node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1])), o = r.observe, v2 = 2 * r.kinetic_energy / 1000;
const [t, msd] = o.msd[0];
process.exit(Math.abs(msd / (v2 * t * t) - 1) < 1e-4 && Math.abs(o.vacf[0][1] / v2 - 1) < 1e-12 && o.vacf[0][0] === 0 ? 0 : 1)' "$tmp/short.json" \
  && ok || bad "--observe: MSD(tau) = <v^2> tau^2 and VACF(0) = <v^2> at short times"
# (2) a dilute gas (eta = 0.01): both estimates of D agree within their errors, and with
#     Chapman-Enskog: D0 = 3 / (8 n sigma^2) sqrt(kT / pi m) is the first approximation; the second
#     Sonine term adds 1.9 % and the Enskog factor 1/g(sigma) = (1 - eta)^3 / (1 - eta/2) takes 2.5 %,
#     so D = 0.994 D0; the band is 4 errors plus 2 % for the higher orders. Hard spheres' D without
#     unwrapping the box, or with the wrong dimension in 2 d D t, misses it by far.
"$edpd" run --scenario elastic --n 2000 --packing-fraction 0.01 --time 1500 --observe msd,vacf --sample-dt 0.5 --json > "$tmp/dilute.json" && node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1])), o = r.observe;
const n = 0.01 * 6 / Math.PI, d0 = 3 / (8 * n) * Math.sqrt(1 / Math.PI), expect = 0.994 * d0;
const [a, ea, b, eb] = [o.diffusion_msd, o.diffusion_msd_error, o.diffusion_green_kubo, o.diffusion_green_kubo_error];
console.error(`  D (MSD) = ${a.toFixed(3)} +- ${ea.toFixed(3)}, D (Green-Kubo) = ${b.toFixed(3)} +- ${eb.toFixed(3)}, Chapman-Enskog ${expect.toFixed(3)}`);
process.exit(Math.abs(a - b) < 3 * Math.hypot(ea, eb) && Math.abs(a - expect) < 4 * ea + 0.02 * expect && Math.abs(b - expect) < 4 * eb + 0.02 * expect ? 0 : 1)' "$tmp/dilute.json" \
  && ok || bad "--observe: D against Chapman-Enskog at eta = 0.01"
expect_error "--observe: 'rdf' is not one of msd, vacf, gr, speeds, flights" run --scenario elastic --time 1 --observe msd,rdf
expect_error "--observe: needs --time T" run --scenario elastic --events 100 --observe msd
expect_error "--observe: 20001 samples" run --scenario elastic --time 2 --observe msd --sample-dt 1e-4
# --observe gr,speeds: structure from the exact trajectory.
# g(sigma+) three ways: extrapolated from g(r), from the virial pressure (Z - 1) / (4 eta) (3-D) or
# (Z - 1) / (2 eta) (2-D), and from Enskog's collision rate 4 n sigma^2 g sqrt(pi kT/m): the last
# two are exact relations for hard spheres and agree to 1 %; the extrapolation's quadratic through
# the first 8 bins (0.02 sigma each) has a bias of about 1 % where g is steep (2-D at phi = 0.5), so
# its band is 4 errors + 2 %; g(r) -> 1 at 4..5 sigma within 1 %; the speeds pass chi^2 against
# Maxwell-Boltzmann at their own kT, and fail it at a kT 5 % off (a plausible wrong answer)
for case in "3 0.3" "2 0.5"; do set -- $case
"$edpd" run --scenario elastic --dim $1 --n 2000 --packing-fraction $2 --equilibrate 5 --time 50 --observe gr,speeds --sample-dt 0.05 --json > "$tmp/gr$1.json" && node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1])), o = r.observe, dim = Number(process.argv[2]);
const tail = o.gr.filter(([x]) => x > 4 && x < 5), far = tail.reduce((a, [, g]) => a + g, 0) / tail.length;
const pdf = (v, kt) => dim === 3 ? Math.sqrt(2 / Math.PI) * v * v * Math.exp(-v * v / (2 * kt)) / kt ** 1.5 : v * Math.exp(-v * v / (2 * kt)) / kt;
const total = o.speeds.reduce((a, [, obs]) => a + obs, 0), w = o.speeds[1][0] - o.speeds[0][0];
let wrong = 0;
for (const [v, obs] of o.speeds.slice(0, -1)) {  /* Simpson over each bin at kT x 1.05 */
  const e = total * w / 6 * (pdf(v - w / 2, 1.05 * o.speeds_kt) + 4 * pdf(v, 1.05 * o.speeds_kt) + pdf(v + w / 2, 1.05 * o.speeds_kt));
  if (e >= 5) wrong += (obs - e) ** 2 / e;
}
const z = (c) => (c - o.speeds_dof) / Math.sqrt(2 * o.speeds_dof);
console.error(`  ${dim}-D: g(sigma+) ${o.contact_gr.toFixed(3)} +- ${o.contact_gr_error.toFixed(3)}, pressure ${o.contact_from_pressure.toFixed(3)}, collisions ${o.contact_from_collisions.toFixed(3)}; chi2 ${o.speeds_chi2.toFixed(1)} / ${o.speeds_dof} (5 % off: ${wrong.toFixed(0)})`);
process.exit(Math.abs(o.contact_from_collisions / o.contact_from_pressure - 1) < 0.01 &&
  Math.abs(o.contact_gr - o.contact_from_pressure) < 4 * o.contact_gr_error + 0.02 * o.contact_from_pressure &&
  Math.abs(far - 1) < 0.01 && z(o.speeds_chi2) < 3 && z(wrong) > 5 ? 0 : 1)' "$tmp/gr$1.json" $1 \
  && ok || bad "--observe gr,speeds in $1-D: contact values, g at large r, or the speeds' chi^2"
done
# the ideal-gas limit (eta = 0.01): beyond 2 sigma g(r) = 1 to first order in the density (the
# excluded volumes of a pair and a third sphere overlap only within 2 sigma), here within 3 standard
# errors of the bins' mean and the finite-N 1/N; at contact Carnahan-Starling's (1 - eta/2)/(1 - eta)^3 = 1.0253
"$edpd" run --scenario elastic --n 2000 --packing-fraction 0.01 --equilibrate 20 --time 200 --observe gr --sample-dt 0.5 --json > "$tmp/ideal.json" && node -e '
const o = JSON.parse(require("fs").readFileSync(process.argv[1])).observe;
const g = o.gr.filter(([r]) => r > 2).map(([, x]) => x), m = g.reduce((a, b) => a + b, 0) / g.length;
const se = Math.sqrt(g.reduce((a, b) => a + (b - m) ** 2, 0) / (g.length - 1) / g.length);
process.exit(Math.abs(m - 1) < 3 * se + 1 / 2000 && Math.abs(o.contact_gr - 1.0253) < 4 * o.contact_gr_error ? 0 : 1)' "$tmp/ideal.json" \
  && ok || bad "--observe gr: the ideal-gas limit"
# without --json the figures are printed
"$edpd" run --scenario elastic --n 500 --packing-fraction 0.3 --time 5 --observe msd,vacf,gr,speeds,flights --sample-dt 0.05 > "$tmp/obs.txt" && \
  grep -q "D (mean-squared displacement) = " "$tmp/obs.txt" && grep -q "g(sigma+) = .* from g(r); .* from Z; .* from the collision rate" "$tmp/obs.txt" && \
  grep -q "free flights: " "$tmp/obs.txt" && ok || bad "--observe: the text summary: $(cat "$tmp/obs.txt")"
# free flights (--observe flights): the time between a particle's impacts; their mean is the mean
# free time N t / (2 collisions) less the bias of a finite window against long flights (about
# 2 tau / T = 1 % here); the histogram holds them; an --event-log beside them still gets every event
"$edpd" run --scenario elastic --n 2000 --packing-fraction 0.3 --equilibrate 5 --time 20 --observe flights --event-log "$tmp/fl.csv" --json > "$tmp/fl.json" && node -e '
const fs = require("fs"), r = JSON.parse(fs.readFileSync(process.argv[1])), o = r.observe;
const held = o.flights.reduce((a, [, , c]) => a + c, 0), lines = fs.readFileSync(process.argv[2], "utf8").trim().split("\n").length - 1;
process.exit(Math.abs(o.flight_mean / r.mean_free_time - 1) < 0.02 && held > 0.999 * o.flights_count && lines === r.collisions ? 0 : 1)' "$tmp/fl.json" "$tmp/fl.csv" \
  && ok || bad "--observe flights: mean flight against the mean free time, or the event log beside it"
# past 2^20 flights the observer keeps a thinned sample for the histogram: the mean stays the
# mean of all of them (it was the mean of the first particle of each collision only, biased
# short: 0.081 against a mean free time of 0.130 at --time 100), and the histogram still counts all
"$edpd" run --scenario elastic --n 1372 --packing-fraction 0.2618 --time 100 --observe flights --sample-dt 0.1 --json > "$tmp/fl2.json" && node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1])), o = r.observe;
const held = o.flights.reduce((a, [, , c]) => a + c, 0);
process.exit(o.flights_count > 1048576 && Math.abs(o.flight_mean / r.mean_free_time - 1) < 0.02 && Math.abs(held / o.flights_count - 1) < 0.01 ? 0 : 1)' "$tmp/fl2.json" \
  && ok || bad "--observe flights past 2^20 flights: mean $(grep -o '"flight_mean": [0-9.]*' "$tmp/fl2.json") against $(grep -o '"mean_free_time": [0-9.]*' "$tmp/fl2.json")"
# g(sigma+) at eta = 0.45 from g(r) against the same run's pressure (Z = 1 + 4 eta g(sigma+)),
# within 3 of its standard errors: the fit in ln g holds (4.666 +- 0.016 against 4.670); a quadratic
# in g itself bent away from g's near-exponential fall (4.613 +- 0.014: 4 errors low)
"$edpd" run --scenario elastic --n 2000 --packing-fraction 0.45 --equilibrate 5 --time 200 --observe gr --sample-dt 0.1 --json > "$tmp/gr45.json" && node -e '
const o = JSON.parse(require("fs").readFileSync(process.argv[1])).observe;
process.exit(Math.abs(o.contact_gr - o.contact_from_pressure) < 3 * o.contact_gr_error && o.contact_gr_error < 0.01 * o.contact_gr ? 0 : 1)' "$tmp/gr45.json" \
  && ok || bad "g(sigma+) at eta 0.45: $(grep -o '"contact_[a-z_]*": [0-9.]*' "$tmp/gr45.json" | tr '\n' ' ')"
# --observe runs the whole --time: 0.29 / 0.01 is 28.999999999999996 intervals, and the run ended
# at 0.28; a default interval (a thousandth of --time) below --sample-dt's least is refused, not NaN
"$edpd" run --scenario elastic --n 300 --time 0.29 --observe msd --sample-dt 0.01 --json > "$tmp/obs29.json" && \
  grep -q '"time": 0.28999999999999998,' "$tmp/obs29.json" && grep -q '"samples": 30,' "$tmp/obs29.json" && ok || bad "--observe --time 0.29 --sample-dt 0.01: $(grep -o '"time": [^,]*' "$tmp/obs29.json" | head -1)"
"$edpd" run --scenario elastic --n 300 --time 0.295 --observe msd --sample-dt 0.01 --json | grep -q '"time": 0.29499999999999998,' && ok || bad "--observe: the stretch after the last sample is run"
expect_error "--observe: --time 1e-300 gives a sample interval of 1e-303" run --scenario elastic --n 300 --time 1e-300 --observe msd
# flags that would do nothing are refused, at any value: the thermostat's without a thermostat,
# the well's without the well, a quench after the thermostat stops, a thermostat on the balls
expect_error "--bath-temperature: does nothing without --thermostat-rate" run --scenario elastic --bath-temperature 1 --time 1
expect_error "--quench-to: does nothing without --thermostat-rate" run --scenario elastic --quench-to 1 --time 1
expect_error "--lambda: does nothing without --potential square-well" run --scenario elastic --lambda 1.5 --time 1
expect_error "--well-depth: does nothing without --potential square-well" run --scenario elastic --steps "1.5 -1" --well-depth 2 --time 1
expect_error "quench_at: 10 is not before the thermostat stops (thermostat_until 5)" run --scenario elastic --thermostat-rate 1 --quench-at 10 --thermostat-until 5 --time 1
expect_error "thermostat_rate: bouncing-ball's balls have no bath" run --scenario bouncing-ball --thermostat-rate 1 --time 1
# a ball array's halted balls: their halts take nothing of the event budget (244 halts made a
# budget of 40000 run 39756 events), and the report names the first while the others run on
"$edpd" run --scenario bouncing-ball --n 1000 --detector naive-halt --events 40000 --json > "$tmp/halts.json" && node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1]));
process.exit(r.events === 40000 && r.halted === false && r.halted_particles > 100 && r.first_halt && r.first_halt.reason === "no-real-root" && r.first_halt.time < 3 ? 0 : 1)' "$tmp/halts.json" \
  && ok || bad "ball array halts: $(grep -o '"events": [0-9]*\|"halted_particles": [0-9]*\|"first_halt": [^,]*' "$tmp/halts.json" | tr '\n' ' ')"
"$edpd" run --scenario bouncing-ball --n 1000 --detector naive-halt --events 40000 | grep -q "^[0-9]* of 1000 balls HALTED on their own plates, the first at event" && ok || bad "the text summary does not name the halted balls"
# an observer that cannot fit is refused before the world is built (4194304 particles took 11 s and
# 916 MB first), with advice that can help
expect_error "--observe: 4194304 particles: even the 16 samples its results need take 3.2 GB, over 1 GiB; observe at most 1398101 particles" run --scenario elastic --n 4194304 --time 1 --observe msd
expect_error "--observe: 1001 samples of 100000 particles take 4.8 GB, over 1 GiB: at most 223 samples (a longer --sample-dt)" run --scenario elastic --n 100000 --time 10 --observe msd --sample-dt 0.01
# handles: --density (n sigma^3), U in --series and its time average (with --seeds), sweep's
# --gravity and its count of balls still bouncing at --t-max (the counts add up to the samples)
"$edpd" run --scenario elastic --density 0.9 --n 500 --time 0.1 --json | grep -q '"packing_fraction": 0.47123889803846897,' && ok || bad "--density 0.9: phi = 0.9 pi / 6"
expect_error "--density: give one of --density RHO" run --scenario elastic --density 0.9 --packing-fraction 0.3 --time 1
"$edpd" run --scenario elastic --n 500 --packing-fraction 0.3 --potential square-well --temperature 2 --time 2 --series 0.5 --seeds 3 --json > "$tmp/u.json" && node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1])), rows = r.series.rows, sd = r.seeds;
process.exit(r.series.columns.endsWith("potential_energy") && rows.every((x) => x.length === 6 && x[5] < 0) && rows.at(-1)[5] === r.potential_energy &&
  r.potential_energy_mean < 0 && sd.potential_energy_mean_values.length === 3 && sd.potential_energy_mean_values[0] === r.potential_energy_mean &&
  sd.potential_energy_mean_error > 0 ? 0 : 1)' "$tmp/u.json" && ok || bad "U in --series, its time average and --seeds"
"$edpd" sweep --samples 200 --t-max 2 --gravity 9.81 --json > "$tmp/sw.json" && "$edpd" sweep --samples 200 --t-max 0.5 --gravity 9.81 --json > "$tmp/sw2.json" && node -e '
const [a, b] = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f)));
const sum = (r) => r.halted + r.collapsed + r.budget_exhausted + r.t_max_reached;
/* g = 9.81: at rest at t = 3 sqrt(1 / 9.81) = 0.96, so all by 2 and none by 0.5 */
process.exit(sum(a) === 200 && sum(b) === 200 && a.collapsed === 200 && b.t_max_reached === 200 ? 0 : 1)' "$tmp/sw.json" "$tmp/sw2.json" \
  && ok || bad "sweep --gravity 9.81: the counts $(grep -o '"collapsed": [0-9]*\|"t_max_reached": [0-9]*' "$tmp/sw.json" "$tmp/sw2.json" | tr '\n' ' ')"
# --trajectory-every K: a frame at every K-th sample and the last (a frame at every --series sample before)
"$edpd" run --scenario elastic --n 200 --time 1 --series 0.1 --trajectory "$tmp/every.xyz" --trajectory-every 3 > /dev/null && \
  [ "$(grep -o 'Time=[0-9.e+-]*' "$tmp/every.xyz" | tr '\n' ' ')" = "Time=0 Time=0.30000000000000004 Time=0.60000000000000009 Time=0.90000000000000002 Time=1 " ] \
  && ok || bad "--trajectory-every 3: $(grep -o 'Time=[0-9.e+-]*' "$tmp/every.xyz" | tr '\n' ' ')"
expect_error "--trajectory-every: only with --trajectory FILE" run --scenario elastic --time 1 --series 0.1 --trajectory-every 2
# a jammed packing as a state file: --load reads back its diameters as they grew, at its packing
# fraction, and a compression continues from it (its growth from the file's Time)
"$edpd" run --scenario jamming --dim 2 --n 100 --dump "$tmp/jam.xyz" --json > "$tmp/jam.json" && \
  "$edpd" run --load "$tmp/jam.xyz" --events 0 --json > "$tmp/jam-load.json" && node -e '
const [a, b] = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f)));
process.exit(a.jammed && Math.abs(b.packing_fraction_now - a.packing_fraction_now) < 1e-14 && b.max_overlap < 1e-12 && b.time === a.time ? 0 : 1)' "$tmp/jam.json" "$tmp/jam-load.json" \
  && "$edpd" run --load "$tmp/jam.xyz" --growth-rate 0.01 | grep -q "^JAMMED at t = " \
  && ok || bad "a jammed state file loads at its packing fraction and compresses on: $(grep -o '"packing_fraction_now": [0-9.]*' "$tmp/jam.json" "$tmp/jam-load.json" | tr '\n' ' ')"
echo "cli_contract: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
