"""``python -m bibfolio.live``: sphinx-autobuild's command line with warm rebuilds."""

from __future__ import annotations

import sys

from bibfolio.live import main

sys.exit(main())
