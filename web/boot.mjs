// The page's Pyodide, started as soon as this module runs — before PyScript has loaded, read its
// config and imported the interpreter, which on two cores delays the 9.6 MB wasm by 100–250 ms.
//
// index.html runs this module first; pyscript.json names it as the "interpreter", so PyScript's
// loadPyodide() receives the instance already on its way (with the kingcore wheel loaded by Pyodide
// itself). In a worker (the bots; worker.json names this module too) nothing is started early:
// loadPyodide() boots Pyodide as PyScript asks, from ./pyodide/, with the wheel.
//
// The start-up snapshot (docs/PERF.md §4): once the site is stored for offline play, a module worker
// (snapshot.mjs) makes a memory snapshot of a Python with kingcore imported and keeps it in the Cache
// Storage; every later start restores it instead of initialising Python (the main thread's largest cost:
// 4–7× less time to a ready Python). A snapshot that fails to restore is dropped and Python starts afresh.
// Its key changes with Pyodide's files and the wheel (build.py writes it), so an update makes a new one.
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

const PYODIDE = new URL("./pyodide/", import.meta.url).href;
// The standard library with the modules a start imports compiled (sitebuild/stdlib.py): a start without a
// snapshot does not compile them from source (2–2.5× faster on a slow CPU). The page, the bots' worker and the
// snapshot's maker must load the same one (a restored Python keeps the zip's directory in memory).
const STDLIB = new URL("./pyodide/python_stdlib-compiled.zip", import.meta.url).href;
const WHEEL = new URL("__KINGCORE_WHEEL__", import.meta.url).href; // build.py writes the file name
const SNAPSHOT_KEY = "__SNAPSHOT_KEY__"; // build.py writes a hash of pyodide/ and the wheel
const SNAPSHOT_CACHE = "king-snapshot:" + new URL("./", import.meta.url).pathname;
const SNAPSHOT_URL = new URL(`./snapshot-${SNAPSHOT_KEY}.bin`, import.meta.url).href;
const sink = { stdout: null, stderr: null };
const output = {
  stdout: (line) => (sink.stdout ?? console.log)(line),
  stderr: (line) => (sink.stderr ?? console.error)(line),
};
let early = null;

function snapshotMark(state) { // "used" / "none" / "dropped" at start, "stored" / "failed" once made
  globalThis.kingSnapshot = state;
  if (typeof document === "undefined") return; // the bots' worker
  document.documentElement.dataset.snapshot = state;
  if (globalThis.kingStats) globalThis.kingStats.snapshot = state;
}

async function storedSnapshot() {
  try {
    const hit = globalThis.caches && await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_URL);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here (file://, a private mode): start afresh
  }
}

/** Python with kingcore (``options``: PyScript's, or the page's output): restored from the snapshot when
 * there is one, else started with the wheel. */
async function boot(options) {
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      const pyodide = await load({ ...options, indexURL: PYODIDE, stdLibURL: STDLIB, _loadSnapshot: snapshot });
      pyodide.runPython("import random; random.seed()"); // not the state the snapshot was taken in
      snapshotMark("used");
      return pyodide;
    } catch (e) {
      console.warn("king: the start-up snapshot did not restore; starting Python afresh", e);
      await caches.delete(SNAPSHOT_CACHE).catch(() => {});
      snapshotMark("dropped");
    }
  } else {
    snapshotMark("none");
  }
  return load({ ...options, indexURL: PYODIDE, stdLibURL: STDLIB, packages: [WHEEL] });
}

/** Make and store the snapshot (once per version), in a worker: the page is not slowed. */
async function keepSnapshot() {
  if (!globalThis.caches || await storedSnapshot()) return;
  const worker = new Worker(new URL("./snapshot.mjs", import.meta.url), { type: "module" });
  const result = await new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve({ ok: false, error: event.message });
    worker.postMessage({ indexURL: PYODIDE, stdLibURL: STDLIB, wheel: WHEEL, cache: SNAPSHOT_CACHE, url: SNAPSHOT_URL });
  });
  worker.terminate();
  if (!result.ok) console.warn("king: no start-up snapshot:", result.error);
  snapshotMark(result.ok ? "stored" : "failed");
}

function mark(name) { // timing marks for `python build.py bench-web` (window.kingStats, set by index.html)
  if (globalThis.kingStats) globalThis.kingStats[name] = performance.now();
}

/** Start Pyodide (once) with the kingcore wheel — on the game's page once index.html's service worker
 * controls it (window.kingControlled), so that every download is stored on its way — the promise PyScript
 * will get. */
export function start() {
  early ??= Promise.resolve(globalThis.kingControlled).then(() => boot(output))
    .then((pyodide) => { mark("pyodideMs"); return pyodide; });
  return early;
}

/** What PyScript calls: the early instance on the page (its stdout/stderr from now on); in the bots'
 * worker a new one (from the snapshot too, when the page has stored one). */
export function loadPyodide(options = {}) {
  if (!early) return boot(options);
  mark("pyscriptAskedMs");
  sink.stdout = options.stdout ?? null;
  sink.stderr = options.stderr ?? null;
  return early;
}

/** The bots' worker with the page (issue 20), where the device has cores to spare (EARLY_BOTS_CORES):
 * then a first visit's bots answer as soon as their Python is up rather than after the table's — on two
 * cores starting both at once made the table 15–40 % later, so below that worker.py starts it after the
 * first render, as before. Once the service worker controls the page (its downloads are stored once). */
const EARLY_BOTS_CORES = 4;
function startBotsEarly() {
  const template = document.getElementById("bots-worker");
  if ((navigator.hardwareConcurrency || 0) < EARLY_BOTS_CORES || !template) return;
  if (document.querySelector('script[type="py"][worker][name="bots"]')) return;
  const fragment = template.content.cloneNode(true);
  window.kingAllowPython?.(fragment.querySelector("script")); // the page's own worker (start.js refuses others)
  document.body.appendChild(fragment); // worker.py's Bots.start() takes it over
  mark("botsStartedMs");
  document.body.dataset.botsStart = "page";
}

if (typeof document !== "undefined") {
  start();
  Promise.resolve(globalThis.kingControlled).then(startBotsEarly);
  // The snapshot is made when the site is stored for offline play (start.js's "king-offline-ready"),
  // after the game is playable, when the browser is idle.
  const idle = globalThis.requestIdleCallback ?? ((fn) => setTimeout(fn, 1000));
  addEventListener("king-offline-ready", () => idle(() => keepSnapshot()), { once: true });
}
