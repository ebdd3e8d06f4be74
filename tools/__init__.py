"""Developer tools: benchmarks and research scripts (run as files or imported by build.py)."""
