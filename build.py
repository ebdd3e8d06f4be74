#!/usr/bin/env python3
"""Build, serve, test and benchmark the King web site: ``python build.py --help``.

The command line of the package ``sitebuild/`` (see sitebuild/cli.py for the sub-commands).
"""

from __future__ import annotations

import sys

from sitebuild.cli import main

if __name__ == "__main__":
    sys.exit(main())
