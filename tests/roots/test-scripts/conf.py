# Names in three scripts (tests/test_scripts.py); the owner is historical.
project = "祖冲之"
extensions = ["bibfolio"]
bibfolio_portfolio = True
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["祖冲之", "Chongzhi Zu"]
bibfolio_profile = {"name": "祖冲之", "position": "Astronomer 𓂀"}
