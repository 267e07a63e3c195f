"""One Sphinx build's bibliography: settings, entries read once per change, warnings, caches.

The Sphinx side starts here: ``bibfolio_*`` config values, the environment's domain, the bridge
to sphinxcontrib-bibtex, located warnings, the fragment cache and citation counts.  May import
:mod:`bibfolio.metrics`, :mod:`bibfolio.importer`, :mod:`bibfolio.formats`,
:mod:`bibfolio.model`, :mod:`bibfolio.reading`.
"""
