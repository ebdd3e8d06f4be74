// The benchmark floor's worker: boot the vendored Pyodide and run one line of Python.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const pyodide = await loadPyodide();
postMessage(`Python ${pyodide.runPython("import sys; sys.version.split()[0]")} ready`);
