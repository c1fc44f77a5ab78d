"""Short import path for :mod:`mojifix.integrations.hf` (see its documentation)."""

from mojifix.integrations.hf import *  # noqa: F403
from mojifix.integrations.hf import __all__ as __all__
