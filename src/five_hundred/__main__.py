"""Allow ``python -m five_hundred``."""

import sys

from five_hundred.cli import main

sys.exit(main())
