"""Integrations with dataset libraries; each is an optional extra, imported only when used.

- ``mojifix.integrations.arrow`` (extra ``arrow``): ``fix_array``, ``score_array``,
  ``detect_array``, ``is_mojibake_array``, ``fix_table``: whole columns in one call of the
  compiled core (``src/batch.rs``), which the others build on.
- ``mojifix.integrations.pandas`` (extra ``pandas``): the ``.mojifix`` Series/DataFrame accessors,
  registered when it (or its short name ``mojifix.pandas``) is imported, the way pandas
  extensions register theirs (pandas has no entry point for accessors).
- ``mojifix.integrations.hf`` (extra ``hf``): ``fix_batch``/``score_batch`` for ``Dataset.map``.
- ``mojifix.integrations.datatrove`` (extra ``datatrove``): ``MojibakeFixer``, ``MojibakeFilter``.
- ``mojifix.integrations.dask`` (extra ``dask``): ``fix_partition``, ``fix_dataframe``, ...
- ``mojifix.integrations.spark`` (extra ``spark``): ``fix_dataframe``, ``score_dataframe``
  over ``DataFrame.mapInArrow``.

``import mojifix`` imports none of them and changes nothing outside mojifix.
"""
