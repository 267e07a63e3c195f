"""Benchmark of bibfolio against stock sphinxcontrib-bibtex (``python -m tests.bench.run``)."""
