"""Short import path for :mod:`mojifix.integrations.pandas` (see its documentation)."""

from mojifix.integrations.pandas import *  # noqa: F403
from mojifix.integrations.pandas import __all__ as __all__
