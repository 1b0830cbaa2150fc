// npm run fig5 -- COMMAND [options]: the paper's Fig. 5 (three-body collisions per event, stable
// detector) as a sharded campaign that runs on this machine's cores or on a cluster.
//   plan    measure each state point's collisions per event (a short pilot run) and write the plan,
//           its shards and their command lines, to DIR/plan.json
//   run     run the plan's unfinished shards on every core, with a progress line; it resumes:
//           a shard is finished once DIR/shards/ID.json exists (written whole, by a rename)
//   lines   write DIR/jobs.txt, one shell line per chain of shards, and print how to run it with
//           GNU parallel or as a Slurm array; then `merge` as here
//   merge   combine DIR/shards/*.json into OUT (counts, rates, 95 % intervals)
// Elastic points are independent shards (seeds) until --collisions collisions; an inelastic point
// is one chain of segments, each loading the state its predecessor dumped (one gas ageing, as in
// the paper's single long runs), to --inelastic-events events.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fig5Points, mergeFig5 } from './fig5-data.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const USAGE = 'usage: npm run fig5 -- {plan|run|lines|merge} [--dir DIR] [--shard-events K] [--collisions C] ' +
  '[--inelastic-events E] [--jobs J] [--tiny] [--out FILE] [--edpd PATH]';
const OPTIONS = { '--dir': 'build/fig5', '--shard-events': '1e8', '--collisions': '1e9', '--inelastic-events': '2e8',
  '--jobs': String(cpus().length), '--out': 'docs/reproduction/fig5.json', '--edpd': 'build/edpd' };

function fail(msg) { console.error(`fig5: ${msg}\n${USAGE}`); process.exit(2); }
function parse(argv) {
  const [command, ...rest] = argv;
  if (!['plan', 'run', 'lines', 'merge'].includes(command)) fail(command ? `unknown command ${command}` : 'a command is needed');
  const o = { ...OPTIONS, '--tiny': false };
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k];
    if (a === '--tiny') { o['--tiny'] = true; continue; }
    if (!(a in OPTIONS)) fail(`unknown option ${a}`);
    if (k + 1 >= rest.length) fail(`${a} needs a value`);
    o[a] = rest[++k];
  }
  const count = (flag, lo, hi) => {
    const x = Number(o[flag]);
    if (!Number.isInteger(x) || x < lo || x > hi) fail(`${flag} must be an integer in [${lo}, ${hi}], got ${o[flag]}`);
    return x;
  };
  return { command, dir: resolve(root, o['--dir']), out: resolve(root, o['--out']), edpd: resolve(root, o['--edpd']), tiny: o['--tiny'],
    shardEvents: count('--shard-events', 1000, 1e10), collisions: count('--collisions', 1, 1e13),
    inelasticEvents: count('--inelastic-events', 1000, 1e13), jobs: count('--jobs', 1, 1024) };
}

function edpd(bin, args) {
  return new Promise((ok, bad) => execFile(bin, args, { maxBuffer: 16 << 20 }, (err, stdout, stderr) =>
    (err ? bad(new Error(`edpd ${args.join(' ')}: ${stderr || err.message}`)) : ok(stdout))));
}

// ---- plan --------------------------------------------------------------------------------
// the impacts' physics, given again when a segment loads a state; the gas itself only at the start
const physicsArgs = (p) => ['--restitution', String(p.restitution), '--tc', String(p.tc)];
const gasArgs = (p) => ['--dim', String(p.dim), '--n', String(p.n), '--packing-fraction', String(p.packing_fraction), ...physicsArgs(p)];
const shQuote = (s) => (/^[\w./=:,+-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

/** The shard's edpd arguments; paths relative to the campaign directory (lines run from there). */
function shardArgs(p, chain, seg, last) {
  const id = shardId(p, chain, seg);
  const start = seg === 0 ? ['--scenario', p.restitution === 1 ? 'elastic' : 'granular', '--seed', String(chain + 1)]
    : ['--load', `state/${shardId(p, chain, seg - 1)}.xyz`];
  return ['run', ...start, ...(seg === 0 ? gasArgs(p) : physicsArgs(p)), '--events', String(p.shard_events),
    ...(last ? [] : ['--dump', `state/${id}.xyz`]), '--no-progress', '--json'];
}
const shardId = (p, chain, seg) => `${p.id}-c${chain}-s${seg}`;

async function plan(o) {
  const points = fig5Points(o.tiny);
  for (const p of points) {
    // collisions per event from a pilot run of the point's gas (elastic points are sized by it)
    const pilot = JSON.parse(await edpd(o.edpd, ['run', '--scenario', p.restitution === 1 ? 'elastic' : 'granular', ...gasArgs(p),
      '--seed', '999', '--events', String(o.tiny ? 20000 : 400000), '--no-progress', '--json']));
    p.pilot_collisions_per_event = pilot.collisions / pilot.events;
    p.shard_events = o.shardEvents;
    const elastic = p.restitution === 1;
    // 2 % over the pilot's estimate: a short pilot's collisions per event are uncertain by about that
    const shards = elastic ? Math.ceil(1.02 * o.collisions / (o.shardEvents * p.pilot_collisions_per_event)) : Math.ceil(o.inelasticEvents / o.shardEvents);
    p.chains = elastic ? shards : 1;
    p.segments = elastic ? 1 : shards;
    p.target = elastic ? { collisions: o.collisions } : { events: o.inelasticEvents };
    p.shards = [];
    for (let c = 0; c < p.chains; c++) for (let s = 0; s < p.segments; s++)
      p.shards.push({ id: shardId(p, c, s), chain: c, segment: s, args: shardArgs(p, c, s, s === p.segments - 1) });
  }
  mkdirSync(join(o.dir, 'shards'), { recursive: true });
  mkdirSync(join(o.dir, 'state'), { recursive: true });
  const planned = { command: `npm run fig5 -- plan ${process.argv.slice(3).join(' ')}`.trim(), shard_events: o.shardEvents, points };
  writeFileSync(join(o.dir, 'plan.json'), JSON.stringify(planned, null, 1));
  for (const p of points)
    console.log(`${p.id.padEnd(16)} ${String(p.shards.length).padStart(4)} shards of ${p.shard_events.toExponential(0)} events` +
      ` (${p.chains} chain${p.chains > 1 ? 's' : ''} × ${p.segments}), ${p.pilot_collisions_per_event.toFixed(3)} collisions per event`);
  const total = points.reduce((a, p) => a + p.shards.length * p.shard_events, 0);
  console.log(`plan: ${points.length} state points, ${points.reduce((a, p) => a + p.shards.length, 0)} shards, ${total.toExponential(2)} events -> ${relative(root, join(o.dir, 'plan.json'))}`);
}

function readPlan(o) {
  const f = join(o.dir, 'plan.json');
  if (!existsSync(f)) fail(`no plan in ${relative(root, o.dir) || '.'}: run "npm run fig5 -- plan${o.tiny ? ' --tiny' : ''} --dir ${relative(root, o.dir)}" first`);
  return JSON.parse(readFileSync(f, 'utf8'));
}
const done = (o, id) => existsSync(join(o.dir, 'shards', `${id}.json`));

// ---- run: every core, resumable ------------------------------------------------------------
async function run(o) {
  const pl = readPlan(o);
  const all = pl.points.flatMap((p) => p.shards.map((s) => ({ ...s, p })));
  // chains first, longest first: a chain's segments cannot run side by side
  all.sort((a, b) => b.p.segments - a.p.segments || a.segment - b.segment);
  const todo = all.filter((s) => !done(o, s.id));
  const eventsTotal = all.reduce((a, s) => a + s.p.shard_events, 0);
  let eventsDone = eventsTotal - todo.reduce((a, s) => a + s.p.shard_events, 0), eventsNow = 0, finished = all.length - todo.length;
  console.log(`[fig5] ${finished} of ${all.length} shards already finished; ${todo.length} to run on ${o.jobs} cores`);
  const started = Date.now(), running = new Set(), failed = [];
  const progress = () => {
    const s = (Date.now() - started) / 1000, rate = eventsNow / Math.max(s, 1e-3), left = eventsTotal - eventsDone;
    const eta = eventsNow > 0 ? ` ~${Math.ceil(left / rate / 60)} min left,` : '';
    const line = `[fig5] ${finished}/${all.length} shards, ${(100 * eventsDone / eventsTotal).toFixed(1)} % of ${eventsTotal.toExponential(2)} events, ` +
      `${Math.round(s)} s,${eta} running ${[...running].join(' ')}`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line.slice(0, process.stdout.columns - 1 || 150).padEnd(Math.min(150, (process.stdout.columns || 151) - 1))}`);
    else console.log(line);
  };
  const ready = (s) => s.segment === 0 || done(o, shardId(s.p, s.chain, s.segment - 1));
  const queue = [...todo];
  async function worker() {
    for (;;) {
      const k = queue.findIndex((s) => ready(s) && !running.has(s.id));
      if (k < 0) {
        if (!queue.length) return;
        await new Promise((r) => setTimeout(r, 500));  // a chain's next segment waits for its predecessor
        continue;
      }
      const [s] = queue.splice(k, 1);
      running.add(s.id);
      progress();
      let out;
      try {
        out = await edpd(o.edpd, s.args.map((a) => (a.startsWith('state/') ? join(o.dir, a) : a)));
      } catch (e) {  // the chain stops here; the other shards go on
        failed.push(`${s.id}: ${e.message.trim()}`);
        running.delete(s.id);
        for (let q = queue.length - 1; q >= 0; q--) if (queue[q].p === s.p && queue[q].chain === s.chain) queue.splice(q, 1);
        console.log(`\n[fig5] ${s.id} failed: ${e.message.trim()}`);
        continue;
      }
      const r = JSON.parse(out);
      const f = join(o.dir, 'shards', `${s.id}.json`);
      writeFileSync(`${f}.part`, out);
      renameSync(`${f}.part`, f);
      running.delete(s.id);
      finished++; eventsDone += s.p.shard_events; eventsNow += s.p.shard_events;
      if (r.halted || r.collapse) {  // the chain ends here: its later segments have no state to load
        for (let q = queue.length - 1; q >= 0; q--) if (queue[q].p === s.p && queue[q].chain === s.chain) { eventsDone += s.p.shard_events; queue.splice(q, 1); }
        console.log(`\n[fig5] ${s.id} ended the chain: ${r.halted ? `halted (${r.halt_reason})` : 'inelastic collapse'} at event ${r.events}`);
      }
      progress();
    }
  }
  await Promise.all(Array.from({ length: o.jobs }, worker));
  if (process.stdout.isTTY) process.stdout.write('\n');
  if (failed.length) {
    console.log(`[fig5] ${failed.length} shard(s) failed; the others are finished:\n  ${failed.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`[fig5] all ${all.length} shards finished; now: npm run fig5 -- merge --dir ${relative(root, o.dir)}`);
}

// ---- lines: the same shards as shell lines for GNU parallel or a Slurm array ---------------
function lines(o) {
  const pl = readPlan(o);
  const bin = o.edpd;
  const chains = [];
  for (const p of pl.points) for (let c = 0; c < p.chains; c++) {
    const segs = p.shards.filter((s) => s.chain === c).map((s) =>
      `{ [ -e shards/${s.id}.json ] || { ${shQuote(bin)} ${s.args.map(shQuote).join(' ')} > shards/${s.id}.json.part && mv shards/${s.id}.json.part shards/${s.id}.json; }; }`);
    chains.push(segs.join(' && '));  // a failed segment stops its chain: the next has no state to load
  }
  const jobs = join(o.dir, 'jobs.txt');
  writeFileSync(jobs, chains.join('\n') + '\n');
  const d = shQuote(o.dir);
  console.log(`${chains.length} chains of shards in ${relative(root, jobs)}; each line skips shards already finished.`);
  console.log('\nGNU parallel, on every core of this machine (or with --sshloginfile over several):');
  console.log(`  cd ${d} && parallel --joblog parallel.log --resume < jobs.txt`);
  console.log('\nSlurm, one array task per line:');
  console.log(`  sbatch --array=1-${chains.length} --wrap 'cd ${o.dir} && sed -n "\${SLURM_ARRAY_TASK_ID}p" jobs.txt | bash'`);
  console.log(`\nThen: npm run fig5 -- merge --dir ${relative(root, o.dir)}`);
}

// ---- merge ------------------------------------------------------------------------------------
function merge(o) {
  const pl = readPlan(o);
  const names = new Set(readdirSync(join(o.dir, 'shards')).filter((f) => f.endsWith('.json')));
  const results = {};
  for (const p of pl.points) results[p.id] = p.shards.filter((s) => names.has(`${s.id}.json`))
    .map((s) => ({ ...s, result: JSON.parse(readFileSync(join(o.dir, 'shards', `${s.id}.json`), 'utf8')) }));
  const merged = mergeFig5(pl, results);
  writeFileSync(o.out, JSON.stringify(merged, null, 1) + '\n');
  for (const p of merged.points)
    console.log(`${p.id.padEnd(16)} ${p.events.toExponential(2)} events ${p.collisions.toExponential(2)} collisions ` +
      `${String(p.three_body_collisions).padStart(8)} three-body collisions  ${p.per_event_text}${p.complete ? '' : ` (${p.shards_done} of ${p.shards_planned} shards)`}`);
  console.log(`-> ${relative(root, o.out)}`);
}

const o = parse(process.argv.slice(2));
if (o.command !== 'merge' && !existsSync(o.edpd)) fail(`no edpd binary at ${o.edpd} (npm run setup builds it)`);
await { plan, run, lines, merge }[o.command](o);
