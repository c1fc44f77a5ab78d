"""Integrations with dataset libraries; each is an optional extra, imported lazily.

- ``mojifix.integrations.arrow`` (extra ``arrow``): ``fix_array``, ``score_array``,
  ``is_mojibake_array``, ``fix_table``: the vectorised kernels the others build on.
- ``mojifix.integrations.pandas`` (extra ``pandas``): the ``.mojifix`` Series/DataFrame accessors.
- ``mojifix.integrations.hf`` (extra ``hf``): ``fix_batch``/``score_batch`` for ``Dataset.map``.
- ``mojifix.integrations.datatrove`` (extra ``datatrove``): ``MojibakeFixer``, ``MojibakeFilter``.
- ``mojifix.integrations.dask`` (extra ``dask``): ``fix_partition``, ``fix_dataframe``, ...

``import mojifix`` calls :func:`_autoregister`, which must stay cheap (the CLI imports mojifix):
it never imports pandas. If pandas is already imported it registers the ``.mojifix`` accessors
at once; otherwise it puts a small finder on :data:`sys.meta_path` that waits for ``pandas`` to
be imported and registers the accessors right after pandas' own ``__init__`` has run.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any


def _register_pandas(_module: ModuleType | None = None) -> None:
    """Import our pandas module, which registers the accessors; never let it break pandas."""
    try:
        import mojifix.integrations.pandas  # noqa: F401  (registers on import)
    except Exception as exc:  # pragma: no cover - only when pandas itself is broken
        warnings.warn(
            f"mojifix could not register its pandas accessor: {exc!r}",
            RuntimeWarning,
            stacklevel=2,
        )


class _PostImportLoader(importlib.abc.Loader):
    """Wraps the real loader of a module; calls ``callback(module)`` once it has executed.

    The module's ``__spec__.loader`` and ``__loader__`` are put back to the real loader before
    it runs, so the module never sees this wrapper.
    """

    def __init__(self, loader: Any, callback: Callable[[ModuleType], None]) -> None:
        self._loader = loader
        self._callback = callback

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        module: ModuleType | None = self._loader.create_module(spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        spec = module.__spec__
        if spec is not None:
            spec.loader = self._loader
        module.__loader__ = self._loader
        self._loader.exec_module(module)
        self._callback(module)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)


class _PostImportFinder(importlib.abc.MetaPathFinder):
    """A ``sys.meta_path`` finder: when ``name`` has been imported, run ``callback(module)``.

    It finds nothing itself: it asks the other finders for the spec and wraps the spec's loader
    in :class:`_PostImportLoader`. It leaves ``sys.meta_path`` only once the module has really
    been executed: ``importlib.util.find_spec("pandas")`` (how many libraries check whether
    pandas is installed) must not use the hook up.
    """

    def __init__(self, name: str, callback: Callable[[ModuleType], None]) -> None:
        self.name = name
        self.callback = callback

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        for finder in list(sys.meta_path):
            find_spec = getattr(finder, "find_spec", None)
            if finder is self or find_spec is None:
                continue
            spec: importlib.machinery.ModuleSpec | None = find_spec(fullname, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _PostImportLoader(spec.loader, self._loaded)
                return spec
        return None

    def _loaded(self, module: ModuleType) -> None:
        self.remove()
        self.callback(module)

    def remove(self) -> None:
        """Take this finder off ``sys.meta_path`` (no error if it is not there)."""
        while self in sys.meta_path:
            sys.meta_path.remove(self)


def _autoregister() -> None:
    """Register the pandas accessors now if pandas is loaded, else as soon as it is imported.

    Idempotent: calling it twice installs a single finder.
    """
    module = sys.modules.get("pandas")
    if module is not None and getattr(module, "api", None) is not None:
        _register_pandas(module)
        return
    if module is not None:
        # pandas is half-way through its own import (it imported us): nothing to hook any more,
        # and registering now would re-enter it. ``import mojifix.pandas`` registers later.
        return
    if any(isinstance(f, _PostImportFinder) and f.name == "pandas" for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _PostImportFinder("pandas", _register_pandas))
