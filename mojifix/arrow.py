"""Short import path for :mod:`mojifix.integrations.arrow` (see its documentation)."""

from mojifix.integrations.arrow import *  # noqa: F403
from mojifix.integrations.arrow import __all__ as __all__
