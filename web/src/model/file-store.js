// Runs from files opened on the computer, kept in this browser (IndexedDB) so that a reload, or
// Back and Forward into a page loaded before, returns to them: a link cannot carry such a file, and
// the history entry alone keeps only a key (StateFiles.remember). The texts of the last KEPT_FILES
// files used are kept, each once however many runs (frames, variants) use it; older ones are
// dropped with their runs. Nothing leaves the computer. No DOM: the storage is given (idbBackend below in
// the browser, memoryBackend in tests), and every failure of it (private windows, a full disk, no
// IndexedDB) only means that nothing is kept: the app runs as before.

export const KEPT_FILES = 4;
export const KEPT_RUNS = 64;  // history entries' runs: small records, pruned oldest first

/** A key no other page load makes (history entries outlive the page). */
export function newStoreId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export class FileStore {
  /** backend: { get(store, key), put(store, record), delete(store, key), all(store) }, async;
   * records carry their key as `id`. Three stores: 'texts' (id, text: read only when a run is
   * restored), 'files' (id, name, used: what pruning reads) and 'runs'. now: a clock for "last
   * used" (tests pass their own). */
  constructor(backend, { now = () => Date.now() } = {}) {
    this.backend = backend;
    this.now = now;
  }

  /** Keep the run of a history entry: its state without the text, which is kept under the file's
   * storeId. Resolves to false (never rejects) if the storage refused. */
  async putRun(runId, state) {
    const file = state?.file;
    if (!this.backend || !file?.storeId || typeof file.text !== 'string') return false;
    try {
      const { text, ...read } = file;
      const at = this.now();
      if (!(await this.backend.get('files', file.storeId))) await this.backend.put('texts', { id: file.storeId, text });
      await this.backend.put('files', { id: file.storeId, name: file.name, used: at });
      await this.backend.put('runs', { id: String(runId), at, state: { ...state, file: read } });
      await this.prune();
      return true;
    } catch {
      return false;
    }
  }

  /** The run kept for a history entry, with its file's text, or undefined (never kept, dropped
   * since, or the storage failed). Marks the file as used. */
  async getRun(runId) {
    if (!this.backend || runId === undefined || runId === null) return undefined;
    try {
      const run = await this.backend.get('runs', String(runId));
      const meta = run && await this.backend.get('files', run.state.file.storeId);
      const kept = meta && await this.backend.get('texts', meta.id);
      if (!kept) return undefined;
      await this.backend.put('files', { ...meta, used: this.now() });
      return { ...run.state, file: { ...run.state.file, text: kept.text } };
    } catch {
      return undefined;
    }
  }

  /** The last KEPT_FILES texts by use and the last KEPT_RUNS runs by time; runs of dropped texts go. */
  async prune() {
    const files = (await this.backend.all('files')).sort((a, b) => b.used - a.used);
    for (const f of files.slice(KEPT_FILES)) {
      await this.backend.delete('texts', f.id);
      await this.backend.delete('files', f.id);
    }
    const live = new Set(files.slice(0, KEPT_FILES).map((f) => f.id));
    const runs = (await this.backend.all('runs')).sort((a, b) => b.at - a.at);
    for (const [k, r] of runs.entries())
      if (k >= KEPT_RUNS || !live.has(r.state.file.storeId)) await this.backend.delete('runs', r.id);
  }
}

/** A backend in memory (tests; and what a page without IndexedDB would have had anyway). */
export function memoryBackend() {
  const stores = { texts: new Map(), files: new Map(), runs: new Map() };
  return {
    stores,
    get: async (s, key) => stores[s].get(key),
    put: async (s, record) => { stores[s].set(record.id, record); },
    delete: async (s, key) => { stores[s].delete(key); },
    all: async (s) => [...stores[s].values()],
  };
}

/** The browser's IndexedDB as a backend, or null where there is none. */
export function idbBackend(idb = undefined, name = 'edpd-files') {
  try {
    idb ??= globalThis.indexedDB;  // a sandboxed frame (an embed) throws on reading it
  } catch {
    return null;
  }
  if (!idb) return null;
  let db = null;
  const opened = () => db ?? (db = new Promise((resolve, reject) => {
    const req = idb.open(name, 1);
    req.onupgradeneeded = () => {
      for (const s of ['texts', 'files', 'runs']) req.result.createObjectStore(s, { keyPath: 'id' });
    };
    req.onsuccess = () => {
      // another tab deleting or upgrading the database: let it, and open again on the next call
      req.result.onversionchange = () => { req.result.close(); db = null; };
      resolve(req.result);
    };
    req.onerror = () => { db = null; reject(req.error); };
    req.onblocked = () => { db = null; reject(new Error('storage blocked')); };
  }));
  const call = async (s, mode, act) => {
    const d = await opened();
    return new Promise((resolve, reject) => {
      const tx = d.transaction(s, mode);
      const req = act(tx.objectStore(s));
      let result;
      req.onsuccess = () => { result = req.result; };
      tx.oncomplete = () => resolve(result);
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('storage failed'));
    });
  };
  return {
    get: (s, key) => call(s, 'readonly', (st) => st.get(key)),
    put: (s, record) => call(s, 'readwrite', (st) => st.put(record)),
    delete: (s, key) => call(s, 'readwrite', (st) => st.delete(key)),
    all: (s) => call(s, 'readonly', (st) => st.getAll()),
  };
}
