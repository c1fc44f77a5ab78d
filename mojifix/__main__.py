"""``python -m mojifix`` runs the command line."""

import sys

from mojifix.cli import main

sys.exit(main())
