"""Plain-Python model of a bibliography: no Sphinx or docutils imports live here."""
