// The start-up snapshot's maker, a module worker started by boot.mjs once the site is stored for offline
// play: a Pyodide of its own boots with `_makeSnapshot`, unpacks the kingcore wheel, imports every module
// the page runs, and stores its memory (≈ 31 MB) in the Cache Storage. The page's next start restores it
// instead of initialising Python and importing kingcore again (docs/PERF.md §4: 4–7× less time to a
// ready Python, on the main thread, where a phone-class CPU pays most).
//
// Message in: { indexURL, stdLibURL, wheel, cache, url } (absolute URLs; `cache` the Cache Storage name, `url` the
// snapshot's key in it). Message out: { ok: true, bytes } or { ok: false, error }.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// What the page imports: all of kingcore (the wheel's files are not in the restored file system, so a
// module not imported here could not be imported later), and the standard modules web/ uses. Friends
// online's modules are not in this wheel: king/netload.py installs their wheel in each page on first use.
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

onmessage = async ({ data }) => {
  try {
    const quiet = () => {};
    const pyodide = await loadPyodide({ indexURL: data.indexURL, stdLibURL: data.stdLibURL, _makeSnapshot: true, stdout: quiet, stderr: quiet });
    const wheel = new Uint8Array(await (await fetch(data.wheel)).arrayBuffer());
    pyodide.FS.writeFile("/tmp/kingcore.whl", wheel);
    pyodide.runPython(PREPARE);
    const snapshot = pyodide.makeMemorySnapshot();
    const cache = await caches.open(data.cache);
    for (const old of await cache.keys()) await cache.delete(old); // an earlier version's snapshot
    await cache.put(data.url, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
    postMessage({ ok: true, bytes: snapshot.length });
  } catch (e) {
    postMessage({ ok: false, error: String(e) });
  }
};
