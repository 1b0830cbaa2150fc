// Time series for the live plots, bounded in memory (halved when full), with CSV/JSON export.
// No DOM.

export class Series {
  constructor(names, capacity = 4000) {
    this.names = names; // column names; the first is the x column
    this.capacity = capacity;
    this.clear();
  }

  clear() {
    this.columns = this.names.map(() => []);
    this.stride = 1;
    this.skipped = 0;
  }

  get length() { return this.columns[0].length; }

  /** Append one row; keeps every stride-th row once the capacity was reached. */
  push(row) {
    if (this.skipped++ % this.stride !== 0) return;
    row.forEach((v, k) => this.columns[k].push(Number.isFinite(v) ? v : null));
    if (this.length >= this.capacity) {
      this.columns = this.columns.map((c) => c.filter((_, i) => i % 2 === 0));
      this.stride *= 2;
    }
  }

  /** Replace every row (a plot that is recomputed as a whole, not appended to). */
  replace(rows) {
    this.clear();
    for (const row of rows) this.push(row);
  }

  toCSV() {
    const lines = [this.names.map(csvField).join(',')];
    for (let i = 0; i < this.length; i++) lines.push(this.columns.map((c) => (c[i] === null ? '' : String(c[i]))).join(','));
    return lines.join('\n') + '\n';
  }

  toJSON() {
    const o = {};
    this.names.forEach((n, k) => { o[n] = this.columns[k]; });
    return o;
  }
}

function csvField(s) {
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
