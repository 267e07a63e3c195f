"""Sphinx configuration: the example group site of the Fernhollow Lab.

Every person, paper and venue here is invented for bibfolio's example: the lab, its
members and their publications do not exist.
"""

from __future__ import annotations

project = "Fernhollow Lab"
language = "en"
extensions = ["bibfolio"]
bibfolio_portfolio = True  # theme, header, footer and metadata: bibfolio's portfolio defaults

bibtex_bibfiles = ["refs.bib"]  # the group's one shared .bib
bibfolio_group = {
    "name": "Fernhollow Lab",
    "description": "Computational ecology at the (fictional) University of Invented Places.",
}
# Current members have a page each in people/; former members are rows of a table.
bibfolio_group_members = ["people", "alumni.yaml"]
bibfolio_group_roles = [
    ("pi", "Principal Investigator"),
    ("postdoc", "Postdoctoral Researchers", "Postdoctoral Researcher"),
    ("phd", "PhD Students", "PhD Student"),
    ("masters", "Master's Students", "Master's Student"),
    ("undergrad", "Undergraduate Researchers", "Undergraduate Researcher"),
    ("staff", "Research Staff", "Research Software Engineer"),
]
