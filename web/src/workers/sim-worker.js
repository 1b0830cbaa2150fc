// A pane's simulation thread. Protocol (all messages carry the pane's request id):
//   in:  { type: 'init', id, spec }           -> out: { type: 'frame', id, frame } or { type: 'error', id, message }
//        { type: 'advance', id, t, maxEvents } -> out: { type: 'frame', id, frame, stop }
//        { type: 'xyz', id }                   -> out: { type: 'xyz', id, text } (the state as a file; null: a ball array)
//        { type: 'probe', id, text, frame, name } -> out: { type: 'probe', id, info } (a state file's frame, checked; see probeStateFile)
//        { type: 'crash', id }                 -> throws inside the worker (robustness test hook)
// Positions and flags travel as transferred copies (no SharedArrayBuffer: static hosts and
// iframes cannot send the headers it needs).
import { loadEdpd } from '../edpd.js';
import { paneEngine, probeStateFile } from './pane-engine.js';
import wasmUrl from '../../wasm/edpd.wasm?url';

let engine = null;
const queue = [];
let api = null;

// Registered before any await, so no message is lost while the module loads.
self.onmessage = (e) => {
  queue.push(e.data);
  if (api) drain();
};

loadEdpd({ locateFile: () => wasmUrl }).then((a) => { api = a; drain(); }, (err) => {
  self.postMessage({ type: 'error', id: -1, message: `WebAssembly failed to load: ${err?.message ?? err}` });
});

function send(id, stop, withShape = false) {
  const frame = engine.frame();
  if (withShape) frame.shape = engine.shape();
  const transfer = [frame.positions.buffer, frame.flags.buffer];
  if (frame.gaps) transfer.push(frame.gaps.buffer);
  self.postMessage({ type: 'frame', id, frame, stop }, transfer);
}

function drain() {
  while (queue.length) {
    const msg = queue.shift();
    try {
      handle(msg);
    } catch (err) {
      self.postMessage({ type: 'error', id: msg.id, message: err?.message ?? String(err) });
    }
  }
}

function handle(msg) {
  switch (msg.type) {
    case 'init':
      if (engine) engine.destroy();
      engine = null;
      engine = paneEngine(api, msg.spec);
      send(msg.id, 'time', true);
      break;
    case 'advance': {
      if (!engine) throw new Error('simulation: not initialised');
      const stop = engine.advanceTo(msg.t, msg.maxEvents);
      send(msg.id, stop);
      break;
    }
    case 'xyz':
      if (!engine) throw new Error('simulation: not initialised');
      self.postMessage({ type: 'xyz', id: msg.id, text: engine.xyz() });
      break;
    case 'probe':
      self.postMessage({ type: 'probe', id: msg.id, info: probeStateFile(api, msg.text, msg.frame, msg.name) });
      break;
    case 'crash':
      setTimeout(() => { throw new Error('deliberate crash (test hook)'); });
      break;
    default:
      throw new Error(`unknown message ${String(msg.type).slice(0, 40)}`);
  }
}
