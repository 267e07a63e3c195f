extensions = ["myst_parser", "bibfolio"]  # myst_parser: for the test with the flag off
bibfolio_portfolio = True
project = "Ada Lovelace"
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
bibfolio_profile = {
    "name": "Ada Lovelace",
    "position": "Analyst",
    "affiliation": "Analytical Society",
    "interests": "Poetical science and the Analytical Engine",
    "photo": "_static/ada.png",
    "photo_alt": "Ada Lovelace, seated, in a white dress",
    "email": "ada@example.org",
    "scholar": "AbCdEfGhIjK",
    "orcid": "0000-0002-1825-0097",
    "github": "ada",
    "linkedin": "ada-lovelace",
    "x": "@ada",
    "bluesky": "ada.bsky.social",
    "mastodon": "@ada@fediscience.org",
    "links": [{"label": "Notes on the Engine", "url": "https://example.org/notes"}],
}
