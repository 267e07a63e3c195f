"""Keep known lines of other extensions out of a portfolio build's output.

A build should print only what the user caused.  Extensions a portfolio uses print a
line on every build that says nothing about the user's sources:

- MyST-Parser logs its whole configuration (``myst v5.2.0: MdParserConfig(...)``, one
  long line) at ``builder-inited``, and so does MyST-NB (``myst-nb v1.4.0:
  NbParserConfig(...)``) where a project reads notebooks.  A :class:`logging.Filter` on
  each one's own logger drops exactly that record (an INFO record whose arguments hold
  the configuration) at normal verbosity; ``sphinx-build -v`` shows it again.
- sphinxext-opengraph ``print()``\\ s "matplotlib is not installed, social cards will not
  be generated" when it is imported without matplotlib, even when ``conf.py`` turns the
  cards off.  Sphinx imports extensions in the order of ``extensions``; in a portfolio
  (``bibfolio_portfolio = True``, which loads sphinxext-opengraph from bibfolio), or
  when bibfolio is listed before it, bibfolio imports sphinxext-opengraph itself with
  that one line captured, and says it again (as an INFO line) only when the
  configuration does ask for social cards.

Both touch nothing inside those packages: a filter on a logger, and an import.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import sys
from typing import TYPE_CHECKING

from sphinx.util import logging as sphinx_logging

from .defaults import EXTENSIONS as PORTFOLIO_EXTENSIONS

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

logger = sphinx_logging.getLogger(__name__)

#: The loggers MyST-Parser's and MyST-NB's Sphinx extensions log their configuration to.
MYST_LOGGERS = ("sphinx.myst_parser.sphinx_ext.main", "sphinx.myst_nb.sphinx_ext")
#: The type names of those configurations.
MYST_CONFIGS = frozenset({"MdParserConfig", "NbParserConfig"})
OPENGRAPH = "sphinxext.opengraph"
OPENGRAPH_LINE = "matplotlib is not installed, social cards will not be generated"

_silenced_opengraph_line = False


class MystConfigFilter(logging.Filter):
    """Drop MyST's ``myst vX: MdParserConfig(...)`` records, and nothing else."""

    def filter(self, record: logging.LogRecord) -> bool:
        """False for the one record to drop."""
        if record.levelno != logging.INFO or not isinstance(record.args, tuple):
            return True
        return not any(type(arg).__name__ in MYST_CONFIGS for arg in record.args)


_MYST_FILTER = MystConfigFilter()


def _import_opengraph_quietly() -> None:
    """Import sphinxext-opengraph now, keeping its matplotlib line out of stdout."""
    global _silenced_opengraph_line  # noqa: PLW0603 - once per process, as the import
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        try:
            importlib.import_module(OPENGRAPH)
        except ImportError:
            return  # Sphinx reports the missing extension itself when it loads it
    lines = captured.getvalue().splitlines(keepends=True)
    _silenced_opengraph_line = any(line.strip() == OPENGRAPH_LINE for line in lines)
    sys.stdout.writelines(line for line in lines if line.strip() != OPENGRAPH_LINE)


def _social_cards_wanted(app: Sphinx, config: Config) -> None:
    """Say the silenced line after all when conf.py enables social cards."""
    cards = getattr(config, "ogp_social_cards", None)
    if _silenced_opengraph_line and isinstance(cards, dict) and cards.get("enable", True):
        logger.info(OPENGRAPH_LINE)


def _remove_myst_filter(app: Sphinx, exception: BaseException | None) -> None:
    for name in MYST_LOGGERS:
        logging.getLogger(name).removeFilter(_MYST_FILTER)


def register(app: Sphinx) -> None:
    """Install the filter and the quiet import for this build (normal verbosity only)."""
    if app.verbosity > 0:
        return
    for name in MYST_LOGGERS:
        logging.getLogger(name).addFilter(_MYST_FILTER)
    app.connect("build-finished", _remove_myst_filter)
    portfolio = app.config.bibfolio_portfolio is True and OPENGRAPH in PORTFOLIO_EXTENSIONS
    if (portfolio or OPENGRAPH in app.config.extensions) and OPENGRAPH not in sys.modules:
        _import_opengraph_quietly()
    app.connect("config-inited", _social_cards_wanted)
