// npm run audit: `npm audit --omit=dev` on the packages the built page ships (three, lil-gui,
// uPlot). Exit 1 if the audit finds a vulnerability. If the registry's advisory endpoint cannot
// be reached (some networks allow only GET to the registry: HTTP 405 on the audit's POST), it
// says so plainly, checks what it still can — that the shipped tree holds only the packages in
// package.json, each at its newest published version — and exits 0 unless --strict is given.
// Never silent: the last line says AUDITED, NOT AUDITED or VULNERABLE.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
for (const a of args) {
  if (a !== '--strict') {
    console.error(`audit: unknown flag ${a} (allowed: --strict)`);
    process.exit(2);
  }
}
const strict = args.includes('--strict');
const npm = (argv) => spawnSync('npm', argv, { cwd: root, encoding: 'utf8', timeout: 120000 });

const run = npm(['audit', '--omit=dev', '--json']);
let report = null;
try { report = JSON.parse(run.stdout); } catch { /* not JSON: handled below */ }

if (report && report.metadata && report.metadata.vulnerabilities) {
  const v = report.metadata.vulnerabilities;
  const total = Object.values(v).reduce((a, b) => a + (Number(b) || 0), 0);
  console.log(`npm audit --omit=dev: ${total} vulnerabilities (${Object.entries(v).map(([k, n]) => `${k} ${n}`).join(', ')})`);
  if (total > 0) {
    for (const [name, adv] of Object.entries(report.vulnerabilities || {}))
      console.log(`  ${name}: ${adv.severity}, ${(adv.via || []).map((x) => (typeof x === 'string' ? x : x.title)).join('; ')}`);
    console.log('VULNERABLE');
    process.exit(1);
  }
  console.log('AUDITED: no known vulnerabilities in the production dependencies');
  process.exit(0);
}

const why = report && report.statusCode ? `HTTP ${report.statusCode} from ${report.uri}`
  : (report && report.message) || (run.stderr || '').trim().split('\n').pop() || `npm exited with ${run.status}`;
console.log(`npm audit --omit=dev could not reach the advisory database: ${why}`);

// What can still be checked with GET requests only.
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
const declared = Object.keys(pkg.dependencies || {});
const tree = JSON.parse(npm(['ls', '--omit=dev', '--all', '--json']).stdout || '{}');
const installed = [];
(function walk(deps) {
  for (const [name, d] of Object.entries(deps || {})) { installed.push({ name, version: d.version }); walk(d.dependencies); }
})(tree.dependencies);
let problems = 0;
const extra = installed.filter((p) => !declared.includes(p.name));
if (extra.length) {
  problems++;
  console.log(`  the shipped tree holds packages not in package.json: ${extra.map((p) => `${p.name}@${p.version}`).join(', ')}`);
} else {
  console.log(`  the shipped tree is exactly the ${declared.length} declared packages, with no dependencies of their own`);
}
for (const p of installed) {
  const latest = npm(['view', `${p.name}@latest`, 'version']).stdout.trim();
  const note = !latest ? 'newest version unknown (registry unreachable)' : latest === p.version ? 'the newest published version' : `newer version ${latest} published`;
  if (latest && latest !== p.version) problems++;
  console.log(`  ${p.name}@${p.version}: ${note}`);
}
console.log(`NOT AUDITED${problems ? ` (and ${problems} finding${problems > 1 ? 's' : ''} above)` : ''}: re-run 'npm run audit' where the registry accepts the audit request`);
process.exit(strict ? 1 : 0);
