// A diagnostic for `python build.py bench-web` (bench-stages.html): the game's Python start in steps —
// Pyodide's loader imported, the interpreter up (wasm compiled and instantiated, Python initialised), the
// kingcore wheel installed, kingcore imported — on the page's main thread or, as a module worker, in a
// worker. Times are absolute (timeOrigin + now), so the page can put a worker's on its own timeline.
const now = () => performance.timeOrigin + performance.now();

export async function stages() {
  const t = { start: now() };
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  t.loader = now();
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href,
                                     stdLibURL: new URL("./pyodide/python_stdlib-compiled.zip", import.meta.url).href });
  t.python = now();
  await pyodide.loadPackage(new URL("__KINGCORE_WHEEL__", import.meta.url).href); // build.py writes the name
  t.wheel = now();
  pyodide.runPython("import kingcore");
  t.kingcore = now();
  return t;
}

if (typeof document === "undefined") postMessage(await stages());
