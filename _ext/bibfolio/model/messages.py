"""The marker for translatable text defined in plain Python: ``N_("Preprints")``.

The model has no Sphinx imports, so it does not translate: it marks its words, which
``pybabel extract`` (``babel.cfg``, keyword ``N_``) puts into the ``bibfolio`` catalog,
and the writers translate them (``bibfolio.build.translation.translated``).
"""

from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - gettext's conventional name for this marker
    """*message* unchanged; marks it for extraction into the catalog."""
    return message


#: The venue line of an entry known only by its arXiv id: "arXiv preprint arXiv:2301.00001"
#: (model/publication.py writes it, model/venue.py lists it among the venue words).
ARXIV_PREPRINT = N_("arXiv preprint")
