"""Publications → docutils nodes: bibfolio's node classes and the renderer of list entries.

Generic node trees every builder can write.  May import :mod:`bibfolio.build` and everything
below it.
"""
