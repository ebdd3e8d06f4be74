"""The King web site's build, as a package (``python build.py`` is its command line).

One module per concern, in the order a build runs them:

* :mod:`sitebuild.pins`     pinned third-party versions and hashes (the one place to change them);
* :mod:`sitebuild.common`   paths, errors, hashing, deterministic file writes, running tools;
* :mod:`sitebuild.vendor`   npm ``pyodide`` and ``@pyscript/core``, the micropip wheel (patched lock);
* :mod:`sitebuild.wheels`   the kingcore wheel and the web wheel (with Pyodide-compiled ``.pyc``);
* :mod:`sitebuild.catalogs` gettext catalogs: ``web/**/*.po`` compiled to ``.mo``;
* :mod:`sitebuild.assets`   icons and the web app manifest;
* :mod:`sitebuild.serviceworker` the precaching service worker, filled in from ``sitebuild/sw.js``;
* :mod:`sitebuild.checks`   the offline check (no fetch the offline site could not serve);
* :mod:`sitebuild.site`     the collection of every file and the build into ``dist/site``;
* :mod:`sitebuild.serve`    ``serve`` (http.server with the right MIME types and cache headers);
* :mod:`sitebuild.browser`  driving the page in Chromium: shared by ``tools/bench_web.py`` and the browser tests;
* :mod:`sitebuild.testrun`  ``test`` (install, build, pytest) and ``pyodide-bench``;
* :mod:`sitebuild.cli`      the sub-commands.

Only the standard library at import time; Playwright and Babel are imported where they are needed.
"""
