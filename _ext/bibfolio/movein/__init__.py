"""``bibfolio new NEW --from OLD``: move a site made with another template into bibfolio.

A converter per template (``alfolio``, ``academicpages``, ``hugo``, ``quarto``,
``labsite``) reads OLD, never writing to it, into one :class:`~.model.Site`: the
profile, the entries, news, talks, teaching, projects, posts, CV sections, other pages,
the files to copy and the old addresses; every item it found is counted and every item
or field it leaves behind is a line of the :class:`~.model.Report` at ``file:line``.
:mod:`.write` turns the site into a site repository made by ``bibfolio new`` (the same
template, so it upgrades as any other), with ``MIGRATION.md`` and redirects from the old
addresses (sphinx-reredirects).  No network access.

Imports: :mod:`bibfolio.scaffold` (the new site), :mod:`bibfolio.importer` (writing
BibTeX), :mod:`bibfolio.model` and :mod:`bibfolio.reading`; no Sphinx.
"""
