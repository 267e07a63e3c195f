"""A fictional researcher's portfolio with projects, talks and news: the CV page (issue 45)."""

extensions = ["bibfolio"]
bibfolio_portfolio = True
project = "Priya Raman"
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Priya Raman"]
bibfolio_profile = {
    "name": "Priya Raman",
    "position": "Assistant Professor of Statistics",
    "affiliation": "University of Example",
    "email": "priya@example.org",
    "scholar": "AbCdEfGhIjK",
    "github": "priyaraman",
}
html_baseurl = "https://priya.example.org/"
