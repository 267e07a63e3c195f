"""Mingyu Liang's portfolio in English and Simplified Chinese (bilingual example).

The pages are examples/mingyu-liang's; ``locale/zh_CN/LC_MESSAGES/`` translates them
(Sphinx's gettext workflow, see README.md).  Each language is one build with this
folder as the configuration folder (``-c``)::

    sphinx-build -c examples/mingyu-liang-zh examples/mingyu-liang _site
    sphinx-build -c examples/mingyu-liang-zh -D language=zh_CN examples/mingyu-liang _site/zh_CN

``nox -s bilingual`` runs both.  Set ``BIBFOLIO_SITE_URL`` to where the English site is
published (the Chinese one is under ``zh_CN/``): the language switcher, the
``hreflang`` links and the sitemap use it.
"""

from __future__ import annotations

import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "mingyu-liang"
# The English portfolio's settings, unchanged (its conf.py is the one source of them).
exec(compile((SOURCE / "conf.py").read_text(), "conf.py", "exec"))
# Sphinx reads these paths from the configuration folder (this one): point at the pages'.
bibtex_bibfiles = [str(SOURCE / name) for name in bibtex_bibfiles]  # noqa: F821
html_favicon = str(SOURCE / "_static" / "favicon.svg")

locale_dirs = [str(HERE / "locale")]  # the translated pages and profile words
gettext_compact = False  # one .po per page, as sphinx-intl writes them
SITE = os.environ.get("BIBFOLIO_SITE_URL", "http://127.0.0.1:8000/").rstrip("/") + "/"
bibfolio_translations = {"en": SITE, "zh_CN": SITE + "zh_CN/"}
