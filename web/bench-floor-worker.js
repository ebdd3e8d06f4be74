// The benchmark floor's worker: boot the vendored Pyodide and run one line of Python. Its standard library is
// Pyodide's own, untouched (the bare start the page is measured against); with ?stdlib=compiled in the
// page's address, the site's (sitebuild/stdlib.py: the start's modules compiled), a diagnostic.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const compiled = new URL(import.meta.url).searchParams.get("stdlib") === "compiled";
const pyodide = await loadPyodide(compiled ? { stdLibURL: new URL("./pyodide/python_stdlib-compiled.zip", import.meta.url).href } : {});
postMessage(`Python ${pyodide.runPython("import sys; sys.version.split()[0]")} ready`);
