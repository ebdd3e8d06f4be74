// The page's Pyodide, started as soon as this module runs — before PyScript has loaded, read its
// config and imported the interpreter, which on two cores delays the 9.6 MB wasm by 100–250 ms.
//
// index.html runs this module first; pyscript.json names it as the "interpreter", so PyScript's
// loadPyodide() receives the instance already on its way (with the kingcore wheel loaded by Pyodide
// itself). In a worker (the bots) nothing is started early: loadPyodide() boots Pyodide as PyScript
// asks, from ./pyodide/ (the worker installs the wheel with micropip, from worker.json).
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

const PYODIDE = new URL("./pyodide/", import.meta.url).href;
const WHEEL = new URL("__KINGCORE_WHEEL__", import.meta.url).href; // build.py writes the file name
const sink = { stdout: null, stderr: null };
let early = null;

function mark(name) { // timing marks for `python build.py bench-web` (window.kingStats, set by index.html)
  if (globalThis.kingStats) globalThis.kingStats[name] = performance.now();
}

/** Start Pyodide (once) with the kingcore wheel — on the game's page once index.html's service worker
 * controls it (window.kingControlled), so that every download is stored on its way — the promise PyScript
 * will get. */
export function start() {
  early ??= Promise.resolve(globalThis.kingControlled).then(() => load({
    indexURL: PYODIDE,
    packages: [WHEEL],
    stdout: (line) => (sink.stdout ?? console.log)(line),
    stderr: (line) => (sink.stderr ?? console.error)(line),
  })).then((pyodide) => { mark("pyodideMs"); return pyodide; });
  return early;
}

/** What PyScript calls: the early instance on the page (its stdout/stderr from now on), else a new one. */
export function loadPyodide(options = {}) {
  if (!early) return load({ ...options, indexURL: PYODIDE });
  mark("pyscriptAskedMs");
  sink.stdout = options.stdout ?? null;
  sink.stderr = options.stderr ?? null;
  return early;
}

if (typeof document !== "undefined") start();
