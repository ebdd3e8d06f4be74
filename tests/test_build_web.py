"""The build package (sitebuild/) and its helpers: the test requirements come from pyproject.toml,
percentiles are nearest-rank, the service worker is a real template with every file in one cache group,
gettext catalogs are compiled, and two builds give the same tree."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sitebuild import catalogs, serviceworker, site, testrun
from sitebuild.common import BuildError
from sitebuild.site import disk_tree_hash
from tools import bench_web

ROOT = Path(__file__).parent.parent


def test_test_requirements_come_from_pyproject() -> None:
    reqs = testrun.optional_dependencies()
    names = [r.split(">")[0].split("=")[0].split("<")[0] for r in reqs]
    for name in ("pytest", "hypothesis", "mypy", "ruff", "playwright", "pytest-playwright"):
        assert name in names


def test_percentile_is_nearest_rank() -> None:
    xs = [float(x) for x in range(1, 101)]
    p = bench_web.percentile
    assert (p(xs, 50), p(xs, 95), p(xs, 100)) == (50.0, 95.0, 100.0)
    assert p([3.0, 1.0, 2.0], 50) == 2.0 and p([7.0], 95) == 7.0


def sw_groups(sw: str) -> dict[str, list[str]]:
    """The service worker's precached groups."""
    return dict(json.loads(sw.split("const GROUPS = ", 1)[1].split(";\n", 1)[0]))


def archive_names(files: dict[str, bytes]) -> list[str]:
    """The names in the site's page archive (``king/page.zip``)."""
    with zipfile.ZipFile(io.BytesIO(files["king/page.zip"])) as z:
        return sorted(z.namelist())


def sw_on_use(sw: str) -> dict[str, list[str]]:
    """The service worker's group stored on use (not precached)."""
    return dict(json.loads(sw.split("const ON_USE = ", 1)[1].split(";\n", 1)[0]))


def test_service_worker_lists_every_file_once_in_its_group() -> None:
    files = {"index.html": b"<html></html>", "main.py": b"", "pyodide/pyodide.mjs": b"x", "bench-floor.html": b"",
             "king/store.py": b"", "king/app.py": b"", "king/app.pyc": b"", "pyodide/python_stdlib.zip": b"",
             "pyscript/core-C9KDLldu.js": b'import{a}from"./error-D2315lOB.js";import("./xterm-Bdboj2r8.js")',
             "pyscript/error-D2315lOB.js": b"", "pyscript/xterm-Bdboj2r8.js": b"", ".nojekyll": b"", "sw.js": b"old"}
    sw = serviceworker.service_worker(files).decode()
    assert serviceworker.GROUPS_MARK not in sw and serviceworker.ON_USE_MARK not in sw
    groups = sw_groups(sw)
    runtime = next(urls for name, urls in groups.items() if name.startswith("runtime-"))
    app = next(urls for name, urls in groups.items() if name.startswith("app-"))
    assert runtime == ["./pyodide/pyodide.mjs", "./pyscript/core-C9KDLldu.js", "./pyscript/error-D2315lOB.js"]
    assert app == ["./", "./index.html", "./king/app.pyc", "./king/store.py", "./main.py"]
    (name, on_use), = sw_on_use(sw).items()  # stored when first fetched: never run by the game, or only online
    assert name.startswith("onuse-") and on_use == ["./bench-floor.html", "./king/app.py",
                                                    "./pyodide/python_stdlib.zip", "./pyscript/xterm-Bdboj2r8.js"]
    changed = sw_groups(serviceworker.service_worker({**files, "main.py": b"# new"}).decode())
    assert [n for n in changed if n.startswith("runtime-")] == [n for n in groups if n.startswith("runtime-")]
    assert [n for n in changed if n.startswith("app-")] != [n for n in groups if n.startswith("app-")]
    files["pyscript/core-C9KDLldu.js"] = b'import{a}from"./xterm-Bdboj2r8.js"'  # a start's chunk needs it
    with pytest.raises(BuildError, match=r"xterm-Bdboj2r8\.js is left out of the precache"):
        serviceworker.service_worker(files)


PO = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: ru\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

msgid "trick"
msgid_plural "tricks"
msgstr[0] "взятка"
msgstr[1] "взятки"
msgstr[2] "взяток"
'''


def test_catalogs_compile_to_mo_with_plural_forms() -> None:
    pytest.importorskip("babel")
    import gettext
    import io

    files = {"king/locale/ru/LC_MESSAGES/king.po": PO.encode(), "index.html": b""}
    assert catalogs.compile_catalogs(files) == ["king/locale/ru/LC_MESSAGES/king.mo"]
    assert sorted(files) == ["index.html", "king/locale/ru/LC_MESSAGES/king.mo"]
    t = gettext.GNUTranslations(io.BytesIO(files["king/locale/ru/LC_MESSAGES/king.mo"]))
    assert [t.ngettext("trick", "tricks", n) for n in (1, 2, 5, 21)] == ["взятка", "взятки", "взяток", "взятка"]
    again = {"king/locale/ru/LC_MESSAGES/king.po": PO.encode()}
    catalogs.compile_catalogs(again)
    assert again["king/locale/ru/LC_MESSAGES/king.mo"] == files["king/locale/ru/LC_MESSAGES/king.mo"]
    with pytest.raises(BuildError, match="unreadable catalog"):
        catalogs.compile_catalogs({"bad.po": b'msgid "a"\n'})  # no msgstr


def test_a_compiled_catalog_does_not_carry_the_build_clock() -> None:
    """Our .po files have no POT-Creation-Date: Babel used the clock for it, so two builds a minute apart
    (a cold wheel cache takes ~40 s) wrote different .mo files and a different site."""
    pytest.importorskip("babel")
    import datetime
    import gettext
    import io

    files = {"ru.po": PO.encode()}
    catalogs.compile_catalogs(files)
    info = gettext.GNUTranslations(io.BytesIO(files["ru.mo"])).info()
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    assert today not in info.get("pot-creation-date", ""), info
    assert info.get("pot-creation-date", "").startswith("1970-01-01"), info


def tree_line(out: str) -> str:
    return out.split("tree sha256 ", 1)[1].split(";", 1)[0]


def test_two_builds_give_the_same_tree(tmp_path: Path) -> None:
    """Two builds from the same sources write the same files (the printed tree hash covers every byte).
    A new build goes into a folder of its own (``build --out``), so dist/site, which browser tests running
    beside this one serve, is never replaced under them. When dist/site is current with the sources (the build
    ``python build.py test`` made before pytest: :func:`sitebuild.site.needs_build` false, before and after),
    it is the other build — made by another process, earlier — and only one build runs here; else two do."""
    current = not site.needs_build()
    outs = [tmp_path / "a" / "site"] + ([] if current else [tmp_path / "b" / "site"])
    runs = [subprocess.run([sys.executable, "build.py", "build", "--out", str(out)], cwd=ROOT,
                           capture_output=True, text=True, timeout=900) for out in outs]
    for r in runs:
        assert r.returncode == 0, r.stdout + r.stderr
    if current and site.needs_build():  # a source changed during the build: dist/site is not its twin
        outs.append(tmp_path / "b" / "site")
        runs.append(subprocess.run([sys.executable, "build.py", "build", "--out", str(outs[1])], cwd=ROOT,
                                   capture_output=True, text=True, timeout=900))
        assert runs[1].returncode == 0, runs[1].stdout + runs[1].stderr
    other = outs[1] if len(outs) == 2 else site.SITE
    assert disk_tree_hash(outs[0]) == disk_tree_hash(other)
    assert disk_tree_hash(outs[0]).startswith(tree_line(runs[0].stdout))
    if len(runs) == 2:
        assert tree_line(runs[0].stdout) == tree_line(runs[1].stdout)
    assert (outs[0] / "index.html").is_file() and not (tmp_path / "a" / ".site-old").exists()
    check_net_wheel(outs[0])
    check_page_pycs(outs[0])
    check_pyscript_pycs(outs[0])
    check_room_library(outs[0])
    check_stdlib(outs[0])


def check_room_library(out: Path) -> None:
    """The rooms' library (issue 28: trystero's Nostr strategy, vendored under trystero/) is in the site whole —
    every import of its modules a file of the site, each package's licence beside it, no source map named —
    stored by the service worker when a room first loads it (a room needs the network), named by web/peer.js's
    one dynamic import and by nothing a plain start loads."""
    from sitebuild.vendor import unshipped_imports

    lib = {p.relative_to(out).as_posix(): p.read_bytes() for p in (out / "trystero").rglob("*") if p.is_file()}
    assert {"trystero/nostr/index.mjs", "trystero/core/index.mjs", "trystero/noble-secp256k1/index.js"} <= set(lib)
    assert {rel for rel in lib if rel.endswith("/LICENSE")} == {
        "trystero/core/LICENSE", "trystero/nostr/LICENSE", "trystero/noble-secp256k1/LICENSE"}
    assert unshipped_imports(lib) == []
    assert not any(b"sourceMappingURL" in data for data in lib.values())
    (on_use,) = sw_on_use((out / "sw.js").read_text(encoding="utf-8")).values()
    assert {f"./{rel}" for rel in lib} <= set(on_use)
    peer = (out / "peer.js").read_text(encoding="utf-8")
    assert re.findall(r'var ROOMS_JS = "\./([^"]+)"', peer) == ["trystero/nostr/index.mjs"]
    for rel in ("index.html", "boot.mjs", "start.js", "pyscript.json", "main.py"):
        assert "trystero" not in (out / rel).read_text(encoding="utf-8"), rel


def check_page_pycs(out: Path) -> None:
    """The start's king/ modules are in the page's ``files`` config by their ``.pyc`` alone (compiled by the
    build: unchecked hash-based, PEP 552), all in one archive unpacked into ``king/`` (no ``.pyc`` beside it in
    the site); the sources stay in the site (stored on use, not precached); friends online's page modules are
    in neither: their sources are in an archive of their own (fetched on first use), precached."""
    config = json.loads((out / "pyscript.json").read_text(encoding="utf-8"))["files"]
    assert {k: v for k, v in config.items() if k.startswith("./king/")} == {"./king/page.zip": "./king/*"}
    sources = {p.relative_to(out).as_posix() for p in (out / "king").rglob("*.py")}
    lazy = set(site.NET_PAGE_MODULES)
    assert lazy < sources and "king/app.py" in sources and not list((out / "king").rglob("*.pyc"))
    with zipfile.ZipFile(out / "king" / "page.zip") as z:
        assert set(z.namelist()) == {f"{rel.removeprefix('king/')}c" for rel in sources - lazy}
        for name in z.namelist():
            assert int.from_bytes(z.read(name)[4:8], "little") == 0b01, name  # hash-based, unchecked
    sw = (out / "sw.js").read_text(encoding="utf-8")
    precached = {url for urls in sw_groups(sw).values() for url in urls}
    assert {"./king/page.zip", "./king/net.zip"} <= precached
    assert not {f"./{rel}" for rel in sources} & precached  # one copy of each module: the .pyc, or in net.zip
    with zipfile.ZipFile(out / "king" / "net.zip") as z:
        assert {f"king/{name}" for name in z.namelist()} == lazy
        assert all(z.read(rel.removeprefix("king/")) == (out / rel).read_bytes() for rel in lazy)


def check_pyscript_pycs(out: Path) -> None:
    """PyScript's own Python package, which its core chunk writes into Python's file system at every start, ships
    compiled: the page's config unpacks one archive into ``pyscript/__pycache__`` before the package is imported,
    an unchecked hash-based ``.pyc`` for each of its modules, under Pyodide's cache tag; the archive is precached."""
    config = json.loads((out / "pyscript.json").read_text(encoding="utf-8"))["files"]
    assert config[f"./{site.PYSCRIPT_PYC_ARCHIVE}"] == "./pyscript/__pycache__/*"
    chunks = {p.relative_to(out).as_posix(): p.read_bytes() for p in (out / "pyscript").glob("*.js")}
    sources = site.pyscript_package(chunks)
    assert "pyscript/__init__.py" in sources and "pyscript/web.py" in sources
    with zipfile.ZipFile(out / site.PYSCRIPT_PYC_ARCHIVE) as z:
        names = z.namelist()
        assert sorted(n.split(".")[0] for n in names) == sorted(Path(rel).stem for rel in sources)
        for name in names:
            assert re.fullmatch(r"\w+\.cpython-3\d+\.pyc", name), name
            assert int.from_bytes(z.read(name)[4:8], "little") == 0b01, name  # hash-based, unchecked
    sw = (out / "sw.js").read_text(encoding="utf-8")
    assert f"./{site.PYSCRIPT_PYC_ARCHIVE}" in {url for urls in sw_groups(sw).values() for url in urls}


def test_pyscript_package_is_read_from_its_object_literal() -> None:
    chunk = b'x=1;wo(".",{pyscript:{"__init__.py":"a = \\"}\\"\\n","sub":{"m.py":"b = 2"},"x.txt":"c"}}),y={}'
    assert site.pyscript_package({"pyscript/core-AbCd1234.js": chunk, "pyscript/other.js": b"{}"}) == {
        "pyscript/__init__.py": b'a = "}"\n', "pyscript/sub/m.py": b"b = 2"}
    assert site.pyscript_package({"pyscript/core.js": b"nothing here"}) == {}


def test_the_page_archive_keeps_the_sources_out_of_the_precache() -> None:
    archive = site.page_archive({"app.pyc": b"x", "render/hand.pyc": b"y"})
    assert archive == site.page_archive({"render/hand.pyc": b"y", "app.pyc": b"x"})  # the same bytes every build
    files = {"index.html": b"", "king/page.zip": archive, "king/app.py": b"", "king/render/hand.py": b"",
             "king/net.py": b""}
    assert serviceworker.archived(files) == {"app.pyc", "render/hand.pyc"}
    assert [serviceworker.stored_on_use(r, files) for r in ("king/app.py", "king/render/hand.py", "king/net.py",
                                                             "king/page.zip")] == [True, True, False, False]


def check_stdlib(out: Path) -> None:
    """The site's standard library (sitebuild/stdlib.py): the start's modules compiled — sourceless, unchecked
    hash-based ``.pyc`` without docstrings (Pyodide's own keep theirs) — the others sources but those no page
    runs (``DROPPED``, the code pages), loaded by the page's loader and precached; Pyodide's untouched zip
    beside it, not precached (the bench's floor page's)."""
    import zipfile

    from sitebuild.stdlib import COMPILED, STOCK, dropped

    with zipfile.ZipFile(out / "pyodide" / COMPILED) as z, zipfile.ZipFile(out / "pyodide" / STOCK) as stock:
        names = set(z.namelist())
        for module in ("asyncio/__init__", "typing", "json/decoder", "gettext", "_pyodide/_core_docs", "html/entities"):
            assert f"{module}.pyc" in names and f"{module}.py" not in names, module
            assert int.from_bytes(z.read(f"{module}.pyc")[4:8], "little") == 0b01, module
        assert "csv.py" in names and "csv.pyc" not in names  # a module no start imports: its source
        assert "encodings/utf_16.py" in names and "xml/sax/saxutils.py" in names  # kept, not started
        for gone in ("pdb.py", "unittest/__init__.py", "encodings/cp1251.py", "xml/dom/minidom.py", "smtplib.py"):
            assert gone in stock.namelist() and gone not in names and f"{gone}c" not in names, gone
        kept = {n for n in stock.namelist()
                if not dropped(n.removesuffix(".py").removesuffix("/").replace("/", ".").removesuffix(".__init__"))}
        assert {n[:-1] if n.endswith(".pyc") else n for n in names} == kept  # every module kept, once
        doc = b"Generic, Protocol, and internal machinery to support generic aliases."  # typing's docstring
        assert doc in stock.read("typing.py") and doc not in z.read("typing.pyc")
    assert set(json.loads((out / "pyodide" / "pyodide-lock.json").read_bytes())["packages"]) == {"micropip"}
    (ecdsa,) = out.glob("wheels/ecdsa-*.whl")
    with zipfile.ZipFile(ecdsa) as z:
        assert "ecdsa/keys.py" in z.namelist() and not [n for n in z.namelist() if "/test_" in n]
    assert f"./pyodide/{COMPILED}" in (out / "boot.mjs").read_text(encoding="utf-8")
    sw = (out / "sw.js").read_text(encoding="utf-8")
    precached = {url for urls in sw_groups(sw).values() for url in urls}
    assert f"./pyodide/{COMPILED}" in precached and f"./pyodide/{STOCK}" not in precached


def check_net_wheel(out: Path) -> None:
    """Friends online (issue 19, the package ``kingcore.online``) is not in the page's start-up wheel but in a
    wheel of its own — Pyodide's ``.pyc`` of every module of the package in place of its source (issue 31:
    one copy of each module), a RECORD that lists each with its hash — whose URL the page's loader
    (king/netload.py) names and the service worker precaches; the start-up wheel's RECORD lists only its
    files, its modules compiled likewise, without docstrings."""
    import base64
    import hashlib
    import zipfile

    from sitebuild.wheels import NET_PACKAGE

    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "kingcore" / "online").rglob("*.py")}
    pycs = {f"{s}c" for s in sources}
    assert {"kingcore/online/__init__.py", "kingcore/online/host.py", "kingcore/online/deal/commit.py"} <= sources
    (start,), (net,) = sorted(out.glob("wheels/kingcore-*.whl")), sorted(out.glob("wheels/kingcore_net-*.whl"))
    for wheel in (start, net):
        with zipfile.ZipFile(wheel) as z:
            names = set(z.namelist())
            record = next(n for n in names if n.endswith(".dist-info/RECORD"))
            rows = [line.split(",") for line in z.read(record).decode().splitlines()]
            assert {r[0] for r in rows} == names, wheel.name
            for arc, digest, size in rows:
                if arc != record:
                    data = z.read(arc)
                    sha = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                    assert (digest, size) == (f"sha256={sha}", str(len(data))), arc
        online = {n for n in names if n.startswith(NET_PACKAGE)}
        assert not {n for n in names if n.endswith(".py")}, wheel.name  # no source beside its .pyc
        if wheel is start:
            assert "kingcore/web/session.pyc" in names and online == set(), sorted(online)
            doc = b"the one door between the web page and the engine"  # kingcore.web's docstring
            assert doc in (ROOT / "kingcore" / "web" / "__init__.py").read_bytes()
            with zipfile.ZipFile(wheel) as z:
                assert doc not in z.read("kingcore/web/__init__.pyc")
        else:
            assert online == pycs and {n for n in names if n.startswith("kingcore/")} == online
    assert f'NET_WHEEL = "./wheels/{net.name}"' in (out / "king" / "netload.py").read_text(encoding="utf-8")
    assert f'"./wheels/{net.name}"' in (out / "sw.js").read_text(encoding="utf-8")
    (ecdsa,), (six,) = sorted(out.glob("wheels/ecdsa-*.whl")), sorted(out.glob("wheels/six-*.whl"))
    deps = f'DEPS_WHEELS = ("./wheels/{ecdsa.name}", "./wheels/{six.name}")'  # mental poker's group, loaded with it
    assert deps in (out / "king" / "netload.py").read_text(encoding="utf-8")
    assert all(f'"./wheels/{w.name}"' in (out / "sw.js").read_text(encoding="utf-8") for w in (ecdsa, six))
    assert '"./peer.js"' in (out / "sw.js").read_text(encoding="utf-8")
    assert "peer.js" not in (out / "index.html").read_text(encoding="utf-8")  # loaded on first use


def test_nothing_the_site_runs_reads_a_docstring_or_its_source() -> None:
    """The site ships kingcore and the page's ``king/`` compiled without docstrings and without their sources
    (sitebuild.wheels): no module of either may read a docstring (``__doc__``, ``inspect.getdoc``) or a
    source (``inspect.getsource``…, ``linecache``) at run time — it would get None or nothing in the page."""
    reads = re.compile(r"__doc__|\binspect\.get(doc|source|sourcelines|comments)\b|\blinecache\b|\bpydoc\b"
                       r"|\bimport inspect\b|\bfrom inspect import\b|\bhelp\(")
    files = sorted([*(ROOT / "kingcore").rglob("*.py"), *(ROOT / "web").rglob("*.py")])
    assert ROOT / "kingcore" / "web" / "__init__.py" in files and ROOT / "web" / "king" / "app.py" in files
    found = [f"{f.relative_to(ROOT)}:{n}: {line.strip()}" for f in files
             for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1) if reads.search(line)]
    assert found == [], "\n".join(found)


def test_cli_keeps_every_subcommand() -> None:
    out = subprocess.run([sys.executable, "build.py", "--help"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60).stdout
    for command in ("build", "serve", "pyodide-bench", "test", "bench-web", "relay"):
        assert command in out
    r = subprocess.run([sys.executable, "build.py", "bench-web", "--", "x"], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "only for pyodide-bench and test" in r.stderr


def test_cpu_quota_makes_a_group_and_a_launcher_that_joins_it(tmp_path: Path) -> None:
    """The half-core run's group (tools.cpu_quota) in a stand-in for /sys/fs/cgroup/cpu: the quota written as a
    share of the period, a launcher that puts its own process in the group and then runs the browser with its
    arguments, and the group gone after. A missing controller is said in a sentence, not a traceback."""
    from tools.cpu_quota import CpuQuota, unavailable

    assert "no cgroup v1 cpu controller" in str(unavailable(tmp_path))
    for name in ("cpu.cfs_quota_us", "cpu.cfs_period_us", "cgroup.procs"):
        (tmp_path / name).write_text("-1\n")
    assert unavailable(tmp_path) is None
    browser = tmp_path / "browser"
    browser.write_text("#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args\"\n")
    browser.chmod(0o755)
    with pytest.raises(ValueError, match="fraction of one core"):
        CpuQuota(0, str(browser), root=tmp_path)
    with CpuQuota(0.5, str(browser), root=tmp_path) as quota:
        group = quota.group
        group.mkdir(exist_ok=True)  # a real controller makes these files itself
        assert (group / "cpu.cfs_quota_us").read_text() == "50000\n"
        assert (group / "cpu.cfs_period_us").read_text() == "100000\n"
        r = subprocess.run([quota.launcher, "--headless", "a b"], capture_output=True, text=True, timeout=30)
        assert r.returncode == 0, r.stderr
        assert (tmp_path / "args").read_text() == "--headless a b\n"
        assert quota.processes() == [int(group.joinpath("cgroup.procs").read_text())]  # the launcher's own pid
        group.joinpath("cgroup.procs").unlink()  # so that the stand-in group can be removed as a real one is
        group.joinpath("cpu.cfs_quota_us").unlink()
        group.joinpath("cpu.cfs_period_us").unlink()
    assert not group.exists() and not Path(quota.launcher).exists()
    r = subprocess.run([sys.executable, "build.py", "bench-web", "--cpu-quota", "nan"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "cpu-quota must be 0 or a number" in r.stderr, r.stderr


def test_bench_stage_line_gives_marks_and_the_stages_between_them() -> None:
    marks = {"wasmMs": 600.0, "pyodideMs": 1700.0, "pyscriptAskedMs": 1710.0,
             "pyReadyMs": 1720.0, "importedMs": 1800.0}
    med = {"warm": 1850.0, "cold": 3000.0, **{f"warm:{k}": v for k, v in marks.items()}}
    line = bench_web.stage_line(med, "")
    assert line.startswith("cold: playable 3000 (stages: )")
    warm = line.split("; warm: ", 1)[1]
    assert "wasm downloaded 600" in warm and "playable 1850" in warm
    assert ("waiting for the wasm 600, wasm instantiated, Python started, wheel installed 1100, "
            "PyScript's start after that 20, main.py + kingcore imported 80, first render 50)") in warm


def test_the_page_catalog_is_compiled_and_named_in_the_page_config() -> None:
    """web/locale/<lang>.po becomes locale/<lang>.mo, the page's Catalog reads it with its plural forms, and
    PyScript's ``files`` config names every king/ module and every catalog (they are in Python's file system
    before main.py runs)."""
    from kingcore.web import Catalog

    po = (ROOT / "web" / "locale" / "en.po").read_bytes()
    out = {"locale/en.po": po, "index.html": b"x"}
    assert catalogs.compile_catalogs(out) == ["locale/en.mo"]
    assert sorted(out) == ["index.html", "locale/en.mo"] and out["index.html"] == b"x"
    cat = Catalog.from_mo(out["locale/en.mo"], strict=True)
    assert cat.t("contract.no_king") == "No King" and cat.n("seat.tricks", 2) == "2 tricks"
    files = {"pyscript.json": b'{"interpreter": "./boot.mjs"}', "locale/en.mo": b"", "king/__init__.py": b"",
             "king/render/hand.py": b"", "main.py": b"", "bots.py": b""}
    site.page_files_config(files)
    assert json.loads(files["pyscript.json"]) == {"interpreter": "./boot.mjs", "files": {
        "./king/page.zip": "./king/*", "./locale/en.mo": "./locale/en.mo"}}
    assert archive_names(files) == ["__init__.py", "render/hand.py"]  # no .pyc made: the sources


def test_friends_online_page_modules_are_left_out_of_the_page_config() -> None:
    """king/net.py, guest.py, invite.py and render/invite.py (friends online, issue 19) are not fetched at start:
    the ``files`` config leaves them out, and the build refuses a loader (king/netload.py) that does not fetch
    one of them on first use; their sources ship in one archive (``king/net.zip``), whose sources are stored on use.
    A module the build compiled is named by its ``.pyc`` alone (a source beside it
    would be compiled instead)."""
    loader = (b'NET_PAGE_MODULES = ("guest.py", "guestroom.py", "invite.py", "net.py", "netcodes.py", '
              b'"netmental.py", "render/invite.py")')
    files = {"pyscript.json": b"{}", "king/__init__.py": b"", "king/netload.py": loader, "king/app.py": b"",
             "king/app.pyc": b"", **{rel: b"" for rel in site.NET_PAGE_MODULES}}
    site.page_files_config(files)
    assert json.loads(files["pyscript.json"])["files"] == {"./king/page.zip": "./king/*"}
    assert archive_names(files) == ["__init__.py", "app.pyc", "netload.py"] and "king/app.pyc" not in files
    with zipfile.ZipFile(io.BytesIO(files["king/net.zip"])) as z:  # friends online's, in one archive of their own
        assert sorted(z.namelist()) == sorted(rel.removeprefix("king/") for rel in site.NET_PAGE_MODULES)
    assert serviceworker.stored_on_use("king/net.py", files) and not serviceworker.stored_on_use("king/net.zip", files)
    files["king/netload.py"] = loader.replace(b'"net.py", ', b"")
    with pytest.raises(BuildError, match=r"net\.py"):
        site.page_files_config(files)


def test_the_snapshot_key_follows_pyodide_and_the_wheel_only() -> None:
    """A new Pyodide or a new wheel makes the page take a new start-up snapshot (web/boot.mjs); a change of
    the page's own files does not (they are not in the snapshot)."""
    files = {"pyodide/pyodide.asm.wasm": b"wasm", "wheels/kingcore-1.whl": b"wheel", "main.py": b"", "boot.mjs": b""}
    key = site.snapshot_key(files, "wheels/kingcore-1.whl")
    assert len(key) == 16 and int(key, 16) >= 0
    assert site.snapshot_key({**files, "main.py": b"# new"}, "wheels/kingcore-1.whl") == key
    assert site.snapshot_key({**files, "wheels/kingcore-1.whl": b"new"}, "wheels/kingcore-1.whl") != key
    assert site.snapshot_key({**files, "pyodide/pyodide.asm.wasm": b"new"}, "wheels/kingcore-1.whl") != key


def test_serve_port_out_of_range_is_one_line_not_a_traceback() -> None:
    import argparse

    from sitebuild.cli import port_number

    assert port_number("0") == 0 and port_number("65535") == 65535
    for bad in ("99999", "-5", "http"):
        with pytest.raises(argparse.ArgumentTypeError):
            port_number(bad)


def test_serve_port_0_says_the_port_it_listens_on() -> None:
    """``serve --port 0`` announced ``http://127.0.0.1:0/`` (a tester's find): the line names the port the
    system chose, and the site answers there."""
    import re
    import urllib.request

    proc = subprocess.Popen([sys.executable, "build.py", "serve", "--port", "0"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:  # waits for the line itself (a build may come first), not a fixed time
            m = re.search(r"serve: http://127\.0\.0\.1:(\d+)/", line)
            if m:
                break
        else:
            raise AssertionError("serve printed no address")
        port = int(m.group(1))
        assert port != 0
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as answer:
            assert answer.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def test_serve_answers_bad_paths_with_400_and_logs_them_escaped(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Raw requests on 127.0.0.1 (issue 22, finding K): a NUL or an escape sequence in the path, encoded or
    raw, gets an HTTP error (the old server dropped the connection after a traceback for ``%00``), and the
    log line shows each control character as ``\\xNN``; a good path is still served."""
    import functools
    import http.server
    import io
    import socket
    import threading

    from sitebuild.serve import Handler

    (tmp_path / "index.html").write_text("<!doctype html><title>ok</title>")
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(tmp_path)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()

    def ask(raw: bytes) -> bytes:
        with socket.create_connection(httpd.server_address[:2], timeout=30) as s:
            s.sendall(raw)
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
            return b"".join(chunks)

    try:
        assert ask(b"GET /index.html HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 200")
        for path in (b"/index.html%00.txt", b"/%1b[2J%1b[31mred", b"/\x1b[2J\x1b]0;title\x07x", b"/a%0d%0aGET /forged",
                     b"/%c2%9b31m"):
            answer = ask(b"GET " + path + b" HTTP/1.0\r\n\r\n")
            assert answer.startswith(b"HTTP/1.0 400"), (path, answer[:80])
        ask(b"\x1b[2J\x00 garbage\r\n\r\n")  # not even a request line: an error, logged escaped
    finally:
        httpd.shutdown()
        httpd.server_close()
    text = log.getvalue()
    assert "\x1b" not in text and "\x00" not in text and "\x07" not in text and "\x9b" not in text, text
    assert "Traceback" not in text and "\\x1b[2J" in text and "/forged" in text
    assert all(line.startswith("  ") for line in text.splitlines()), text  # no forged line


def test_build_out_never_replaces_a_folder_that_is_not_a_site(tmp_path: Path) -> None:
    """``build --out DIR`` used to move any existing DIR aside and delete it (``--out ''`` took the work
    tree); now only a missing or empty folder or an earlier build is written, anything else is one line."""
    keep = tmp_path / "mine"
    (keep / "precious").mkdir(parents=True)
    (keep / "precious" / "notes.txt").write_text("mine")
    a_file = tmp_path / "file.txt"
    a_file.write_text("mine")
    # ``--out ''`` is the folder the command runs in: run it in ``keep``, so a regression costs a tmp folder
    for out, cwd, words in ((str(keep), ROOT, "not a built site"), (str(a_file), ROOT, "is not a folder"),
                            ("", keep, "not a built site")):
        r = subprocess.run([sys.executable, str(ROOT / "build.py"), "build", "--out", out], cwd=cwd,
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 1 and words in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert (keep / "precious" / "notes.txt").read_text() == "mine" and a_file.read_text() == "mine"
    r = subprocess.run([sys.executable, "build.py", "build", "--out", "/proc/king-site"], cwd=ROOT,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 1 and "cannot write the site into /proc/king-site" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


GAME_PYTHON = r"""
import importlib, io, json, pkgutil, sys
import kingcore, ecdsa, six
for info in pkgutil.walk_packages(kingcore.__path__, "kingcore."):
    if not info.name.endswith(".__main__"):
        importlib.import_module(info.name)
from kingcore.online import qr
qr.qr_svg("https://example.org/king/#room=" + "x" * 43)
from kingcore.online.deal import group
print(json.dumps(sorted(sys.modules)))
"""


def python_imports(source: str) -> set[str]:
    """Every module named by an ``import`` in ``source`` (absolute imports, in functions too)."""
    import ast

    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)  # a submodule imported by name
    return names


def test_no_standard_module_the_game_runs_is_dropped() -> None:
    """The standard modules left out of the site (sitebuild/stdlib.py ``DROPPED`` and the code pages) are none
    that the game's Python imports: every module of kingcore with friends online, a QR code drawn by segno,
    python-ecdsa and six imported (in CPython: its standard library's imports are Pyodide's but for the
    version), and every import written in web/ and in PyScript's own Python (inside its core's JavaScript)."""
    from sitebuild.stdlib import CODECS, DROPPED, dropped
    from sitebuild.vendor import vendor_pyscript

    run = subprocess.run([sys.executable, "-c", GAME_PYTHON], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    loaded = set(json.loads(run.stdout.splitlines()[-1]))
    assert {"segno", "ecdsa", "kingcore.online.room", "xml.sax.saxutils", "http.client"} <= loaded
    assert not {m for m in loaded if dropped(m)}
    written = set().union(*(python_imports(p.read_text(encoding="utf-8")) for p in (ROOT / "web").rglob("*.py")))
    assert {"asyncio", "pyscript"} <= written and not {m for m in written if dropped(m)}
    core_text = next(vendor_pyscript().glob("core-*.js")).read_text(encoding="utf-8")  # its Python inside
    line = re.compile(r"(?m)^\s*(?:from|import)\s+([A-Za-z_][\w.]*)")
    named = {m.group(1) for m in line.finditer(core_text.replace("\\n", "\n"))}
    assert {"base64", "json"} <= named and not {m for m in named if dropped(m)}
    assert dropped("pdb") and dropped("xml.dom.minidom") and dropped("encodings.cp1251")
    assert not dropped("xml.sax.saxutils") and not dropped("encodings.utf_8") and "utf_8" in CODECS
    assert "unittest" in DROPPED


def test_a_vendored_wheel_loses_its_tests_and_the_lock_keeps_what_loads_by_name() -> None:
    """``without_tests`` drops a third-party wheel's test modules and their RECORD lines, nothing else (and
    returns a wheel with none unchanged); ``site_lock`` keeps micropip and what it depends on, and refuses a
    lock without it (sitebuild/wheels.py)."""
    import io
    import zipfile

    from sitebuild.wheels import site_lock, without_tests

    def wheel(names: list[str]) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            for n in names:
                z.writestr(n, f"# {n}")
            record = "".join(f"{n},sha256=x,1\n" for n in names) + "pkg-1.dist-info/RECORD,,\n"
            z.writestr("pkg-1.dist-info/RECORD", record)
        return out.getvalue()

    names = ["pkg/__init__.py", "pkg/keys.py", "pkg/test_keys.py", "pkg/tests/test_a.py", "pkg/tests/data.py",
             "pkg/contest.py"]
    with zipfile.ZipFile(io.BytesIO(without_tests(wheel(names)))) as z:
        kept = ["pkg/__init__.py", "pkg/keys.py", "pkg/contest.py"]
        assert z.namelist() == [*kept, "pkg-1.dist-info/RECORD"]
        assert [line.split(",")[0] for line in z.read("pkg-1.dist-info/RECORD").decode().splitlines()] == [
            *kept, "pkg-1.dist-info/RECORD"]
        assert z.read("pkg/keys.py") == b"# pkg/keys.py"
    plain = wheel(["pkg/__init__.py"])
    assert without_tests(plain) == plain
    with pytest.raises(BuildError, match="RECORD"):
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            z.writestr("pkg/test_x.py", "")
        without_tests(out.getvalue())
    lock = {"info": {"python": "3.14.0"}, "packages": {
        "micropip": {"depends": ["packaging"]}, "packaging": {"depends": []}, "numpy": {"depends": []}}}
    cut = json.loads(site_lock(json.dumps(lock).encode()))
    assert cut == {"info": {"python": "3.14.0"}, "packages": {"micropip": {"depends": ["packaging"]},
                                                              "packaging": {"depends": []}}}
    with pytest.raises(BuildError, match="micropip"):
        site_lock(json.dumps({"packages": {"numpy": {}}}).encode())
