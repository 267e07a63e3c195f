"""``bibfolio metrics``: citation counts from open scholarly APIs, kept in a committed file.

``data`` (the file and the summary figures, plain Python) is what the Sphinx build
reads; ``sources`` (OpenAlex, Crossref, Semantic Scholar) and ``command`` run only on
request, through the importer's polite HTTP client.  Nothing here imports Sphinx.
"""
