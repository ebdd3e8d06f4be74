#!/usr/bin/env node
// Run the kingcore CLI inside the vendored Pyodide under Node, offline (no micropip, no network).
//
//   node tools/pyodide_run.mjs [--pyodide DIR] [--wheel FILE.whl] [--code PYTHON] [--] [ARGS...]
//
// Runs `from kingcore.__main__ import main; main(ARGS)` (ARGS default: bench) and exits with main's
// return value (None -> 0; SystemExit is honoured).  --code runs that Python instead of main().
// stdout is kingcore's own output, unchanged; the runner's lines (Python version, timings) go to stderr.
// Defaults: DIR = dist/site/pyodide (else .cache/vendor/pyodide-*), FILE = the one dist/site/wheels/kingcore-*.whl.
// `python build.py pyodide-bench [-- ARGS]` builds the site first and passes both paths explicitly.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function fail(msg, code = 2) {
  process.stderr.write(`pyodide_run: error: ${msg}\n`);
  process.exit(code);
}

let opts;
try {
  opts = parseArgs({
    options: {
      pyodide: { type: "string" },
      wheel: { type: "string" },
      code: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
} catch (err) {
  fail(err.message);
}
if (opts.values.help) {
  const lines = readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").slice(1);
  process.stdout.write(lines.slice(0, lines.findIndex((l) => !l.startsWith("//"))).map((l) => l.replace(/^\/\/ ?/, "")).join("\n") + "\n");
  process.exit(0);
}
const args = opts.positionals.length ? opts.positionals : ["bench"];

function findPyodideDir() {
  const candidates = [join(ROOT, "dist", "site", "pyodide")];
  const vendor = join(ROOT, ".cache", "vendor");
  if (existsSync(vendor)) {
    for (const d of readdirSync(vendor).sort().reverse()) if (d.startsWith("pyodide-")) candidates.push(join(vendor, d));
  }
  return candidates.find((d) => existsSync(join(d, "pyodide.mjs")));
}

function findWheel() {
  const dir = join(ROOT, "dist", "site", "wheels");
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => /^kingcore-.*\.whl$/.test(f)) : [];
  if (found.length !== 1) fail(`expected one kingcore-*.whl in ${dir} (found ${found.length}); run python build.py`);
  return join(dir, found[0]);
}

const pyodideDir = resolve(opts.values.pyodide ?? findPyodideDir() ?? fail("no vendored Pyodide found; run python build.py"));
const wheelPath = resolve(opts.values.wheel ?? findWheel());
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) fail(`${pyodideDir} has no pyodide.mjs`);
if (!existsSync(wheelPath)) fail(`${wheelPath} not found`);

const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
let pyodide;
try {
  pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
} catch (err) {
  fail(`loading Pyodide from ${pyodideDir} failed: ${err.message}`, 1);
}
// Raw byte streams: kingcore's output reaches our stdout exactly as printed (no per-line re-wrapping).
// Buffer.from copies: buf may view Pyodide's memory, and a write to a pipe completes later.
pyodide.setStdout({ write: (buf) => { process.stdout.write(Buffer.from(buf)); return buf.length; } });
pyodide.setStderr({ write: (buf) => { process.stderr.write(Buffer.from(buf)); return buf.length; } });

// Install the wheel offline: unpack it straight into site-packages (a pure-Python wheel needs nothing more).
try {
  const bytes = readFileSync(wheelPath);
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), "wheel",
    { extractDir: sitePackages });
} catch (err) {
  fail(`unpacking ${wheelPath} failed: ${err.message}`, 1);
}
const tLoad = performance.now();
process.stderr.write(`# pyodide ${pyodide.version} from ${pyodideDir}: loaded + wheel unpacked in ${((tLoad - t0) / 1000).toFixed(2)} s\n`);

// One JSON string in: a JS null would arrive as Pyodide's jsnull, not None.
const job = JSON.stringify({ args, code: opts.values.code ?? null, wheel: basename(wheelPath) });
const ns = pyodide.toPy({ JOB_JSON: job });
let code;
try {
  code = pyodide.runPython(
  String.raw`
import importlib, json, sys, time
importlib.invalidate_caches()
job = json.loads(JOB_JSON)
CODE, args = job["code"], job["args"]
print(f"# Pyodide Python {sys.version} ({sys.platform}); wheel {job['wheel']}", file=sys.stderr, flush=True)

def _exit_code(value):
    if value is None or value is True:
        return 0
    if value is False:
        return 1
    if isinstance(value, int):
        return value
    print(value, file=sys.stderr)
    return 1

t0 = time.perf_counter()
try:
    if CODE is not None:
        sys.argv = ["-c", *args]
        exec(compile(CODE, "<--code>", "exec"), {"__name__": "__main__"})
        rc = 0
    else:
        try:
            from kingcore.__main__ import main
        except ModuleNotFoundError as e:
            if e.name != "kingcore.__main__":
                raise
            import kingcore
            print(f"pyodide_run: kingcore {getattr(kingcore, '__version__', '?')} imports, but has no "
                  "kingcore.__main__ (no CLI yet); nothing to run", file=sys.stderr)
            rc = 3
        else:
            sys.argv = ["kingcore", *args]
            rc = _exit_code(main(args))
except SystemExit as e:
    rc = _exit_code(e.code)
except BaseException:
    import traceback
    traceback.print_exc()
    rc = 1
finally:
    sys.stdout.flush()
    sys.stderr.flush()
print(f"# ran {'--code' if CODE is not None else 'kingcore ' + ' '.join(args)} in {time.perf_counter() - t0:.3f} s "
      f"(exit {rc})", file=sys.stderr)
rc
`,
    { globals: ns },
  );
} catch (err) {
  // Only the message (a Python traceback): a stack would print minified pyodide.asm.mjs source lines.
  fail(`the runner itself failed: ${err.message}`, 1);
}
process.exitCode = Number(code) & 0xff;
