extensions = ["sphinxcontrib.bibtex"]
bibtex_bibfiles = ["strings.bib", "refs.bib"]
exclude_patterns = ["_build"]
