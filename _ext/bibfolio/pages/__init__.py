"""Publications placed into the site: directive, write-time transforms, paper pages, files, head.

The ``{publications}`` directive, the transforms that fill its placeholders, one page per
paper, the files beside them and ``<head>`` metadata.  May import :mod:`bibfolio.cv`,
:mod:`bibfolio.doctree`, :mod:`bibfolio.build` and everything below them; never
:mod:`bibfolio.portfolio`.
"""
