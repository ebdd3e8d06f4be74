// The page's Pyodide, started as soon as this module runs — before PyScript has loaded, read its
// config and imported the interpreter, which on two cores delays the 9.6 MB wasm by 100–250 ms.
//
// index.html runs this module first; pyscript.json names it as the "interpreter", so PyScript's
// loadPyodide() receives the instance already on its way (with the kingcore wheel). In a worker (the bots;
// worker.json names this module too) nothing is started early: loadPyodide() boots Pyodide as PyScript asks.
//
// The start-up snapshot (docs/PERF.md §4): a memory snapshot of a Python with kingcore imported, kept in the
// Cache Storage; every start restores it instead of initialising Python (4–7× less time to a ready Python),
// the bots' worker too. A page that finds none (a first visit, an update of Pyodide or the wheel, a damaged
// one dropped) makes it from its own Python as it starts — one Python started from scratch on a first
// visit, not three (page, bots' worker, a snapshot maker): the page's Pyodide boots in Pyodide's snapshot
// mode, imports what the snapshot holds (PREPARE), takes it, and only then is handed to PyScript; the bots'
// worker, started after the table is drawn, restores it. Its key changes with Pyodide's files and
// the wheel (build.py writes it), so an update makes a new one.
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

const PYODIDE = new URL("./pyodide/", import.meta.url).href;
// The standard library with the modules a start imports compiled (sitebuild/stdlib.py): a start without a
// snapshot does not compile them from source (2–2.5× faster on a slow CPU). Every Python of the page must load
// the same one (a restored Python keeps the zip's directory in memory).
const STDLIB = new URL("./pyodide/python_stdlib-compiled.zip", import.meta.url).href;
const WHEEL = new URL("__KINGCORE_WHEEL__", import.meta.url).href; // build.py writes the file name
const SNAPSHOT_KEY = "__SNAPSHOT_KEY__"; // build.py writes a hash of pyodide/ and the wheel
const SNAPSHOT_CACHE = "king-snapshot:" + new URL("./", import.meta.url).pathname;
const SNAPSHOT_URL = new URL(`./snapshot-${SNAPSHOT_KEY}.bin`, import.meta.url).href;
// What a snapshot holds: the wheel unpacked (a restored Python has the modules in memory but not the wheel's
// files, so a module not imported here could not be imported later), all of kingcore and the standard
// modules the page uses. Friends online's modules are not in this wheel: king/netload.py installs their wheel
// in each page on first use.
const PREPARE = `
import importlib, os, pkgutil, site, zipfile
zipfile.ZipFile("/tmp/kingcore.whl").extractall(site.getsitepackages()[0])
os.remove("/tmp/kingcore.whl")
import kingcore
for info in pkgutil.walk_packages(kingcore.__path__, "kingcore."):
    if not info.name.endswith(".__main__"):
        importlib.import_module(info.name)
import asyncio, gettext, json, random, time
`;
const sink = { stdout: null, stderr: null };
const output = {
  stdout: (line) => (sink.stdout ?? console.log)(line),
  stderr: (line) => (sink.stderr ?? console.error)(line),
};
let early = null;
let settleStored;
/** Resolves once this start's snapshot is stored (or was not made): the bots' worker restores it after that
 * (king/worker.py waits for it). */
const stored = new Promise((resolve) => { settleStored = resolve; });

function snapshotMark(state) { // the start: "used" / "none" / "dropped"; then "stored" / "failed" once made
  globalThis.kingSnapshot = state;
  if (typeof document === "undefined") return; // the bots' worker
  document.documentElement.dataset.snapshot = state;
  if (["used", "none", "dropped"].includes(state)) document.documentElement.dataset.snapshotStart = state;
  if (globalThis.kingStats) globalThis.kingStats.snapshot = state;
}

function mark(name) { // timing marks for `python build.py bench-web` (window.kingStats, set by start.js)
  if (globalThis.kingStats) globalThis.kingStats[name] = performance.now();
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
 * there is one; else, on the page, started afresh and the snapshot made from it (:func:`bootAndKeep`); in the
 * bots' worker, started with the wheel. */
async function boot(options) {
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      const pyodide = await load({ ...options, indexURL: PYODIDE, stdLibURL: STDLIB, _loadSnapshot: snapshot });
      pyodide.runPython("import random; random.seed()"); // not the state the snapshot was taken in
      snapshotMark("used");
      settleStored();
      return pyodide;
    } catch (e) {
      console.warn("king: the start-up snapshot did not restore; starting Python afresh", e);
      await caches.delete(SNAPSHOT_CACHE).catch(() => {});
      snapshotMark("dropped");
    }
  } else {
    snapshotMark("none");
  }
  if (typeof document !== "undefined" && globalThis.caches) return bootAndKeep(options);
  settleStored();
  return load({ ...options, indexURL: PYODIDE, stdLibURL: STDLIB, packages: [WHEEL] });
}

/** The page's Python started afresh in Pyodide's snapshot mode, :data:`PREPARE` run, the snapshot taken and
 * stored (in the background); the same Python, back in the normal mode, goes on as the page's. */
async function bootAndKeep(options) {
  const wheel = fetch(WHEEL).then((response) => {
    if (!response.ok) throw new Error(`${WHEEL}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const pyodide = await load({ ...options, indexURL: PYODIDE, stdLibURL: STDLIB, _makeSnapshot: true });
  pyodide.FS.writeFile("/tmp/kingcore.whl", new Uint8Array(await wheel));
  pyodide.runPython(PREPARE);
  mark("preparedMs");
  let snapshot = null;
  try {
    snapshot = pyodide.makeMemorySnapshot();
  } catch (e) {
    console.warn("king: no start-up snapshot:", e);
  }
  // The snapshot mode reaches JavaScript's globals through a recording proxy, which DOM calls refuse as an
  // argument: from now on this Python's `js` is the globals themselves (nothing has imported `js` yet).
  pyodide._api.config.jsglobals = globalThis;
  pyodide.registerJsModule("js", globalThis);
  pyodide.runPython("import sys; sys.modules.pop('js', None)");
  mark("snapshotMs");
  keep(snapshot);
  return pyodide;
}

/** Store ``snapshot`` (bytes, or null when it could not be taken) under this version's key. */
async function keep(snapshot) {
  try {
    if (!snapshot) throw new Error("not taken");
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const old of await cache.keys()) await cache.delete(old); // an earlier version's snapshot
    await cache.put(SNAPSHOT_URL, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
    snapshotMark("stored");
  } catch (e) {
    console.warn("king: the start-up snapshot was not stored:", e);
    snapshotMark("failed");
  }
  settleStored();
}

/** Start Pyodide (once) with the kingcore wheel — on the game's page once index.html's service worker
 * controls it (window.kingControlled), so that every download is stored on its way — the promise PyScript
 * will get. */
export function start() {
  early ??= Promise.resolve(globalThis.kingControlled).then(() => boot(output))
    .then((pyodide) => { mark("pyodideMs"); return pyodide; });
  return early;
}

/** The bots' worker's Python given its PyScript config as the config itself: PyScript hands a worker's
 * `polyscript` module the config's address ("./worker.json"), which its `pyscript.config` reads as no config at
 * all — so on every load it warned "Unable to use `window` or `document` in worker", which the config's
 * `sync_main_only` (the bots use neither) is there to turn off. Here a module named "polyscript" whose config is
 * an address gets that file's JSON instead (read before Python runs a line of PyScript's). */
async function withWorkerConfig(pyodide) {
  const address = "./worker.json", register = pyodide.registerJsModule.bind(pyodide);
  let config = null;
  try {
    config = await (await fetch(new URL(address, import.meta.url))).json();
  } catch (e) {
    console.warn(`king: ${address} could not be read`, e);
  }
  pyodide.registerJsModule = (name, module) => {
    if (name === "polyscript" && config && module && module.config === address) {
      module.config = config; // (in place: the module's other members include getters)
    }
    return register(name, module);
  };
  return pyodide;
}

/** What PyScript calls: the early instance on the page (its stdout/stderr from now on); in the bots'
 * worker a new one (from the snapshot too, when the page has stored one). */
export function loadPyodide(options = {}) {
  if (!early) return boot(options).then(withWorkerConfig);
  mark("pyscriptAskedMs");
  sink.stdout = options.stdout ?? null;
  sink.stderr = options.stderr ?? null;
  return early;
}

if (typeof document !== "undefined") {
  globalThis.kingSnapshotStored = stored;
  start();
}
