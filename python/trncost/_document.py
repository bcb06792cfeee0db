"""Scenario, study and plan documents written in Python, as the TOML text a file would hold.

A document is a mapping with the keys of a scenario, study or plan file (docs/scenario.md); its
values are what the file would say, in Python: text, whole numbers, ``bool``, ``datetime.date``,
aware ``datetime.datetime``, ``Decimal`` (written as exact text, the file's form of a number that
must not lose digits), lists, mappings, and trncost's own values:

- ``trncost.sourced(name, value, unit, provenance)`` becomes ``{ value = "...", unit = "...",
  <provenance> }``: the C++ parser checks the unit against the one the key takes (size_gib: GiB)
  and names the input ``<component>.<key>``, as in a file;
- ``trncost.unknown(name, reason)`` becomes ``{ unknown = "reason" }``;
- a ``Provenance`` (``measured(...)``, ``assumption(...)``...) becomes the file's provenance table.

A float anywhere is refused (TypeError): the file takes exact text. The C++ library reads the text
with the file's own parser, so a document is refused exactly where the same file would be.
"""

from __future__ import annotations

import datetime as _dt
import re
from decimal import Decimal
from typing import Any, Callable, List, Mapping, Tuple

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")

# Provenance kinds as Python names them, and as the file does.
_FILE_KIND = {"measured": "measured", "quoted": "quoted", "documented": "documented",
              "third-party": "third_party", "assumption": "assumption", "choice": "choice",
              "forecast": "forecast"}
# The fields of a quoted price a file can state; the others are an offer file's row, which the
# file reads from [prices] files instead.
_QUOTED_IN_FILE = ("source", "region", "consulted")
_QUOTED_DEFAULTS = {"option": "on-demand"}


def _string(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _key(k: Any, where: str) -> str:
    if not isinstance(k, str) or not k:
        raise TypeError(f"trncost: {where}: a key is non-empty text, not {k!r}")
    return k if _BARE_KEY.match(k) else _string(k)


def _join(where: str, k: str) -> str:
    return f"{where}.{k}" if where else k


class _Writer:
    """Writes one document; knows trncost's own value types through the hooks given."""

    def __init__(self, sourced_t: type, unknown_t: type, provenance_t: type,
                 float_refusal: str, decimal_text: Callable[[Decimal], str]) -> None:
        self._sourced_t = sourced_t
        self._unknown_t = unknown_t
        self._provenance_t = provenance_t
        self._float_refusal = float_refusal
        self._decimal_text = decimal_text

    # -- values written on one line ------------------------------------------------------------

    def _provenance(self, p: Any, where: str) -> Tuple[str, str]:
        kind = _FILE_KIND.get(p.kind)
        if kind is None:
            raise TypeError(f"trncost: {where}: unknown provenance kind {p.kind!r}")
        f = dict(p.fields)
        if kind == "assumption":
            return kind, _string(f["rationale"])
        if kind in ("choice", "forecast"):
            key = "why" if kind == "choice" else "basis"
            parts = [f"{key} = {_string(f[key])}"] + ([f"by = {_string(f['by'])}"] if f.get("by")
                                                     else [])
            return kind, "{ " + ", ".join(parts) + " }"
        if kind == "measured":
            parts = [f"{k} = {_string(f[k])}" for k in ("run", "method") if f.get(k)]
            parts += [f"from = {f['start']}", f"to = {f['end']}"]
            return kind, "{ " + ", ".join(parts) + " }"
        if kind == "quoted":
            extra = [k for k, v in f.items()
                     if k not in _QUOTED_IN_FILE and _QUOTED_DEFAULTS.get(k) != v]
            if extra:
                raise TypeError(
                    f"trncost: {where}: a quoted price with {', '.join(sorted(extra))} is an offer "
                    "file's row; a document states a quoted price by source, region and consulted, "
                    "and reads offer rows from the files of its [prices] (prices.files)")
            parts = [f"source = {_string(f['source'])}", f"region = {_string(f['region'])}",
                     f"consulted = {f['consulted']}"]
            return kind, "{ " + ", ".join(parts) + " }"
        if kind == "documented":
            return kind, ("{ source = " + _string(f["source"]) + ", consulted = " +
                          f["consulted"] + " }")
        return kind, "{ source = " + _string(f["source"]) + ", seen = " + f["seen"] + " }"

    def inline(self, v: Any, where: str) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, float):
            raise TypeError(f"{self._float_refusal} ({where} is the float {v!r})")
        if isinstance(v, int):
            return str(v)
        if isinstance(v, Decimal):
            return _string(self._decimal_text(v))
        if isinstance(v, str):
            return _string(v)
        if isinstance(v, _dt.datetime):
            if v.tzinfo is None:
                raise TypeError(f"trncost: {where} has no time zone; give an aware datetime (UTC)")
            return v.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        if isinstance(v, _dt.date):
            return v.isoformat()
        if isinstance(v, _dt.time):
            return v.isoformat()
        if isinstance(v, self._sourced_t):
            kind, prov = self._provenance(v.provenance, where)
            parts = [f"value = {_string(self._decimal_text(v.quantity.value))}"]
            if v.quantity.unit:
                parts.append(f"unit = {_string(v.quantity.unit)}")
            parts.append(f"{kind} = {prov}")
            return "{ " + ", ".join(parts) + " }"
        if isinstance(v, self._unknown_t):
            return "{ unknown = " + _string(v.reason) + " }"
        if isinstance(v, self._provenance_t):
            return self._provenance(v, where)[1]
        if isinstance(v, Mapping):
            parts = [f"{_key(k, where)} = {self.inline(x, _join(where, str(k)))}"
                     for k, x in v.items()]
            return "{ " + ", ".join(parts) + " }" if parts else "{}"
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(self.inline(x, f"{where}[{i}]") for i, x in enumerate(v)) + "]"
        raise TypeError(f"trncost: {where} is a {type(v).__name__}; a document holds text, whole "
                        "numbers, bool, Decimal, dates, lists, mappings and trncost's sourced(), "
                        "unknown() and provenance values")

    # -- tables ---------------------------------------------------------------------------------

    @staticmethod
    def _is_section(v: Any) -> bool:
        # A plain mapping is written as its own [section], so that errors name a line of its own.
        return isinstance(v, Mapping)

    @staticmethod
    def _is_array_of_sections(v: Any) -> bool:
        return isinstance(v, (list, tuple)) and len(v) > 0 and all(
            isinstance(x, Mapping) for x in v)

    def table(self, d: Mapping[str, Any], header: str, where: str, out: List[str]) -> None:
        if not isinstance(d, Mapping):
            raise TypeError(f"trncost: {where or 'the document'} must be a mapping, not a "
                            f"{type(d).__name__}")
        sections, arrays = [], []
        for k, v in d.items():
            name = _key(k, where or "the document")
            if self._is_section(v) and not isinstance(v, (self._sourced_t, self._unknown_t)):
                sections.append((name, str(k), v))
            elif self._is_array_of_sections(v):
                arrays.append((name, str(k), v))
            else:
                out.append(f"{name} = {self.inline(v, _join(where, str(k)))}")
        for name, k, v in sections:
            path = _join(header, name)
            out.append("")
            out.append(f"[{path}]")
            self.table(v, path, _join(where, k), out)
        for name, k, v in arrays:
            path = _join(header, name)
            for i, element in enumerate(v):
                out.append("")
                out.append(f"[[{path}]]")
                self.table(element, path, f"{_join(where, k)}[{i}]", out)


def to_toml(document: Mapping[str, Any], writer: _Writer) -> str:
    out: List[str] = []
    writer.table(document, "", "", out)
    return "\n".join(out).lstrip("\n") + "\n"
