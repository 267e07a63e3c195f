"""Which template made OLD: each converter's ``recognise``, in an order that tells them apart."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    from .model import Site

#: The converters (modules of this package), most specific first: the lab template and
#: academicpages are Jekyll sites too, so they are asked before al-folio.
CONVERTERS = ("labsite", "academicpages", "alfolio", "quarto", "hugo")


class Converter(Protocol):
    """What each converter module has."""

    #: The template's name as the report prints it ("al-folio").
    TEMPLATE: str
    #: What marks a site of the template, for the error when no converter knows OLD.
    LOOKS_FOR: str

    def recognise(self, root: Path) -> bool:
        """True when *root* is a checkout of a site made with the template."""
        ...

    def read(self, root: Path, *, include_demo: bool = False) -> Site:
        """The site, read from *root* (never written to).

        The template's demo content is left out (named in the report) unless *include_demo*.
        """
        ...


class UnknownSiteError(Exception):
    """OLD is no site of a template bibfolio can move in; the message says what was looked for."""


def converter_for(root: Path) -> Converter:
    """The converter of the template that made *root*; raises :class:`UnknownSiteError`."""
    modules = [importlib.import_module(f"{__package__}.{name}") for name in CONVERTERS]
    for module in modules:
        if module.recognise(root):
            return module
    looked = "; ".join(f"{module.TEMPLATE}: {module.LOOKS_FOR}" for module in modules)
    raise UnknownSiteError(f"{root} is no site bibfolio can move in; it looked for {looked}")
