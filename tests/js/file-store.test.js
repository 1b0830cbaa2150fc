// Runs from files opened on the computer, kept in the browser: the store's bookkeeping, on a
// backend in memory (the browser tests run it on IndexedDB across a reload).
import { FileStore, memoryBackend, idbBackend, KEPT_FILES, KEPT_RUNS, newStoreId } from '../../web/src/model/file-store.js';
import { fileState } from '../../web/src/model/scenarios.js';

const run = (name, text, storeId, frame = 0) => {
  const s = fileState(name, text, { n: 1, dim: 3, time: 0, frame, frames: 5 }, { naive: 'miss', speed: 2 });
  s.file.storeId = storeId;
  return s;
};

test('a run comes back whole, its text kept once for all the runs of its file', async () => {
  const backend = memoryBackend();
  const store = new FileStore(backend);
  const a0 = run('a.xyz', 'TEXT A', 'fa', 4), a2 = run('a.xyz', 'TEXT A', 'fa', 2);
  expect(await store.putRun('r1', a0)).toBe(true);
  expect(await store.putRun('r2', a2)).toBe(true);
  expect(backend.stores.texts.size).toBe(1);
  expect([...backend.stores.runs.values()].every((r) => !('text' in r.state.file))).toBe(true);  // runs are small
  expect(await store.getRun('r1')).toEqual(a0);
  expect(await store.getRun('r2')).toEqual(a2);
  expect(await store.getRun('never')).toBeUndefined();
  expect(await store.getRun(undefined)).toBeUndefined();
});

test(`the last ${KEPT_FILES} files used are kept; an older one goes with its runs`, async () => {
  let clock = 0;
  const backend = memoryBackend();
  const store = new FileStore(backend, { now: () => ++clock });
  for (let k = 0; k < KEPT_FILES; k++) await store.putRun(`r${k}`, run(`${k}.xyz`, `T${k}`, `f${k}`));
  expect((await store.getRun('r0')).file.text).toBe('T0');  // file 0 used again: file 1 is now the oldest
  await store.putRun('new', run('new.xyz', 'TNEW', 'fnew'));
  expect(await store.getRun('r1')).toBeUndefined();
  expect(backend.stores.texts.has('f1')).toBe(false);
  expect(backend.stores.runs.has('r1')).toBe(false);
  for (const k of ['r0', 'r2', 'r3', 'new']) expect(await store.getRun(k)).toBeDefined();
  expect(backend.stores.texts.size).toBe(KEPT_FILES);
});

test(`at most ${KEPT_RUNS} runs are kept, the newest`, async () => {
  let clock = 0;
  const backend = memoryBackend();
  const store = new FileStore(backend, { now: () => ++clock });
  for (let k = 0; k < KEPT_RUNS + 5; k++) await store.putRun(`r${k}`, run('a.xyz', 'A', 'fa', k % 5));
  expect(backend.stores.runs.size).toBe(KEPT_RUNS);
  expect(await store.getRun('r4')).toBeUndefined();
  expect((await store.getRun(`r${KEPT_RUNS + 4}`)).file.frame).toBe((KEPT_RUNS + 4) % 5);
});

test('a storage that fails, or none, keeps nothing and throws nothing', async () => {
  const broken = { get: async () => { throw new Error('QuotaExceededError'); }, put: async () => { throw new Error('x'); }, delete: async () => {}, all: async () => [] };
  for (const store of [new FileStore(broken), new FileStore(null)]) {
    expect(await store.putRun('r', run('a.xyz', 'A', 'fa'))).toBe(false);
    expect(await store.getRun('r')).toBeUndefined();
  }
  // a run without a key to its file (a link's file, fetched again from the site) is not kept
  expect(await new FileStore(memoryBackend()).putRun('r', fileState('a.xyz', 'A', { n: 1 }, { state: 'examples/a.xyz' }))).toBe(false);
  // no IndexedDB (Node), or reading it throws (a sandboxed frame)
  expect(idbBackend()).toBeNull();
  const sandboxed = Object.defineProperty({}, 'indexedDB', { get() { throw new Error('SecurityError'); } });
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
  Object.defineProperty(globalThis, 'indexedDB', { configurable: true, get: Object.getOwnPropertyDescriptor(sandboxed, 'indexedDB').get });
  try {
    expect(idbBackend()).toBeNull();
  } finally {
    if (saved) Object.defineProperty(globalThis, 'indexedDB', saved);
    else delete globalThis.indexedDB;
  }
});

test('store keys differ between calls (history entries outlive the page that made them)', () => {
  const ids = new Set(Array.from({ length: 1000 }, newStoreId));
  expect(ids.size).toBe(1000);
});
