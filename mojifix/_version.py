"""The installed version of mojifix."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mojifix")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0+unknown"
