# A right-to-left portfolio (tests/browser/test_rtl.py); the owner is historical.
project = "محمد بن موسى الخوارزمي"
language = "ar"
extensions = ["bibfolio"]
bibfolio_portfolio = True
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Muhammad al-Khwarizmi"]
bibfolio_profile = {
    "name": "محمد بن موسى الخوارزمي",
    "position": "عالم رياضيات",
    "affiliation": "بيت الحكمة",
    "interests": "الجبر والمقابلة، والحساب، والفلك",
    "email": "khwarizmi@example.org",
}
# The chart is what tests/browser/test_rtl.py checks: shown from the first year.
bibfolio_chart_min_years = 1
