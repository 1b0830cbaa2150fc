// npm test's doc check: every example in README.md and docs/*.md runs as written from the project
// root, and prints what the text says it prints.
//   node scripts/doc-check.mjs [PAGE.md ...] [--help-flags]   (default: README.md, every docs/*.md, the help's flags)
// - ```sh blocks: each command (a `\` continues a line; `for … done` is one command) runs in a
//   scratch folder that links the root's entries, so the files an example writes (gas.xyz,
//   events.bin, shards) stay out of the checkout; it must exit 0. A comment `# … → TEXT` after a
//   command, or on the line below it, states its output: the numbers in TEXT must be printed in its
//   order (to the places written) and each word of four letters or more too. `npm run X` needs script X;
//   `parallel … ::: $(seq A B)` runs each value in turn; a block that starts `#!/bin/bash` with
//   `#SBATCH` lines runs once per array index.
// - ```python and ```js blocks run after the page's sh blocks before them (python3; node, as an ES
//   module when the block imports); ```c blocks must be an excerpt of a file in docs/examples/; a
//   bare block after a paragraph saying "`COMMAND` prints" must be that command's output.
// - Every flag `edpd --help` lists is accepted by its command and named in docs/cli.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const TIMEOUT_MS = 300_000;
// Debian's python3 (with python3-numpy, which set-up installs), ahead of any other on the PATH
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const pagesToCheck = () => process.argv.slice(2).some((a) => a.endsWith('.md')) ? process.argv.slice(2).filter((a) => a.endsWith('.md'))
  : ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const problems = [];
const problem = (where, what) => { problems.push(`${where}: ${what}`); console.log(`  FAILED ${where}: ${what}`); };

/** The fenced blocks of a page: { lang, line (of the fence), lines }. */
export function fencedBlocks(text) {
  const blocks = [];
  let open = null;
  text.split('\n').forEach((l, i) => {
    if (open) {
      if (/^```\s*$/.test(l)) { blocks.push(open); open = null; } else open.lines.push(l);
    } else {
      const m = l.match(/^```(\w*)/);
      if (m) open = { lang: m[1], line: i + 1, lines: [] };
    }
  });
  return blocks;
}

/** Splits a line into its command and its comment (a `#` after blank space, outside quotes). */
export function splitComment(l) {
  let q = null;
  for (let i = 0; i < l.length; i++) {
    const c = l[i];
    if (q) { if (c === q) q = null; } else if (c === '"' || c === "'") q = c;
    else if (c === '#' && (i === 0 || /\s/.test(l[i - 1]))) return [l.slice(0, i).trimEnd(), l.slice(i + 1).trim()];
  }
  return [l.trimEnd(), ''];
}

/** The commands of an sh block: { line, cmd, claim }, a claim being the text after `# →`. */
export function shCommands(block) {
  const cmds = [];
  let cur = null;
  let loop = false;
  block.lines.forEach((raw, k) => {
    const [code, comment] = splitComment(raw);
    const claim = comment.includes('→') ? comment.slice(comment.indexOf('→') + 1).trim() : '';
    if (!code.trim()) {  // a comment line: a claim about the command above, or prose
      if (claim && cmds.length) cmds[cmds.length - 1].claim = claim;
      return;
    }
    if (!cur) cur = { line: block.line + 1 + k, cmd: '', claim: '' };
    const cont = code.endsWith('\\');
    cur.cmd += (cur.cmd ? (loop ? '\n' : ' ') : '') + (cont ? code.slice(0, -1).trim() : code.trim());
    if (/^for\s/.test(code.trim())) loop = true;
    if (loop && /^done\b/.test(code.trim())) loop = false;
    if (claim) cur.claim = claim;
    if (!cont && !loop) { cmds.push(cur); cur = null; }
  });
  if (cur) cmds.push(cur);
  return cmds;
}

/** The numbers of a text, as written. */
const NUMBER = /(?<![\w.])[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;
const numbersOf = (text) => [...text.matchAll(NUMBER)].map((m) => m[0]);

/** Whether `output` prints what `claim` says: its numbers in its order (a decimal to the places
 * written, an integer exactly), and each of its words. Returns what is missing. */
export function claimHolds(claim, output) {
  const printed = numbersOf(output).map(Number);
  const missing = [];
  let at = 0;
  for (const c of numbersOf(claim)) {
    const want = Number(c);
    const mantissa = c.match(/^[-+]?(\d+)(?:\.(\d+))?[eE]/);  // 2.7e-12: to its 2 significant digits
    const digits = mantissa ? mantissa[1].replace(/^0+/, '').length + (mantissa[2] || '').length : 0;
    const decimals = (c.split('.')[1] || '').length;
    const same = (x) => mantissa ? Number(x.toPrecision(Math.max(1, digits))) === want
      : decimals === 0 ? x === want : x.toFixed(decimals) === want.toFixed(decimals);
    const k = printed.findIndex((x, i) => i >= at && same(x));
    if (k < 0) missing.push(c); else at = k + 1;
  }
  const lower = output.toLowerCase();
  // words of four or more characters (a hash too), numbers apart
  for (const w of claim.replace(NUMBER, ' ').match(/[A-Za-z0-9][\w-]{3,}/g) || []) if (/[A-Za-z]/.test(w) && !lower.includes(w.toLowerCase())) missing.push(`"${w}"`);
  return missing;
}

// `python3` in an example is Debian's (what set-up installs numpy and the rest for), whatever
// else the PATH holds
let debianBin = null;
function pathWithDebianPython() {
  if (!debianBin && existsSync('/usr/bin/python3')) {
    debianBin = mkdtempSync(join(tmpdir(), 'edpd-doc-check-bin-'));
    symlinkSync('/usr/bin/python3', join(debianBin, 'python3'));
    process.on('exit', () => rmSync(debianBin, { recursive: true, force: true }));
  }
  return debianBin ? `${debianBin}:${process.env.PATH}` : process.env.PATH;
}

function sh(cmd, cwd, env = {}) {
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', cmd], { cwd, encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: 1 << 30,
    env: { ...process.env, PATH: pathWithDebianPython(), ...env } });
  return { code: r.status, out: (r.stdout || '') + (r.stderr || ''), timedOut: r.error?.code === 'ETIMEDOUT' };
}

function scratchFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'edpd-doc-check-'));
  for (const e of readdirSync(root)) if (!e.startsWith('.')) symlinkSync(join(root, e), join(dir, e));
  return dir;
}

const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;

function runCommand(where, c, cwd) {
  const npm = c.cmd.match(/^npm\s+(?:run\s+)?([\w-]+)/);
  if (npm) {
    if (!scripts[npm[1]]) problem(where, `npm script '${npm[1]}' is not in package.json`);
    return;
  }
  let cmd = c.cmd;
  const par = cmd.match(/^parallel\s+(.*?)\s+:::\s+\$\(seq\s+(\d+)\s+(\d+)\)\s*$/);
  if (par && sh('command -v parallel', cwd).code !== 0) {  // GNU parallel's ::: without it, in turn
    const body = par[1].replace(/'([<>|])'/g, '$1');
    cmd = [];
    for (let k = Number(par[2]); k <= Number(par[3]); k++) cmd.push(body.replaceAll('{}', String(k)));
    cmd = cmd.join(' && ');
  }
  const t0 = Date.now();
  const r = sh(cmd, cwd);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.timedOut) return problem(where, `did not finish in ${TIMEOUT_MS / 1000} s: ${c.cmd}`);
  if (r.code !== 0) return problem(where, `exit ${r.code}: ${c.cmd}\n${r.out.slice(-1500)}`);
  if (c.claim) {
    const missing = claimHolds(c.claim, r.out);
    if (missing.length) return problem(where, `says "${c.claim}" but ${missing.join(', ')} not printed by: ${c.cmd}\n${r.out.slice(-1500)}`);
  }
  console.log(`  ok ${where} (${secs} s)${c.claim ? ` → ${c.claim}` : ''}`);
}

function runBatchScript(where, block, cwd) {
  const array = block.lines.join('\n').match(/--array=(\d+)-(\d+)/);
  const [a, b] = array ? [Number(array[1]), Number(array[2])] : [0, 0];
  const script = join(cwd, 'doc-check-batch.sh');
  writeFileSync(script, block.lines.join('\n') + '\n');
  for (let k = a; k <= b; k++) {
    const r = sh(`bash ${script}`, cwd, { SLURM_ARRAY_TASK_ID: String(k) });
    if (r.code !== 0) return problem(where, `the batch script fails for array index ${k}:\n${r.out.slice(-1500)}`);
  }
  // what the comments say to do afterwards
  for (const l of block.lines) {
    const m = l.match(/^#\s*afterwards:\s*(.*)$/);
    if (m) runCommand(where, { cmd: m[1], claim: '' }, cwd);
  }
  console.log(`  ok ${where} (array ${a}-${b})`);
}

function runProgram(where, block, cwd) {
  const text = block.lines.join('\n');
  const lang = block.lang === 'python' ? 'python' : 'js';
  const file = join(cwd, lang === 'python' ? 'doc-check-block.py' : /^\s*import\s/m.test(text) ? 'doc-check-block.mjs' : 'doc-check-block.cjs');
  writeFileSync(file, text + '\n');
  // a page that made a virtual environment (docs/python.md) runs its Python there
  const python = existsSync(join(cwd, '.venv/bin/python')) ? '.venv/bin/python' : PYTHON;
  // elsewhere the checkout's package, as PYTHONPATH=python gives it
  const r = sh(`${lang === 'python' ? python : 'node'} ${file}`, cwd, lang === 'python' ? { PYTHONPATH: join(cwd, 'python') } : {});
  if (r.code !== 0) return problem(where, `the ${block.lang} block fails:\n${r.out.slice(-1500)}`);
  const claims = block.lines.map((l) => l.match(/(?:#|\/\/)[^→]*→\s*(.*)$/)?.[1]).filter(Boolean);
  for (const claim of claims) {
    const missing = claimHolds(claim, r.out);
    if (missing.length) return problem(where, `says "${claim}" but ${missing.join(', ')} not printed:\n${r.out.slice(-1500)}`);
  }
  console.log(`  ok ${where} (${block.lang})`);
}

function checkExcerpt(where, block) {
  const norm = (l) => l.trim().replace(/\s+/g, ' ');
  const want = block.lines.map(norm).filter(Boolean);
  const dir = join(root, 'docs/examples');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.c'))) {
    const lines = readFileSync(join(dir, f), 'utf8').split('\n').map(norm).filter(Boolean);
    for (let i = 0; i + want.length <= lines.length; i++) if (want.every((w, k) => lines[i + k] === w)) return console.log(`  ok ${where} (docs/examples/${f})`);
  }
  problem(where, 'this C block is not an excerpt of a file in docs/examples/ (which the tests build and run)');
}

/** A bare block after a paragraph that says "`COMMAND` prints": the command's output (or a run of
 * its lines), line for line. */
function checkPrinted(where, command, block, cwd) {
  const r = sh(command, cwd);
  const norm = (t) => t.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).filter(Boolean).join('\n');
  if (r.code !== 0) return problem(where, `exit ${r.code}: ${command}\n${r.out.slice(-1500)}`);
  // the block is the output, or a run of its lines (a synopsis from a longer help)
  if (!norm(r.out).includes(norm(block.lines.join('\n')))) return problem(where, `${command} prints\n${r.out}\nnot what the page shows`);
  console.log(`  ok ${where} (${command} prints the block)`);
}

/** The command a bare block shows the output of: "`COMMAND` prints" in the paragraph before it. */
function printedBy(lines, fenceLine) {
  let k = fenceLine - 2;
  while (k >= 0 && !lines[k].trim()) k--;
  const para = [];
  for (; k >= 0 && lines[k].trim() && !lines[k].startsWith('```'); k--) para.unshift(lines[k]);
  const m = [...para.join(' ').matchAll(/`([^`]+)` prints\b/g)].pop();
  return m ? m[1] : null;
}

function checkPage(page) {
  if (!existsSync(join(root, page))) return problem(page, 'no such page');
  const text = readFileSync(join(root, page), 'utf8');
  const blocks = fencedBlocks(text);
  const lines = text.split('\n');
  if (!blocks.some((b) => ['sh', 'python', 'js', 'c'].includes(b.lang) || (b.lang === '' && printedBy(lines, b.line)))) return;
  console.log(page);
  const cwd = scratchFolder();
  try {
    for (const b of blocks) {
      const where = `${page}:${b.line}`;
      if (b.lang === 'sh' && b.lines[0]?.startsWith('#!') && b.lines.some((l) => l.startsWith('#SBATCH'))) runBatchScript(where, b, cwd);
      else if (b.lang === 'sh') for (const c of shCommands(b)) runCommand(`${page}:${c.line}`, c, cwd);
      else if (b.lang === 'python' || b.lang === 'js') runProgram(where, b, cwd);
      else if (b.lang === 'c') checkExcerpt(where, b);
      else if (b.lang === '' && printedBy(lines, b.line)) checkPrinted(where, printedBy(lines, b.line), b, cwd);
    }
    checkIgnored(page, cwd);
  } finally { rmSync(cwd, { recursive: true, force: true }); }
}

/** What a page's examples write, run from the root, must be in .gitignore (not left untracked). */
function checkIgnored(page, cwd) {
  const linked = new Set(readdirSync(root));
  const made = readdirSync(cwd).filter((f) => !linked.has(f) && !f.startsWith('doc-check-'));
  // a folder is named with its slash, so that a pattern for folders (`/.venv/`) can match it
  const named = (f) => (statSync(join(cwd, f)).isDirectory() ? `${f}/` : f);
  for (const f of made) if (sh(`git check-ignore -q -- ${JSON.stringify(named(f))}`, root).code !== 0) problem(page, `its examples write ${f}, which .gitignore does not cover`);
}

/** Every flag the help lists: accepted by its command (not an unknown flag), and named in
 * docs/cli.md's text outside its code blocks (the usage block there is a copy of the help). */
function checkHelpFlags() {
  console.log('edpd --help');
  const help = sh('build/edpd --help', root).out;
  const prose = readFileSync(join(root, 'docs/cli.md'), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const cwd = scratchFolder();
  let command = 'run';
  let flags = 0;
  try {
    for (let l of help.split('\n')) {
      const cmd = l.match(/^\s*edpd\s+(\w+)/);
      if (cmd) command = cmd[1];
      if (/^Configuration flags/.test(l)) command = 'run';
      l = l.replace(/\s{3,}\(.*\)\s*$/, '');  // a usage line's trailing remark
      for (const [flag] of l.matchAll(/--[a-z][a-z-]*/g)) {
        flags++;
        if (!new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(prose)) problem('docs/cli.md', `${flag} (in edpd --help) is not explained outside the usage block`);
        // without a value: a flag that needs one says so; bench only lists its cases
        const r = sh(`timeout 20 build/edpd ${command} ${flag}${command === 'bench' ? ' --list' : ''}`, cwd);
        if (r.out.includes(`unknown flag '${flag}'`)) problem('edpd --help', `edpd ${command} does not accept ${flag}: ${r.out.split('\n')[0]}`);
      }
    }
  } finally { rmSync(cwd, { recursive: true, force: true }); }
  console.log(`  ok: ${flags} flags accepted and documented`);
}

function main() {
  if (!existsSync(join(root, 'build/edpd'))) { console.error('doc-check: build/edpd is missing (npm run setup builds it)'); process.exit(2); }
  const args = process.argv.slice(2);
  if (!args.some((a) => a.endsWith('.md')) || args.includes('--help-flags')) checkHelpFlags();
  for (const p of pagesToCheck()) checkPage(p);
  if (problems.length) {
    console.error(`\ndoc-check: ${problems.length} example(s) do not run or print what the docs say:\n${problems.map((p) => ' - ' + p.split('\n')[0]).join('\n')}`);
    process.exit(1);
  }
  console.log('doc-check: every example runs and prints what the docs say');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
