extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["zotero.bib", "jabref.bib", "mendeley.bib", "bibdesk.bib"]
bibfolio_owner = ["Ada Lovelace"]
