extensions = ["sphinxcontrib.bibtex"]
bibtex_bibfiles = ["refs.bib"]
exclude_patterns = ["_build"]
