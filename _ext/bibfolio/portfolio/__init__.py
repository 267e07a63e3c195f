"""The portfolio around the lists: ``bibfolio_portfolio`` defaults, the ``{profile}`` card, 404.

The top layer under :func:`bibfolio.setup`: may import every other package.
"""
