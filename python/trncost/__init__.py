"""trncost in Python: verifiable cost estimates for ML training on AWS Trainium and GPUs.

The library itself, compiled from its C++ headers (the ``_trncost`` extension), with a Pythonic
surface: money is ``decimal.Decimal`` (never ``float``), quantities carry their unit symbol, every
input carries its provenance, and errors are exceptions with the C++ library's own sentence.

    >>> import trncost
    >>> est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    >>> est.total
    Decimal('397.635212328767123288')

docs/python.md describes the whole API.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import enum
import json as _json
import re
from decimal import Decimal
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _document
from . import _trncost as _core

__all__ = [
    "Error", "ParseError", "InputError", "InexactError", "DecimalOverflowError",
    "Category", "Phase", "Status", "Quantity", "Provenance", "Sourced", "Unknown", "Record",
    "Line", "Reason", "Work", "Figure", "Estimate", "Scenario", "Model", "InstanceTime",
    "BlockStorage",
    "measured", "quoted", "documented", "third_party", "assumption", "choice", "forecast",
    "sourced", "unknown",
    "load", "audit", "AuditResult", "render_report", "Format", "formats", "formats_of", "TornadoBar", "Tornado", "Distribution", "uniform",
    "triangular", "lognormal_90", "empirical", "MonteCarlo", "Correlation", "correlation",
    "ScenarioOverride", "GapPart", "ScenarioResult", "Protocol", "Option",
    "RankedOption", "ComparisonGroup", "compare", "Decision", "decide", "Grant", "GrantOutcome",
    "BurnDownPeriod", "BurnDown", "burn_down", "unit_symbols", "Identity",
    "ReconcileRow", "ReconcileResource", "ReconcileTotal", "Reconciliation", "reconcile",
    "bill_query", "BudgetCheck", "BudgetVerdict", "check_budget", "StudyOption", "OptionGrant", "CashRank", "DemandWindow",
    "WhatIfPoint", "WhatIf", "BreakEven", "Study", "load_study",
    "PlanWorkload", "PlanPricing", "Plan", "load_plan", "to_toml", "scenario", "study", "plan",
    "DiffLine", "DiffInput", "DiffStep", "Diff", "diff", "RunPhase", "RunIncident",
    "RunQuality", "Run", "read_runs", "ScalingRow", "scaling", "SupportRow", "SupportLookup",
    "ModelSupport", "read_model_support",
]

# --------------------------------------------------------------------------------------------------
# Exceptions: the C++ exceptions, with their message ("trncost: ...") unchanged.

Error = _core.Error
ParseError = _core.ParseError
InputError = _core.InputError
InexactError = _core.InexactError
DecimalOverflowError = _core.DecimalOverflowError

# --------------------------------------------------------------------------------------------------
# Enumerations, made from the C++ enumerations (so they cannot drift apart).


class _Labelled(enum.Enum):
    """An enumeration whose members also have the label the reports print."""

    @property
    def label(self) -> str:
        return _LABELS[self]

    def __str__(self) -> str:
        return self.label


Category = _Labelled("Category", [(key, key) for key, _ in _core.categories()])
Category.__doc__ = "The six categories of the cost formula (compute, storage, transfer, ...)."
Phase = _Labelled("Phase", [(label.replace(" ", "_").replace("-", "_"), label)
                             for label in _core.phases()])
Phase.__doc__ = "Where billed instance time went (setup, compilation, training, ...)."
Status = _Labelled("Status", [(label, label) for label in _core.statuses()])
Status.__doc__ = "An estimate's status, best first: verified, provisional, stale, unpriced, incomplete."

_LABELS: Dict[Any, str] = {}
_LABELS.update({Category(key): label for key, label in _core.categories()})
_LABELS.update({p: p.value for p in Phase})
_LABELS.update({s: s.value for s in Status})


def unit_symbols() -> List[str]:
    """The unit symbols trncost knows ("s", "h", "GiB", "USD/instance-h", ...)."""
    return list(_core.unit_symbols())


# --------------------------------------------------------------------------------------------------
# Values


def _exact(value: Union[str, int, Decimal], what: str) -> Decimal:
    """An exact decimal from text, an int or a Decimal; a float is refused with trncost's sentence."""
    if isinstance(value, bool):
        raise TypeError(f"trncost: {what} is a bool; give exact decimal text or a whole number")
    if isinstance(value, float):
        raise TypeError(f"{_core.float_refusal} ({what} is the float {value!r})")
    if isinstance(value, (int, Decimal)):
        return Decimal(value)
    if isinstance(value, str):
        return Decimal(value)
    raise TypeError(f"trncost: {what} is a {type(value).__name__}; give exact decimal text "
                    "(\"21.5\"), an int or a decimal.Decimal")


def _text(value: Decimal) -> str:
    # Plain notation: the C++ parser reads "0.0000001" but not "1E-7".
    return format(value, "f")


@dataclasses.dataclass(frozen=True)
class Quantity:
    """An exact value with its unit symbol: ``Quantity(Decimal("21.5"), "USD/instance-h")``."""

    value: Decimal
    unit: str

    def __str__(self) -> str:
        return f"{self.value} {self.unit}" if self.unit else str(self.value)


_DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_TIMESTAMP_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")


def _date_text(d: Union[str, _dt.date], what: str) -> str:
    if isinstance(d, _dt.datetime):
        raise TypeError(f"trncost: {what} is a date, not a date and time")
    if isinstance(d, _dt.date):
        return d.isoformat()
    if isinstance(d, str):
        # Checked here, before any text is written: a date is pasted into a document's TOML as a
        # date, so anything but one would be read as more of the document.
        if not _DATE_TEXT.fullmatch(d):
            raise ValueError(f"trncost: {what} is {d!r}, not a date 'YYYY-MM-DD'")
        return d
    raise TypeError(f"trncost: {what} is a {type(d).__name__}; give a datetime.date or 'YYYY-MM-DD'")


def _timestamp_text(t: Union[str, _dt.datetime], what: str) -> str:
    if isinstance(t, _dt.datetime):
        if t.tzinfo is None:
            raise TypeError(f"trncost: {what} has no time zone; give an aware datetime (UTC)")
        return t.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(t, str):
        if not _TIMESTAMP_TEXT.fullmatch(t):
            raise ValueError(f"trncost: {what} is {t!r}, not a UTC time 'YYYY-MM-DDTHH:MM:SSZ'")
        return t
    raise TypeError(f"trncost: {what} is a {type(t).__name__}; give an aware datetime or "
                    "'YYYY-MM-DDTHH:MM:SSZ'")


@dataclasses.dataclass(frozen=True)
class Provenance:
    """Where a value comes from. Made by measured(), quoted(), documented(), third_party(),
    assumption(), choice() and forecast(), each with keyword-only fields; the C++ library checks them (InputError names the
    input and the field)."""

    kind: str
    fields: Mapping[str, str]

    def _dict(self) -> Dict[str, str]:
        d = dict(self.fields)
        d["kind"] = self.kind
        return d


def measured(*, start: Union[str, _dt.datetime], end: Union[str, _dt.datetime],
             run: str = "", method: str = "") -> Provenance:
    """Observed on your own runs: over which period (UTC), and which run and how when you know
    them (a measurement may be just its period)."""
    return Provenance("measured", {"run": run, "method": method,
                                   "start": _timestamp_text(start, "start"),
                                   "end": _timestamp_text(end, "end")})


def quoted(*, source: str, region: str, consulted: Union[str, _dt.date],
           option: str = "on-demand", offer_code: Optional[str] = None,
           offer_version: Optional[str] = None, published: Union[None, str, _dt.date] = None,
           sku: Optional[str] = None, offer_term_code: Optional[str] = None,
           rate_code: Optional[str] = None, effective: Union[None, str, _dt.date] = None,
           unit: Optional[str] = None, description: Optional[str] = None) -> Provenance:
    """An official price as its publisher states it (a page, or an offer-file row with its codes)."""
    f: Dict[str, str] = {"source": source, "region": region,
                         "consulted": _date_text(consulted, "consulted"), "option": option}
    for key, val in (("offer_code", offer_code), ("offer_version", offer_version), ("sku", sku),
                     ("offer_term_code", offer_term_code), ("rate_code", rate_code),
                     ("unit", unit), ("description", description)):
        if val is not None:
            f[key] = val
    if published is not None:
        f["published"] = _date_text(published, "published")
    if effective is not None:
        f["effective"] = _date_text(effective, "effective")
    return Provenance("quoted", f)


def documented(*, source: str, consulted: Union[str, _dt.date]) -> Provenance:
    """A fact from the seller's official documentation that is not a price."""
    return Provenance("documented", {"source": source,
                                     "consulted": _date_text(consulted, "consulted")})


def third_party(*, source: str, seen: Union[str, _dt.date]) -> Provenance:
    """A figure published by someone other than the seller; it makes an estimate provisional."""
    return Provenance("third-party", {"source": source, "seen": _date_text(seen, "seen")})


def assumption(*, rationale: str) -> Provenance:
    """A hypothesis with its reason; it makes an estimate provisional."""
    return Provenance("assumption", {"rationale": rationale})


def choice(*, why: str, by: str = "") -> Provenance:
    """A decision you make (a period, a fleet size, a sizing rule, a grant as contracted): stated
    in the report with who decided and why; it never lowers the status."""
    return Provenance("choice", {"why": why, "by": by})


def forecast(*, basis: str, by: str = "") -> Provenance:
    """An expectation you state (planned demand, growth): the estimate holds for it and its report
    shows how the total moves with it; it never lowers the status."""
    return Provenance("forecast", {"basis": basis, "by": by})


@dataclasses.dataclass(frozen=True)
class Sourced:
    """A named exact quantity with its provenance: the only kind of value a cost input takes."""

    name: str
    quantity: Quantity
    provenance: Provenance

    def _record(self) -> Tuple[str, str, str, Dict[str, str]]:
        return (self.name, _text(self.quantity.value), self.quantity.unit, self.provenance._dict())


def sourced(name: str, value: Union[str, int, Decimal], unit: str, provenance: Provenance) -> Sourced:
    """``sourced("trn1_price", "21.50", "USD/instance-h", quoted(...))``. A float value is refused
    (TypeError), as is a provenance that is not a Provenance."""
    if not isinstance(provenance, Provenance):
        raise TypeError("trncost: a sourced value needs its provenance: measured(...), quoted(...), "
                        "documented(...), third_party(...), assumption(...), choice(...) or "
                        "forecast(...)")
    return Sourced(name, Quantity(_exact(value, f"the value of '{name}'"), unit), provenance)


@dataclasses.dataclass(frozen=True)
class Unknown:
    """An input nobody knows yet: the lines that use it are unpriced, never 0."""

    name: str
    reason: str


def unknown(name: str, reason: str) -> Unknown:
    """An input nobody knows yet (a price with no official row), with the reason."""
    return Unknown(name, reason)


def _input(v: Union[Sourced, Unknown], role: str) -> Any:
    if isinstance(v, Sourced):
        return v._record()
    if isinstance(v, Unknown):
        return (v.name, v.reason)
    raise TypeError(f"trncost: {role} takes trncost.sourced(...) or trncost.unknown(...), not a "
                    f"{type(v).__name__}: a bare number cannot become a cost input")


def _sourced(v: Sourced, role: str) -> Tuple[str, str, str, Dict[str, str]]:
    if not isinstance(v, Sourced):
        raise TypeError(f"trncost: {role} takes trncost.sourced(...), not a {type(v).__name__}: a "
                        "bare number cannot become a cost input")
    return v._record()


# --------------------------------------------------------------------------------------------------
# Estimates


@dataclasses.dataclass(frozen=True)
class Record:
    """An input or derived value as a report shows it: name, value with unit, provenance."""

    name: str
    value: Optional[Quantity]  #: None when nobody knows it yet
    kind: str                  #: "measured", "quoted", "derived", ...
    provenance: str            #: the provenance in one readable line

    @staticmethod
    def _of(t: Tuple[str, str, str, str, str, bool]) -> "Record":
        name, value, unit, kind, text, known = t
        return Record(name, Quantity(Decimal(value), unit) if known else None, kind, text)


@dataclasses.dataclass(frozen=True)
class Identity:
    """What a line is: the AWS service that bills it (the billing product), its region, instance
    type, usage type and purchase option, and the price list offer its price comes from when it is
    not the service's own ("AWSDataTransfer" for data AmazonS3 moved and bills); "" where one does
    not apply (a line no AWS service bills has no service)."""

    service: str
    region: str
    instance_type: str
    usage_type: str
    purchase_option: str
    offer: str = ""


@dataclasses.dataclass(frozen=True)
class Work:
    """The work an estimate delivers and what it costs per unit of it, as its reports show it:
    full = total x per / amount, compute_only = the compute category x per / amount (each rounded
    half-even at the 18th digit), each None when the work is unknown or 0 (the findings say why)."""

    kind: str                      #: "tokens served", "tokens trained", "requests served", ...
    amount: Record                 #: the work delivered, with its provenance
    per: int                       #: the costs are per this many units of work (1000000)
    unit: str                      #: the unit of the costs ("USD/1M tokens")
    full: Optional[Record]         #: derived from the total and the work
    compute_only: Optional[Record]  #: derived from the compute category and the work

    @staticmethod
    def _of(t: Any) -> "Optional[Work]":
        if t is None:
            return None
        kind, amount, per, unit, full, compute = t
        return Work(kind, Record._of(amount), per, unit,
                    Record._of(full) if full is not None else None,
                    Record._of(compute) if compute is not None else None)


@dataclasses.dataclass(frozen=True)
class Figure:
    """A figure of one of the estimate's workloads, as its reports show it beside the costs: its
    timeline ("billed time per instance", "wall-clock time", in seconds) or what it works through
    ("tokens trained", "compute"); its value a record with its derivation."""

    workload: str  #: the component that states it ("cpt")
    what: str      #: "wall-clock time", "tokens trained", ...
    value: Record  #: the value, derived from the workload's inputs

    @staticmethod
    def _of(d: Dict[str, Any]) -> "Figure":
        return Figure(workload=d["workload"], what=d["what"], value=Record._of(d["value"]))


@dataclasses.dataclass(frozen=True)
class Line:
    """One line of an estimate: amount = price x quantity with one rounding step."""

    category: Category
    component: str
    phase: Optional[Phase]
    description: str
    amount: Optional[Decimal]  #: None when the line is unpriced (kept out of the totals)
    formula: str
    inputs: Tuple[Record, ...]
    price: Record
    quantity: Record
    identity: Identity
    #: The exact unit factor num / den: amount = price x quantity x num / den, rounded once
    #: (1 / 3600 for a price per hour on a quantity in seconds; the report's `num` and `den`).
    num: int = 1
    den: int = 1


@dataclasses.dataclass(frozen=True)
class Reason:
    """Why an estimate's status is not better: the status it gives, the sentence, the rule."""

    status: Status
    text: str
    rule: str


def _decimals(pairs: Iterable[Tuple[str, str]], key: Any) -> Dict[Any, Decimal]:
    return {key(k): Decimal(v) for k, v in pairs}


class Estimate:
    """An estimate: lines, totals, status, reasons and findings, and its reports as text."""

    __slots__ = ("_h", "_d")

    def __init__(self, handle: Any) -> None:
        self._h = handle
        self._d: Optional[Dict[str, Any]] = None

    def _data(self) -> Dict[str, Any]:
        if self._d is None:
            self._d = self._h.data()
        return self._d

    @property
    def total(self) -> Decimal:
        """The exact sum of the priced lines, in USD."""
        return Decimal(self._h.total())

    @property
    def status(self) -> Status:
        """Computed from the inputs, never asserted."""
        return Status(self._h.status())

    @property
    def as_of(self) -> _dt.date:
        return _dt.date.fromisoformat(self._data()["as_of"])

    @property
    def useful(self) -> Decimal:
        """Training, evaluation and checkpointing."""
        return Decimal(self._data()["useful"])

    @property
    def overhead(self) -> Decimal:
        """Setup, compilation, waiting, failed work and restarts."""
        return Decimal(self._data()["overhead"])

    @property
    def lines(self) -> List[Line]:
        out = []
        for x in self._data()["lines"]:
            out.append(Line(category=Category(x["category"]), component=x["component"],
                            phase=Phase(x["phase"]) if x["phase"] is not None else None,
                            description=x["description"],
                            amount=Decimal(x["amount"]) if x["amount"] is not None else None,
                            formula=x["formula"],
                            inputs=tuple(Record._of(r) for r in x["inputs"]),
                            price=Record._of(x["price"]), quantity=Record._of(x["quantity"]),
                            identity=Identity(*x["identity"]), num=x["num"], den=x["den"]))
        return out

    @property
    def by_category(self) -> Dict[Category, Decimal]:
        """Totals of the categories with lines or declared none."""
        return _decimals(self._data()["by_category"], Category)

    @property
    def by_phase(self) -> Dict[Phase, Decimal]:
        return _decimals(self._data()["by_phase"], Phase)

    @property
    def reasons(self) -> List[Reason]:
        """Why the status is not better, worst first."""
        return [Reason(Status(s), t, r) for s, t, r in self._data()["reasons"]]

    @property
    def findings(self) -> List[str]:
        """Sentences a reviewer can act on."""
        return list(self._data()["findings"])

    @property
    def inputs(self) -> List[Record]:
        """Every leaf input, in the order first reached."""
        return [Record._of(r) for r in self._data()["inputs"]]

    @property
    def work(self) -> Optional[Work]:
        """The work delivered and its costs per unit; None when the model delivers no work."""
        return Work._of(self._data()["work"])

    @property
    def figures(self) -> List[Figure]:
        """Its workloads' timelines and counts (wall-clock time, tokens trained...), in order."""
        return [Figure._of(f) for f in self._data()["figures"]]

    def to_json(self) -> str:
        """The JSON report (the trncost.report schema), byte for byte what trncost-estimate writes."""
        return self._h.render("json")

    def to_markdown(self) -> str:
        return self._h.render("md")

    def to_html(self) -> str:
        """One self-contained page with SVG charts."""
        return self._h.render("html")

    def to_focus_csv(self) -> str:
        """The lines as FOCUS cost-and-usage rows."""
        return self._h.render("csv")

    def write(self, path: str, format: str = "json") -> None:
        """Writes the report in `format` (json, csv, md, html) to `path`."""
        text = self._h.render(format)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)

    def lines_frame(self) -> Any:
        """The lines as a pandas DataFrame (amounts as Decimal objects); needs pandas."""
        import pandas  # noqa: PLC0415 - optional dependency, imported only here

        return pandas.DataFrame(
            [{"category": l.category.value, "component": l.component,
              "phase": l.phase.value if l.phase else None, "description": l.description,
              "amount": l.amount, "formula": l.formula, "service": l.identity.service,
              "region": l.identity.region, "usage_type": l.identity.usage_type}
             for l in self.lines],
            columns=["category", "component", "phase", "description", "amount", "formula",
                     "service", "region", "usage_type"])

    def inputs_frame(self) -> Any:
        """The inputs as a pandas DataFrame: name, value (Decimal, None when unknown), unit, kind
        and provenance; needs pandas."""
        import pandas  # noqa: PLC0415 - optional dependency, imported only here

        return pandas.DataFrame(
            [{"name": r.name, "value": r.value.value if r.value else None,
              "unit": r.value.unit if r.value else "", "kind": r.kind,
              "provenance": r.provenance} for r in self.inputs],
            columns=["name", "value", "unit", "kind", "provenance"])

    def __repr__(self) -> str:
        return f"<trncost.Estimate total={self.total} USD status={self.status.value}>"


# --------------------------------------------------------------------------------------------------
# Analysis results


@dataclasses.dataclass(frozen=True)
class TornadoBar:
    input: str
    kind: str
    basis: str
    baseline_value: Decimal
    low: Decimal
    high: Decimal
    total_at_low: Decimal
    total_at_high: Decimal
    swing: Decimal


@dataclasses.dataclass(frozen=True)
class Tornado:
    """One-at-a-time sensitivity of the total: measured inputs apart from everything else."""

    baseline_total: Decimal
    observed: Tuple[TornadoBar, ...]
    assumptions: Tuple[TornadoBar, ...]


def _bar(t: Sequence[str]) -> TornadoBar:
    return TornadoBar(t[0], t[1], t[2], *(Decimal(x) for x in t[3:]))


@dataclasses.dataclass(frozen=True)
class Distribution:
    """How an uncertain input is drawn; made by uniform(), triangular(), lognormal_90(), empirical()."""

    kind: str
    params: Tuple[Decimal, ...]


def uniform(low: Union[str, int, Decimal], high: Union[str, int, Decimal]) -> Distribution:
    return Distribution("uniform", (_exact(low, "low"), _exact(high, "high")))


def triangular(low: Union[str, int, Decimal], mode: Union[str, int, Decimal],
               high: Union[str, int, Decimal]) -> Distribution:
    return Distribution("triangular", (_exact(low, "low"), _exact(mode, "mode"), _exact(high, "high")))


def lognormal_90(low: Union[str, int, Decimal], high: Union[str, int, Decimal]) -> Distribution:
    """A lognormal whose 90 % interval is [low, high]."""
    return Distribution("lognormal_90", (_exact(low, "low"), _exact(high, "high")))


def empirical(values: Iterable[Union[str, int, Decimal]]) -> Distribution:
    """Draws from the values observed (repetitions of a run)."""
    return Distribution("empirical", tuple(_exact(v, "value") for v in values))


@dataclasses.dataclass(frozen=True)
class MonteCarlo:
    """The band of the total (floats: analysis, not money) and, when kept, every sample's total
    (a NumPy array when NumPy is installed, else a list)."""

    samples: int
    seed: int
    baseline: float
    mean: float
    p5: float
    p50: float
    p95: float
    min: float
    max: float
    p_over_budget: Optional[float]
    varied: Tuple[str, ...]
    totals: Any
    correlations: Tuple[str, ...] = ()  #: "a and b: rank correlation 0.8", in the order given


@dataclasses.dataclass(frozen=True)
class Correlation:
    """Two uncertain inputs drawn together: their rank (Spearman) correlation, from -1 to 1."""

    first: str
    second: str
    rho: Decimal


def correlation(first: str, second: str, rho: Union[str, int, Decimal]) -> Correlation:
    """``correlation("fine-tune.throughput", "mfu", "0.8")``: the two move together (a Gaussian
    copula; each keeps its own distribution). A float rho is refused (TypeError)."""
    return Correlation(first, second, _exact(rho, "rho"))


@dataclasses.dataclass(frozen=True)
class ScenarioOverride:
    """An input a scenario sets: its new value and what that value rests on (its provenance,
    described)."""

    input: str
    value: Decimal
    rationale: str


@dataclasses.dataclass(frozen=True)
class GapPart:
    """What one override explains alone: the total with only it, minus the measured total."""

    input: str
    baseline: Decimal
    value: Decimal
    effect: Decimal


@dataclasses.dataclass(frozen=True)
class ScenarioResult:
    """One scenario beside the measured one (never blended): its total, its gap to the measured
    total, each override alone and their interaction (gap = the parts' effects + interaction)."""

    name: str
    total: Decimal
    gap: Decimal
    interaction: Decimal
    overrides: Tuple[ScenarioOverride, ...]
    parts: Tuple[GapPart, ...]
    by_category: Dict[Category, Decimal]


def _samples_out(buf: Any) -> Any:
    if buf is None:
        return None
    try:
        import numpy  # noqa: PLC0415 - optional
    except ImportError:
        return memoryview(buf).tolist()
    return numpy.asarray(buf)  # shares the C++ buffer: no copy


class _Analysable:
    """What scenarios and Python-built models share: evaluation input names and analysis."""

    _m: Any

    def input_names(self) -> List[str]:
        """The model's input names, as tornado() and monte_carlo() name them."""
        return list(self._m.input_names())

    def tornado(self, band: Union[None, str, Decimal] = "0.1", *, observed: bool = False,
                vary_assumptions: bool = False) -> Tornado:
        """+/- `band` (a share, "0.1" = 10 %) on every measured input, one at a time; counts stay
        whole. With `observed`, each median of measured runs (run logs) goes between the min and
        max of its runs instead, and the other measured inputs take the band (none when `band` is
        None)."""
        share = "" if band is None else _text(_exact(band, "band"))
        base, observed_bars, assumed = self._m.tornado(share, vary_assumptions, observed)
        return Tornado(Decimal(base), tuple(_bar(b) for b in observed_bars),
                       tuple(_bar(b) for b in assumed))

    def monte_carlo(self, inputs: Mapping[str, Distribution], *, samples: int = 100_000,
                    seed: int = 1, budget: Union[None, str, int, Decimal] = None,
                    keep_samples: bool = True,
                    correlations: Iterable[Correlation] = ()) -> MonteCarlo:
        """Samples the total with each named input drawn from its distribution, the pairs of
        `correlations` drawn together; the loop runs in C++ without the GIL."""
        spec = [(name, d.kind, [_text(p) for p in d.params]) for name, d in inputs.items()]
        b = None if budget is None else _text(_exact(budget, "budget"))
        pairs = []
        for c in correlations:
            if not isinstance(c, Correlation):
                raise TypeError("trncost: a correlation is trncost.correlation(first, second, rho)")
            pairs.append((c.first, c.second, _text(c.rho)))
        stats, buf = self._m.monte_carlo(spec, samples, seed, b, keep_samples, pairs)
        return MonteCarlo(stats["samples"], stats["seed"], stats["baseline"], stats["mean"],
                          stats["p5"], stats["p50"], stats["p95"], stats["min"], stats["max"],
                          stats["p_over_budget"], tuple(stats["varied"]), _samples_out(buf),
                          tuple(stats["correlations"]))

    def scenarios(self, scenarios: Mapping[str, Iterable[Sourced]]) -> List[ScenarioResult]:
        """The measured scenario (every input as sourced) and each named one beside it, never
        blended: ``{"conservative": [sourced("fine-tune.price", "25.80", "USD/instance-h",
        third_party(...))]}``, each override a sourced value named by the input it sets, in that
        input's unit. The measured scenario comes first."""
        named = []
        for name, overrides in scenarios.items():
            records = []
            for o in overrides:
                if not isinstance(o, Sourced):
                    raise TypeError(f"trncost: scenario '{name}': an override is "
                                    "trncost.sourced(input, value, unit, provenance), with its "
                                    "provenance like every input")
                records.append(o._record())
            named.append((name, records))
        return [ScenarioResult(n, Decimal(t), Decimal(g), Decimal(i),
                               tuple(ScenarioOverride(a, Decimal(v), r) for a, v, r in ovs),
                               tuple(GapPart(a, Decimal(f), Decimal(v), Decimal(e))
                                     for a, f, v, e in parts),
                               _decimals(cats, Category))
                for n, t, g, i, ovs, parts, cats in self._m.scenarios(named)]


class Scenario(_Analysable):
    """A scenario file read and built into a model (prices, runs, components)."""

    __slots__ = ("_m", "path")

    def __init__(self, handle: Any, path: str) -> None:
        self._m = handle
        self.path = path

    @property
    def title(self) -> str:
        return self._m.title

    def estimate(self) -> Estimate:
        """The estimate as of the scenario's date, with its freshness window."""
        return Estimate(self._m.estimate())


def load(path: str) -> Scenario:
    """Reads a scenario file (docs/scenario.md); errors name the file, the line and the key."""
    return Scenario(_core.load_scenario(str(path)), str(path))


# --------------------------------------------------------------------------------------------------
# Studies and plans, from their files


@dataclasses.dataclass(frozen=True)
class OptionGrant:
    """One grant as an option of a study meets it: what it pays the option, whether the option can
    use it at all (a grant that covers none of its services cannot), the day it runs out for the
    option (None when it lasts to its last valid day) and what is lost at expiry."""

    name: str
    used: Decimal
    usable: bool
    runs_out_on: Optional[_dt.date]
    lost_at_expiry: Decimal


@dataclasses.dataclass(frozen=True)
class StudyOption:
    """One option of a study: its estimate (with its decision and credits) and its work in the
    study's unit; with grants, what the credits pay of it (credits), the cash left, the credits
    lost at expiry, its runway (the day the grants it can use stop paying; None when none can) and
    each grant as it meets the option."""

    name: str
    title: str
    work: Decimal
    estimate: Estimate
    credits: Decimal = Decimal(0)
    cash: Decimal = Decimal(0)
    lost_at_expiry: Decimal = Decimal(0)
    runway: Optional[_dt.date] = None
    grants: Tuple[OptionGrant, ...] = ()


@dataclasses.dataclass(frozen=True)
class CashRank:
    """One ranked option by the cash paid after credits (the study's decision when it has
    grants): its rank there and by list total, the list total, the credits, the cash and the cash
    per unit of work."""

    name: str
    rank: int
    list_rank: int
    total: Decimal
    credits: Decimal
    cash: Decimal
    lost_at_expiry: Decimal
    work: Decimal
    cash_per_work: Decimal


@dataclasses.dataclass(frozen=True)
class DemandWindow:
    """A range of average demand (token/s) where hosting costs no more than the API; `to` None
    when it holds for good from `start`."""

    start: Decimal
    to: Optional[Decimal]


@dataclasses.dataclass(frozen=True)
class BreakEven:
    """A self-hosted option against a hosted API at the demand they share: the least average demand
    (token/s) at which hosting costs no more, or None when it never does; both totals there (at the
    stated demand when there is none). For a fleet in whole instances (stepwise), the windows of
    demand where hosting costs no more, by list total and, when each option's credits are the same
    at any demand, by cash after credits (credits: the hosted option's and the API's)."""

    hosted: str
    api: str
    component: str
    baseline: Decimal
    demand: Optional[Decimal]
    hosted_total: Decimal
    api_total: Decimal
    stepwise: bool = False
    windows: Tuple[DemandWindow, ...] = ()
    windows_after_credits: Tuple[DemandWindow, ...] = ()
    credits: Optional[Tuple[Decimal, Decimal]] = None
    #: The hosted option's peak at `demand` (the same peak / average as stated); None without one.
    peak: Optional[Decimal] = None
    #: How far the stepwise windows were searched: 10 x the stated demand.
    bound: Decimal = Decimal(0)
    #: Both totals at the stated demand (with credits: both cash amounts).
    hosted_at_baseline: Decimal = Decimal(0)
    api_at_baseline: Decimal = Decimal(0)


@dataclasses.dataclass(frozen=True)
class WhatIfPoint:
    """One value of a what-if: per option (the study's order), its total and its cash after
    credits (None where its credits are not the same at any value)."""

    value: Decimal
    totals: Tuple[Decimal, ...]
    cash: Tuple[Optional[Decimal], ...]


@dataclasses.dataclass(frozen=True)
class WhatIf:
    """One input of a study swept over a range, every point exact (docs/analysis.md, "What-if"):
    the options, whether each has the input (else its total holds), the points, and the table
    (markdown) and chart (svg) the command writes."""

    input: str
    unit: str
    options: Tuple[str, ...]
    varies: Tuple[bool, ...]
    points: Tuple[WhatIfPoint, ...]
    markdown: str
    svg: str


class Study:
    """A study file read and evaluated (docs/scenario.md, "Studies"): every option, the comparison,
    the decision, the break-evens; its reports byte for byte the command's."""

    __slots__ = ("_h", "path")

    def __init__(self, handle: Any, path: str) -> None:
        self._h = handle
        self.path = path

    @property
    def title(self) -> str:
        return self._h.title

    @property
    def work_unit(self) -> str:
        return self._h.work_unit

    @property
    def decided_for(self) -> Optional[str]:
        """The option ranked first in the first quality group, or None when none ranks."""
        return self._h.decided_for

    @property
    def outcome(self) -> str:
        """The study's decision: continue, compare another option, or suspend."""
        return self._h.outcome

    @property
    def options(self) -> List[StudyOption]:
        out = []
        for (n, t, w, h), c in zip(self._h.options(), self._h.credits()):
            grants = tuple(OptionGrant(g["name"], Decimal(g["used"]), g["usable"],
                                       _day(g["runs_out_on"]), Decimal(g["lost_at_expiry"]))
                           for g in c["grants"])
            out.append(StudyOption(n, t, Decimal(w), Estimate(h), Decimal(c["credits"]),
                                   Decimal(c["cash"]), Decimal(c["lost_at_expiry"]),
                                   _day(c["runway"]), grants))
        return out

    @property
    def cash_ranking(self) -> List[CashRank]:
        """With grants, the ranked options by cash paid after credits (the study's decision goes
        to the first); empty without grants."""
        c = self._h.cash_ranking()
        if c is None:
            return []
        return [CashRank(k["name"], k["rank"], k["list_rank"], Decimal(k["total"]),
                         Decimal(k["credits"]), Decimal(k["cash"]), Decimal(k["lost_at_expiry"]),
                         Decimal(k["work"]), Decimal(k["cash_per_work"])) for k in c["ranked"]]

    @property
    def credit_effect(self) -> Optional[str]:
        """How the ranking by cash differs from the ranking by list total, or None without
        grants."""
        c = self._h.cash_ranking()
        return None if c is None else c["effect"]

    @property
    def break_evens(self) -> List[BreakEven]:
        def windows(ws: Any) -> Tuple[DemandWindow, ...]:
            return tuple(DemandWindow(Decimal(f), _opt_dec(t)) for f, t in ws)

        out = []
        for x in self._h.break_evens():
            credits = None if x["credits"] is None else \
                (Decimal(x["credits"][0]), Decimal(x["credits"][1]))
            out.append(BreakEven(
                hosted=x["hosted"], api=x["api"], component=x["component"],
                baseline=Decimal(x["baseline"]), demand=_opt_dec(x["demand"]),
                hosted_total=Decimal(x["hosted_total"]), api_total=Decimal(x["api_total"]),
                stepwise=x["stepwise"], windows=windows(x["windows"]),
                windows_after_credits=windows(x["windows_after_credits"]), credits=credits,
                peak=_opt_dec(x["peak"]), bound=Decimal(x["bound"]),
                hosted_at_baseline=Decimal(x["hosted_at_baseline"]),
                api_at_baseline=Decimal(x["api_at_baseline"])))
        return out

    def render(self, format: str = "md") -> str:
        """The study's report: md (default), json, html or csv, as `trncost estimate` writes it."""
        return self._h.render(format)

    def what_if(self, input: str, start: Union[str, int, Decimal], stop: Union[str, int, Decimal],
                points: int = 9) -> WhatIf:
        """`input` swept from `start` to `stop` in `points` values (both ends included), each
        option's total and cash recomputed exactly at every one, as `trncost what-if` does."""
        d = self._h.what_if(input, str(start), str(stop), points)
        pts = tuple(WhatIfPoint(Decimal(p["value"]), tuple(Decimal(t) for t in p["totals"]),
                                tuple(_opt_dec(c) for c in p["cash"])) for p in d["points"])
        return WhatIf(d["input"], d["unit"], tuple(d["options"]), tuple(d["varies"]), pts,
                      d["markdown"], d["svg"])

    def frame(self) -> Any:
        """The options as a pandas DataFrame, one row each: name, title, work (in `work_unit`),
        total, credits, cash (total - credits), runway, status and whether the study decided for
        it (money as Decimal); needs pandas."""
        import pandas  # noqa: PLC0415 - optional dependency, imported only here

        return pandas.DataFrame(
            [{"name": o.name, "title": o.title, "work": o.work, "total": o.estimate.total,
              "credits": o.credits, "cash": o.cash, "runway": o.runway,
              "status": o.estimate.status.value, "decided": o.name == self.decided_for}
             for o in self.options],
            columns=["name", "title", "work", "total", "credits", "cash", "runway", "status",
                     "decided"])


def load_study(path: str) -> Study:
    """Reads and evaluates a study file; errors name the file, the line and the key."""
    return Study(_core.load_study(str(path)), str(path))


@dataclasses.dataclass(frozen=True)
class PlanPricing:
    """Occurrences of a plan's workload priced alike: the prices in force on `in_force_on` (its
    first occurrence's start), as known on the scenario's as-of date; `versions` the effective dates
    of the versions its quoted prices come from; `latest_known` when it is priced with the latest
    version known; `occurrences` their indices (from 0); `per_occurrence` what each costs."""

    in_force_on: _dt.date
    versions: Tuple[_dt.date, ...]
    latest_known: bool
    occurrences: Tuple[int, ...]
    per_occurrence: Decimal


@dataclasses.dataclass(frozen=True)
class PlanWorkload:
    """One workload of a plan: its occurrences ([start, end) days) and what it drew; how long one
    occurrence lasts, in days (exact for whole days, else seconds / 86,400 to 18 digits) and in
    seconds, and whether that is its workload's own wall-clock time (neither days nor end written:
    to the second, its last day spent in part)."""

    name: str
    occurrences: Tuple[Tuple[_dt.date, _dt.date], ...]
    spend: Decimal
    credits: Decimal
    cash: Decimal
    days: Decimal
    seconds: int
    days_from_workload: bool
    #: Its occurrences grouped by the prices in force on their days (the plan document's
    #: `pricings`): one group when every occurrence costs the same.
    pricings: Tuple[PlanPricing, ...] = ()


class Plan:
    """A plan file read and evaluated (docs/scenario.md, "Plans"): workloads over calendar time on
    one set of grants."""

    __slots__ = ("_h", "path", "_d")

    def __init__(self, handle: Any, path: str) -> None:
        self._h = handle
        self.path = path
        self._d = handle.data()

    @property
    def title(self) -> str:
        return self._h.title

    @property
    def spend(self) -> Decimal:
        return Decimal(self._d["spend"])

    @property
    def credits(self) -> Decimal:
        return Decimal(self._d["credits"])

    @property
    def cash(self) -> Decimal:
        return Decimal(self._d["cash"])

    @property
    def lost_at_expiry(self) -> Decimal:
        return Decimal(self._d["lost"])

    @property
    def runway(self) -> Optional[_dt.date]:
        """The first day no credit pays, or None when a grant still pays at the plan's end."""
        return _day(self._d["runway"])

    @property
    def workloads(self) -> List[PlanWorkload]:
        # The pricings as the plan's document says them, read by member name.
        doc = _json.loads(self._h.render("json"))
        pricings = {w["name"]: tuple(
            PlanPricing(_dt.date.fromisoformat(p["in_force_on"]),
                        tuple(_dt.date.fromisoformat(v) for v in p["versions"]),
                        p["latest_known"], tuple(p["occurrences"]), Decimal(p["per_occurrence"]))
            for p in w["pricings"]) for w in doc["workloads"]}
        return [PlanWorkload(n, tuple((_dt.date.fromisoformat(a), _dt.date.fromisoformat(b))
                                      for a, b in occ), Decimal(s), Decimal(c), Decimal(k),
                             Decimal(days), seconds, own, pricings[n])
                for n, occ, s, c, k, days, seconds, own in self._d["workloads"]]

    def render(self, format: str = "md") -> str:
        """The plan's report: md (default), html or json, as `trncost estimate` writes it."""
        return self._h.render(format)

    def to_json(self) -> str:
        """The plan as JSON (schema trncost.plan), byte for byte what `trncost estimate --format
        json` writes: every figure with the inputs that recompute it (`trncost audit`,
        tools/verify_report.py)."""
        return self._h.render("json")

    def frame(self) -> Any:
        """The workloads as a pandas DataFrame, one row each: name, occurrences, the first start,
        the last end (exclusive), spend, credits and cash (Decimal), one occurrence's days
        (Decimal, fractional for a run ending during a day); needs pandas."""
        import pandas  # noqa: PLC0415 - optional dependency, imported only here

        return pandas.DataFrame(
            [{"name": w.name, "occurrences": len(w.occurrences),
              "first_start": w.occurrences[0][0] if w.occurrences else None,
              "last_end": w.occurrences[-1][1] if w.occurrences else None,
              "spend": w.spend, "credits": w.credits, "cash": w.cash, "days": w.days}
             for w in self.workloads],
            columns=["name", "occurrences", "first_start", "last_end", "spend", "credits", "cash",
                     "days"])


def load_plan(path: str) -> Plan:
    """Reads and evaluates a plan file; errors name the file, the line and the key."""
    return Plan(_core.load_plan(str(path)), str(path))


# --------------------------------------------------------------------------------------------------
# Scenarios, studies and plans written in Python: the file's keys as a mapping (python/trncost/
# _document.py), read by the file's own parser, so that everything a file can say, Python can.


def to_toml(document: Mapping[str, Any]) -> str:
    """The TOML text of a document (a scenario, study or plan as a mapping of the file's keys, with
    trncost.sourced(), unknown() and provenance values): what trncost.scenario(), study() and plan()
    read, and what a reviewer can save and rerun with `trncost estimate`. A float is a TypeError."""
    writer = _document._Writer(Sourced, Unknown, Provenance, _core.float_refusal, _text)
    return _document.to_toml(document, writer)


def _document_text(document: Union[Mapping[str, Any], str], base_dir: str,
                   name: str) -> Tuple[str, str]:
    text = document if isinstance(document, str) else to_toml(document)
    base = str(base_dir)
    file = name if base in ("", ".") else base.rstrip("/") + "/" + name
    return text, file


def scenario(document: Union[Mapping[str, Any], str], *, base_dir: str = ".",
             name: str = "<python>") -> Scenario:
    """A scenario from a mapping of the file's keys (or its TOML text), as load() reads a file:
    price files, run logs and stores are found relative to `base_dir`; errors are the file's, naming
    `name`, the line of to_toml(document) and the key."""
    text, file = _document_text(document, base_dir, name)
    return Scenario(_core.scenario_text(text, file), file)


def study(document: Union[Mapping[str, Any], str], *, base_dir: str = ".",
          name: str = "<python>") -> Study:
    """A study (options, quality, decision, credits) from a mapping of the file's keys or its text,
    evaluated as load_study() evaluates a file."""
    text, file = _document_text(document, base_dir, name)
    return Study(_core.study_text(text, file), file)


def plan(document: Union[Mapping[str, Any], str], *, base_dir: str = ".",
         name: str = "<python>") -> Plan:
    """A plan (workloads over calendar time on one set of grants) from a mapping of the file's keys
    or its text; its workloads' scenario files are found relative to `base_dir`."""
    text, file = _document_text(document, base_dir, name)
    return Plan(_core.plan_text(text, file), file)


# --------------------------------------------------------------------------------------------------
# Run logs, as a scenario's [runs] reads them


@dataclasses.dataclass(frozen=True)
class RunPhase:
    """One phase of a run: what it was, when it started (UTC text, or None), how long it lasted
    (exact seconds) and the work it did (None where the log does not say); `origin` is the file and
    line it was read from."""

    phase: Phase
    start: Optional[str]
    seconds: Decimal
    steps: Optional[Decimal]
    tokens: Optional[Decimal]
    samples: Optional[Decimal]
    origin: str


@dataclasses.dataclass(frozen=True)
class RunIncident:
    """Something that interrupted a run: its kind, start, the seconds down and the work lost."""

    kind: str
    start: str
    seconds: Decimal
    work_lost_seconds: Decimal
    origin: str


@dataclasses.dataclass(frozen=True)
class RunQuality:
    """A quality observation of a run (an evaluation loss at a time)."""

    metric: str
    at: str
    value: Decimal
    origin: str


@dataclasses.dataclass(frozen=True)
class Run:
    """One run of a run log (docs/measure.md): what ran, where, how it ended, its phases, incidents and
    quality observations, as the scenario's [runs] reads them."""

    id: str
    model_id: str
    code_version: str
    dataset_id: str
    instance_type: str
    instances: Decimal
    region: str
    outcome: str
    ended: Optional[str]
    parameters: Tuple[Tuple[str, str], ...]
    software_stack: Tuple[Tuple[str, str], ...]
    phases: Tuple[RunPhase, ...]
    incidents: Tuple[RunIncident, ...]
    quality: Tuple[RunQuality, ...]
    target: Optional[Tuple[str, Decimal, bool]]  #: metric, target, whether higher is better
    origin: str

    def frame(self) -> Any:
        """The phases as a pandas DataFrame (seconds and counts as Decimal); needs pandas."""
        import pandas  # noqa: PLC0415 - optional dependency, imported only here

        return pandas.DataFrame(
            [{"run": self.id, "phase": p.phase.value, "start": p.start, "seconds": p.seconds,
              "steps": p.steps, "tokens": p.tokens, "samples": p.samples} for p in self.phases],
            columns=["run", "phase", "start", "seconds", "steps", "tokens", "samples"])


def read_runs(path: str) -> List[Run]:
    """Reads a run log (CSV or JSON lines, docs/measure.md) as a scenario's [runs] does; errors name the
    file, the line and the field."""
    out = []
    for d in _core.read_runs(str(path)):
        target = d["target"]
        out.append(Run(
            d["id"], d["model_id"], d["code_version"], d["dataset_id"], d["instance_type"],
            Decimal(d["instances"]), d["region"], d["outcome"], d["ended"],
            tuple(tuple(p) for p in d["parameters"]), tuple(tuple(p) for p in d["software_stack"]),
            tuple(RunPhase(Phase(ph), st, Decimal(sec), _opt_dec(stp), _opt_dec(tok),
                           _opt_dec(smp), org)
                  for ph, st, sec, stp, tok, smp, org in d["phases"]),
            tuple(RunIncident(k, st, Decimal(sec), Decimal(lost), org)
                  for k, st, sec, lost, org in d["incidents"]),
            tuple(RunQuality(m, at, Decimal(v), org) for m, at, v, org in d["quality"]),
            (target[0], Decimal(target[1]), bool(target[2])) if target else None,
            d["origin"]))
    return out


# --------------------------------------------------------------------------------------------------
# Multi-node scaling (docs/analysis.md) and compatibility evidence (docs/compat.md)


@dataclasses.dataclass(frozen=True)
class ScalingRow:
    """One node count: its throughput, its efficiency against the smallest measured count, and the
    time and cost of the job there (each a Record with its provenance: derived from the points, the
    job and the price); `measured` is False for an extrapolated count."""

    nodes: Decimal
    measured: bool
    throughput: Record
    efficiency: Record
    time: Record
    cost: Record


def scaling(points: Sequence[Tuple[Sourced, Sourced]], *, tokens: Sourced, price: Sourced,
            extrapolate: Optional[Mapping[int, Sourced]] = None) -> List[ScalingRow]:
    """The time and cost of a job of `tokens` (token) at each measured node count ((nodes in
    instance, throughput in token/s) pairs) at `price` (USD/instance-h), then at each count of
    `extrapolate` (a count beyond the largest measured one, a power of two times it, with its
    efficiency loss per doubling, dimensionless): analysis::scaling_curve, exact."""
    pts = [(_sourced(n, "nodes"), _sourced(t, "throughput")) for n, t in points]
    beyond = [(int(k), _sourced(v, "loss_per_doubling")) for k, v in (extrapolate or {}).items()]
    return [ScalingRow(Decimal(n), bool(m), Record._of(t), Record._of(e), Record._of(w),
                       Record._of(c))
            for n, m, t, e, w, c in _core.scaling(pts, _sourced(tokens, "tokens"),
                                                  _sourced(price, "price"), beyond)]


@dataclasses.dataclass(frozen=True)
class SupportRow:
    """One row of the Neuron model-support dataset as evidence: the row as read (`result`
    verbatim, `kind` what trncost makes of it), how its stack differs from the target, and its
    provenance (the dataset, the export, the line)."""

    model_id: str
    runner: str
    result: str
    kind: str
    tp: Optional[int]
    wall_s: Optional[int]
    hbm_peak_gb: Optional[Decimal]
    tested_at: str
    line: int
    error: str
    exclusion: str
    differences: Tuple[str, ...]
    provenance: str


@dataclasses.dataclass(frozen=True)
class SupportLookup:
    """The evidence for one model on one target stack: the outcome, what it proves and what it does
    not, the row it rests on (None without evidence), every row of the model and the findings."""

    model_id: str
    outcome: str
    proves: str
    does_not_prove: str
    deciding: Optional[SupportRow]
    rows: Tuple[SupportRow, ...]
    findings: Tuple[str, ...]


def _support_row(t: Sequence[Any]) -> SupportRow:
    (model_id, runner, result, kind, tp, wall_s, hbm, tested_at, line, error, exclusion,
     differences, prov) = t
    return SupportRow(model_id, runner, result, kind, tp, wall_s, _opt_dec(hbm), tested_at, line,
                      error, exclusion, tuple(differences), prov)


class ModelSupport:
    """A model-support export (CSV or JSON lines) read: look a model up on a stack."""

    __slots__ = ("_h", "path")

    def __init__(self, handle: Any, path: str) -> None:
        self._h = handle
        self.path = path

    def __len__(self) -> int:
        return self._h.size()

    @property
    def findings(self) -> List[str]:
        """What the reader noticed: absent optional columns, unknown results, duplicates."""
        return list(self._h.findings())

    def lookup(self, model_id: str, **stack: str) -> SupportLookup:
        """The evidence for `model_id` (exact) on the stack given by field (neuronx_cc="2.21...",
        torch_neuronx=..., ...; a field left out accepts any version); an unknown field is an
        InputError naming the fields."""
        d = self._h.lookup(model_id, dict(stack))
        return SupportLookup(d["model_id"], d["outcome"], d["proves"], d["does_not_prove"],
                             _support_row(d["deciding"]) if d["deciding"] is not None else None,
                             tuple(_support_row(r) for r in d["rows"]), tuple(d["findings"]))


def read_model_support(path: str, *, consulted: Union[str, _dt.date]) -> ModelSupport:
    """Reads an export of the Neuron model-support dataset (.csv, .jsonl) consulted on a day; errors
    name the file, the line and the column."""
    return ModelSupport(_core.read_model_support(str(path), _date_text(consulted, "consulted")),
                        str(path))


# --------------------------------------------------------------------------------------------------
# Why the budget moved: two estimates or reports compared (`trncost diff`)


@dataclasses.dataclass(frozen=True)
class DiffLine:
    """A line of either side, matched by category, component, phase and description, then the
    lines left by category, component and phase (another instance type is this line changed);
    `before` or `after` is None when that side lacks the line or leaves it unpriced."""

    category: Category
    component: str
    phase: Optional[Phase]
    description: str
    before: Optional[Decimal]
    after: Optional[Decimal]
    change: Decimal
    #: the after side's description when the line was matched by its role and reads otherwise
    description_after: str = ""


@dataclasses.dataclass(frozen=True)
class DiffInput:
    """An input whose value, unit or provenance changed ("21.5 USD/instance-h", "unknown"; None
    where a side lacks it), with where each side's value came from."""

    name: str
    before: Optional[str]
    after: Optional[str]
    before_source: str
    after_source: str


@dataclasses.dataclass(frozen=True)
class DiffStep:
    """One step of the attribution: the change of the total when `input` takes its new value (after
    the earlier steps' inputs took theirs); `input` is "" for the structural step."""

    input: str
    before: str
    after: str
    effect: Decimal


@dataclasses.dataclass(frozen=True)
class Diff:
    """`trncost diff`: the change of the total, per line, per input, and its attribution, whose
    effects add up to `total_change` exactly."""

    total_before: Decimal
    total_after: Decimal
    total_change: Decimal
    status_before: Status
    status_after: Status
    lines: Tuple[DiffLine, ...]
    inputs: Tuple[DiffInput, ...]
    attribution: Tuple[DiffStep, ...]
    text: str
    markdown: str
    html: str  #: the same as one self-contained page (`trncost diff --format html`)

    def frame(self) -> Any:
        """The attribution as a pandas DataFrame (effects as Decimal objects); needs pandas."""
        import pandas  # noqa: PLC0415 - optional dependency, imported only here

        return pandas.DataFrame([dataclasses.asdict(s) for s in self.attribution],
                                columns=["input", "before", "after", "effect"])


def _report_of(x: Union[Estimate, str], what: str) -> Tuple[str, str]:
    if isinstance(x, Estimate):
        return x.to_json(), what
    if isinstance(x, str):
        with open(x, encoding="utf-8") as f:
            return f.read(), x
    raise TypeError(f"trncost: {what} is an Estimate or the path of a JSON report, not a "
                    f"{type(x).__name__}")


def diff(before: Union[Estimate, str], after: Union[Estimate, str]) -> Diff:
    """Why the total moved from `before` to `after` (Estimates or paths of JSON reports), as
    `trncost diff` says it; `text`, `markdown` and `html` are the command's three formats."""
    a, an = _report_of(before, "before")
    b, bn = _report_of(after, "after")
    d = _core.diff(a, an, b, bn)
    lines = tuple(DiffLine(Category(x["category"]), x["component"],
                           Phase(x["phase"]) if x["phase"] else None, x["description"],
                           _opt_dec(x["before"]), _opt_dec(x["after"]), Decimal(x["change"]),
                           x["description_after"])
                  for x in d["lines"])
    inputs = tuple(DiffInput(*t) for t in d["inputs"])
    steps = tuple(DiffStep(i, x, y, Decimal(e)) for i, x, y, e in d["attribution"])
    return Diff(Decimal(d["total_before"]), Decimal(d["total_after"]), Decimal(d["total_change"]),
                Status(d["status_before"]), Status(d["status_after"]), lines, inputs, steps,
                d["text"], d["markdown"], d["html"])


# --------------------------------------------------------------------------------------------------
# Models built in Python


@dataclasses.dataclass(frozen=True)
class InstanceTime:
    """Instances over billed time (per-second billing): one line per phase. Durations in seconds,
    the count in instances, the price in USD/instance-h."""

    name: str
    instance_type: str
    count: Union[Sourced, Unknown]
    price: Union[Sourced, Unknown]
    phases: Mapping[Phase, Sourced]

    def _add(self, m: Any) -> None:
        phases = [(Phase(p).value, _sourced(d, f"phase {Phase(p).value}")) for p, d in self.phases.items()]
        m.add_instance_time(self.name, self.instance_type, _input(self.count, "count"),
                            _input(self.price, "price"), phases)


@dataclasses.dataclass(frozen=True)
class BlockStorage:
    """Block volumes (EBS) kept for a while: size in GiB, kept in s, h (both under the 730-hour
    month) or mo, price in USD/GiB-mo."""

    name: str
    volume_type: str
    size: Union[Sourced, Unknown]
    kept: Sourced
    price: Union[Sourced, Unknown]
    volumes: Optional[Sourced] = None

    def _add(self, m: Any) -> None:
        m.add_block_storage(self.name, self.volume_type, _input(self.size, "size"),
                            _sourced(self.kept, "kept"), _input(self.price, "price"),
                            None if self.volumes is None else _sourced(self.volumes, "volumes"))


class Model(_Analysable):
    """A cost model built in Python from components with sourced inputs."""

    __slots__ = ("_m",)

    def __init__(self, title: str = "Cost estimate") -> None:
        self._m = _core.Model()
        self._m.title = title

    def add(self, component: Union[InstanceTime, BlockStorage]) -> "Model":
        """Adds a component; returns the model, so calls chain."""
        if not isinstance(component, (InstanceTime, BlockStorage)):
            raise TypeError(f"trncost: Model.add() takes a component (InstanceTime, BlockStorage), "
                            f"not a {type(component).__name__}")
        component._add(self._m)
        return self

    def declare_none(self, category: Category, reason: str) -> "Model":
        """A category that is legitimately empty, and why."""
        self._m.declare_none(Category(category).value, reason)
        return self

    def evaluate(self, as_of: Union[str, _dt.date], *, freshness_days: int = 30) -> Estimate:
        """The estimate at an as-of date (nothing used may be dated after it)."""
        return Estimate(self._m.evaluate(_date_text(as_of, "as_of"), freshness_days))


# --------------------------------------------------------------------------------------------------
# Audit, comparison, decision, credits


@dataclasses.dataclass(frozen=True)
class AuditResult:
    """What the audit recomputed from a JSON document alone (an estimate's report, a study, a plan
    or a reconciliation: `kind`); `ok` False names the first mismatch, `recomputed` says what was
    recomputed as `trncost audit` does; the counts are an estimate's or a study's (0 otherwise)."""

    ok: bool
    first_mismatch: str
    inputs: int
    derivations: int
    lines: int
    kind: str = "estimate"  #: "estimate", "study", "plan" or "reconciliation"
    recomputed: str = ""

    def __bool__(self) -> bool:
        return self.ok


def audit(json_text: str, file: str = "report") -> AuditResult:
    """Recomputes a JSON document trncost wrote from the document alone, as `trncost audit` does:
    an estimate's report (every derivation, line and total), a study's, a plan's (schedule, grants,
    draws, totals) or a reconciliation's; ParseError for text that is no such document (naming
    `file`)."""
    return AuditResult(*_core.audit(json_text, file))


def render_report(json_text: str, format: str = "md", title: str = "Cost estimate",
                  file: str = "report") -> str:
    """An estimate's JSON report as Markdown ("md") or HTML ("html") from the report alone, as
    `trncost render` writes it: audited first (InputError naming the first mismatch when it does not
    recompute); byte for byte Estimate.to_markdown() / to_html() of the estimate that wrote it, given
    the same title. ParseError for a report that does not parse (naming `file`)."""
    if format not in formats_of("rendered estimate"):
        raise ValueError(_core.format_refusal(str(format), "rendered estimate"))
    return _core.render_report(json_text, format, title, file)


@dataclasses.dataclass(frozen=True)
class Format:
    """A format trncost writes reports in (the C++ table of report/formats.hpp): the name
    `render()`, `python -m trncost --format` and `trncost --format` take, the extension of a file
    written in it, its media type, what it is, and the report kinds written in it ("estimate",
    "study", "plan", "diff", "reconciliation", "rendered estimate", "what-if")."""

    name: str
    extension: str
    media_type: str
    what: str
    kinds: Tuple[str, ...]


def formats() -> Tuple[Format, ...]:
    """Every format of the table, in its order: json, csv, md, html, text, svg."""
    return tuple(Format(n, e, m, w, tuple(k)) for n, e, m, w, k in _core.formats())


def formats_of(kind: str) -> Tuple[str, ...]:
    """The names of the formats a `kind` report is written in ("plan": json, md, html);
    ValueError for a kind the table does not know."""
    known = {k for f in formats() for k in f.kinds}
    if kind not in known:
        raise ValueError(f"unknown report kind {kind!r}; the kinds are {', '.join(sorted(known))}")
    return tuple(f.name for f in formats() if kind in f.kinds)


@dataclasses.dataclass(frozen=True)
class Protocol:
    """What an option's quality was measured on and what it reached."""

    dataset_id: str
    metric: str
    target: Union[str, int, Decimal]
    lower_is_better: bool = True
    reached: Union[None, str, int, Decimal] = None
    stack: str = ""

    def _args(self) -> Tuple[Any, ...]:
        reached = None if self.reached is None else _text(_exact(self.reached, "reached"))
        return (self.dataset_id, self.metric, _text(_exact(self.target, "target")),
                self.lower_is_better, reached, self.stack)


@dataclasses.dataclass(frozen=True)
class Option:
    name: str
    estimate: Estimate
    quality: Protocol
    seconds_to_target: Union[None, str, int, Decimal] = None


@dataclasses.dataclass(frozen=True)
class RankedOption:
    name: str
    cost: Decimal
    seconds: Optional[Decimal]
    cost_rank: int
    time_rank: Optional[int]
    cost_ratio: Decimal
    time_ratio: Optional[Decimal]
    stack: str


@dataclasses.dataclass(frozen=True)
class ComparisonGroup:
    """Options measured on one protocol, cheapest first; the others are set apart with a reason."""

    dataset_id: str
    metric: str
    target: Decimal
    differences: Tuple[str, ...]
    ranked: Tuple[RankedOption, ...]
    apart: Tuple[Tuple[str, str], ...]


def _dec(x: Optional[str]) -> Optional[Decimal]:
    return None if x is None else Decimal(x)


def compare(options: Sequence[Option]) -> List[ComparisonGroup]:
    """Options compared on the cost to reach their quality target."""
    args = []
    for o in options:
        secs = None if o.seconds_to_target is None else _text(_exact(o.seconds_to_target, "seconds"))
        args.append((o.name, o.estimate._h, *o.quality._args(), secs))
    out = []
    for ds, metric, target, diffs, ranked, apart in _core.compare(args):
        out.append(ComparisonGroup(
            ds, metric, Decimal(target), tuple(diffs),
            tuple(RankedOption(n, Decimal(c), _dec(s), cr, tr, Decimal(ratio), _dec(tratio), st)
                  for n, c, s, cr, tr, ratio, tratio, st in ranked),
            tuple(apart)))
    return out


@dataclasses.dataclass(frozen=True)
class Decision:
    """Continue, compare another option, or suspend, with the reasons for each."""

    outcome: str
    suspend_reasons: Tuple[str, ...]
    compare_reasons: Tuple[str, ...]
    continue_reasons: Tuple[str, ...]


def decide(estimate: Estimate, *, quality: Protocol, region: str, stated_check: str = "",
           bottlenecks: Sequence[str] = (), porting_unjustified: Optional[str] = None) -> Decision:
    """The continue / compare / suspend decision for one option."""
    outcome, s, c, k = _core.decide(estimate._h, *quality._args(), region, stated_check,
                                    list(bottlenecks), porting_unjustified)
    return Decision(outcome, tuple(s), tuple(c), tuple(k))


@dataclasses.dataclass(frozen=True)
class Grant:
    """Credits as AWS words them: an amount in USD (sourced), valid from `issued` through
    `last_valid_day` (the last day it can pay, as the billing console shows the expiry date), for
    the AWS services it covers (codes such as "AmazonEC2" or names such as "Amazon Elastic Compute
    Cloud"). A cost line whose service is unknown is never covered."""

    name: str
    amount: Sourced
    issued: Union[str, _dt.date]
    last_valid_day: Union[str, _dt.date]
    services: Tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class GrantOutcome:
    name: str
    amount: Decimal
    used: Decimal
    balance_at_end: Decimal
    exhausted_on: Optional[_dt.date]
    wasted_at_expiry: Optional[Decimal]
    unused_at_schedule_end: Decimal
    last_valid_day: _dt.date
    runs_out_on: Optional[_dt.date]  #: in the schedule or projected past it at the estimate's rate
    lost_at_expiry: Decimal          #: the balance left on the last valid day


@dataclasses.dataclass(frozen=True)
class BurnDownPeriod:
    start: _dt.date
    end: _dt.date
    spend: Decimal
    credits_used: Decimal
    uncovered: Decimal
    balance_after: Tuple[Decimal, ...]  #: per grant, in application order


@dataclasses.dataclass(frozen=True)
class BurnDown:
    """Grants applied earliest expiry first against the spend, period by period."""

    grants: Tuple[GrantOutcome, ...]
    periods: Tuple[BurnDownPeriod, ...]
    total_spend: Decimal
    total_credits: Decimal
    total_uncovered: Decimal
    total_wasted: Decimal
    runway: Optional[_dt.date]
    findings: Tuple[str, ...]

    def frame(self) -> Any:
        """The periods as a pandas DataFrame; needs pandas."""
        import pandas  # noqa: PLC0415 - optional dependency, imported only here

        return pandas.DataFrame(
            [{"start": p.start, "end": p.end, "spend": p.spend, "credits_used": p.credits_used,
              "uncovered": p.uncovered} for p in self.periods],
            columns=["start", "end", "spend", "credits_used", "uncovered"])


def _day(x: Optional[str]) -> Optional[_dt.date]:
    return None if x is None else _dt.date.fromisoformat(x)


def burn_down(grants: Sequence[Grant], estimate: Estimate, *, start: Union[str, _dt.date],
              end: Union[str, _dt.date], repeats: bool = False) -> BurnDown:
    """The job's spend spread evenly over [start, end), paid by the grants. Nothing is projected
    past `end` unless `repeats` (the job runs again at the same rate: the runway projection), as a
    scenario's `[spend] repeats` says."""
    args = [(g.name, _sourced(g.amount, "grant amount"), _date_text(g.issued, "issued"),
             _date_text(g.last_valid_day, "last_valid_day"), list(g.services)) for g in grants]
    d = _core.burn_down(args, estimate._h, _date_text(start, "start"), _date_text(end, "end"),
                        bool(repeats))
    return BurnDown(
        tuple(GrantOutcome(n, Decimal(a), Decimal(u), Decimal(b), _day(ex), _dec(w), Decimal(un),
                           _dt.date.fromisoformat(lv), _day(ro), Decimal(lost))
              for n, a, u, b, ex, w, un, lv, ro, lost in d["grants"]),
        tuple(BurnDownPeriod(_dt.date.fromisoformat(s), _dt.date.fromisoformat(e), Decimal(sp),
                             Decimal(cu), Decimal(un), tuple(Decimal(x) for x in bal))
              for s, e, sp, cu, un, bal in d["periods"]),
        Decimal(d["total_spend"]), Decimal(d["total_credits"]), Decimal(d["total_uncovered"]),
        Decimal(d["total_wasted"]), _day(d["runway"]), tuple(d["findings"]))


# --------------------------------------------------------------------------------------------------
# The bill against the estimate, and the budget gate


def _estimate_arg(estimate: Union[Estimate, str], what: str) -> Any:
    if isinstance(estimate, Estimate):
        return estimate._h
    if isinstance(estimate, str):
        return estimate
    raise TypeError(f"{what}: an Estimate or the path of a JSON report, not {type(estimate).__name__}")


def _opt_dec(x: Optional[str]) -> Optional[Decimal]:
    return None if x is None else Decimal(x)


@dataclasses.dataclass(frozen=True)
class ReconcileRow:
    """One identity: the estimate's lines that have it against the bill's rows that match it."""

    identity: Identity
    rate_codes: Tuple[str, ...]
    lines: Tuple[str, ...]
    in_estimate: bool
    unpriced: bool
    estimated: Decimal
    billed: Decimal
    bill_rows: int
    difference: Decimal              #: billed - estimated
    unit: str                        #: the unit both count in ("Hrs"), "" when they do not
    estimated_quantity: Optional[Decimal]
    billed_quantity: Optional[Decimal]
    usage_effect: Optional[Decimal]  #: (billed - estimated quantity) x estimated rate
    price_effect: Optional[Decimal]  #: the rest of the difference
    why: str
    billed_as: Optional[Provenance]  #: the bill as a measurement, for the next estimate
    #: the resources its rows were billed for (instances, volumes), largest first
    resources: Tuple["ReconcileResource", ...] = ()


@dataclasses.dataclass(frozen=True)
class ReconcileResource:
    """A resource behind a reconciliation row, as the bill's resource id names it ("" for rows that
    name none): its rows, what they billed and their quantity in the row's unit, from start to
    end (UTC, "2024-09-01T00:00:00Z")."""

    id: str
    rows: int
    billed: Decimal
    quantity: Optional[Decimal]
    start: str
    end: str


@dataclasses.dataclass(frozen=True)
class ReconcileTotal:
    """Bill rows counted together: a kind of charge, or a reason rows were left out."""

    what: str
    rows: int
    amount: Decimal


@dataclasses.dataclass(frozen=True)
class Reconciliation:
    """The estimate against the bill (docs/cli.md#reconcile): rows, other charges, rows left out."""

    estimate: str
    bill: str
    layout: str
    currency: str
    basis: str
    regions: Tuple[str, ...]
    rows_read: int
    rows_kept: int
    estimated: Decimal
    unpriced_lines: int
    billed_usage: Decimal
    difference: Decimal
    other_charges_total: Decimal
    invoiced: Decimal
    rows: Tuple[ReconcileRow, ...]
    other_charges: Tuple[ReconcileTotal, ...]
    left_out: Tuple[ReconcileTotal, ...]
    json: str = dataclasses.field(repr=False)
    markdown: str = dataclasses.field(repr=False)
    html: str = dataclasses.field(repr=False)

    def to_json(self) -> str:
        """The reconciliation as JSON (schema trncost.reconciliation), exact decimal strings."""
        return self.json

    def to_markdown(self) -> str:
        """The reconciliation as Markdown, the command's text."""
        return self.markdown

    def to_html(self) -> str:
        """The reconciliation as one self-contained HTML page, the command's."""
        return self.html

    def frame(self) -> Any:
        """The rows as a pandas DataFrame (amounts as Decimal objects); needs pandas."""
        import pandas  # noqa: PLC0415 - optional dependency, imported only here

        return pandas.DataFrame(
            [{"service": r.identity.service, "region": r.identity.region,
              "usage_type": r.identity.usage_type, "estimated": r.estimated, "billed": r.billed,
              "difference": r.difference, "bill_rows": r.bill_rows, "why": r.why}
             for r in self.rows],
            columns=["service", "region", "usage_type", "estimated", "billed", "difference",
                     "bill_rows", "why"])


def _identity_of(d: Mapping[str, Any]) -> Identity:
    return Identity(*(d.get(k) or "" for k in
                      ("service", "region", "instance_type", "usage_type", "purchase_option",
                       "offer")))


def reconcile(estimate: Union[Estimate, str], bill: str, *,
              start: Union[None, str, _dt.date, _dt.datetime] = None,
              end: Union[None, str, _dt.date, _dt.datetime] = None,
              accounts: Sequence[str] = (), regions: Sequence[str] = (),
              tags: Mapping[str, str] = {}, cost: str = "effective",
              name: Optional[str] = None) -> Reconciliation:
    """The bill (a FOCUS 1.x, legacy CUR or CUR 2.0 CSV file, plain or gzip, or a folder of its
    parts or its export's manifest, read as one bill) against an Estimate or an audited JSON
    report, as `trncost reconcile` does: rows charged in [start, end), of `accounts`, `regions`
    (by default every region, a row of one the estimate has no line in its own row, "not in the
    estimate (another region)") and carrying every tag of `tags`; usage at its "effective" or
    "billed" cost. ParseError naming the bill's line and column for a bill refused."""
    import json as _json  # noqa: PLC0415

    def when(x: Union[None, str, _dt.date, _dt.datetime]) -> Optional[str]:
        if x is None or isinstance(x, str):
            return x
        if isinstance(x, _dt.datetime):
            return _timestamp_text(x, "start or end")
        return x.isoformat()

    label = name if name is not None else (estimate if isinstance(estimate, str) else "estimate")
    text, md, html = _core.reconcile(_estimate_arg(estimate, "reconcile"), label, bill, when(start),
                               when(end), list(accounts), list(regions), list(tags.items()), cost)
    d = _json.loads(text)

    def row(r: Mapping[str, Any]) -> ReconcileRow:
        b = r["billed_as"]
        prov = None if b is None else measured(run=b["run_id"], method=b["method"],
                                               start=b["from"], end=b["to"])
        return ReconcileRow(_identity_of(r["identity"]), tuple(r["rate_codes"]), tuple(r["lines"]),
                            r["in_estimate"], r["unpriced"], Decimal(r["estimated"]),
                            Decimal(r["billed"]), r["bill_rows"], Decimal(r["difference"]),
                            r["unit"], _opt_dec(r["estimated_quantity"]),
                            _opt_dec(r["billed_quantity"]), _opt_dec(r["usage_effect"]),
                            _opt_dec(r["price_effect"]), r["why"], prov,
                            tuple(ReconcileResource(x["id"], x["rows"], Decimal(x["billed"]),
                                                    _opt_dec(x["quantity"]), x["from"], x["to"])
                                  for x in r["resources"]))

    def totals(key: str) -> Tuple[ReconcileTotal, ...]:
        return tuple(ReconcileTotal(t["what"], t["rows"], Decimal(t["amount"])) for t in d[key])

    return Reconciliation(d["estimate"], d["bill"], d["layout"], d["currency"], d["basis"],
                          tuple(d["regions"]), d["rows_read"], d["rows_kept"],
                          Decimal(d["estimated"]), d["unpriced_lines"], Decimal(d["billed_usage"]),
                          Decimal(d["difference"]), Decimal(d["other_charges_total"]),
                          Decimal(d["invoiced"]), tuple(row(r) for r in d["rows"]),
                          totals("other_charges"), totals("left_out"), text, md, html)


def bill_query(table: str, *, layout: str = "cur2", dialect: str = "athena",
               grain: str = "day") -> str:
    """The SQL that reduces a CUR 2.0 ("cur2") or FOCUS 1.x ("focus") export's `table` where it is
    stored ("athena", "spark" or "sqlite") to one row per identity, resource and "hour", "day" or
    "month", every amount summed exactly, as `trncost bill-query` writes it: its result saved as
    CSV with its header is a bill `reconcile` reads, with the export's figures. InputError for a
    table name that is not one (letters, digits and '_', parts joined by '.')."""
    return _core.bill_query(table, layout, dialect, grain)


@dataclasses.dataclass(frozen=True)
class BudgetCheck:
    """One limit held against an estimate: "max-total", "max-increase" or "min-status"."""

    limit: str
    passed: bool
    sentence: str


@dataclasses.dataclass(frozen=True)
class BudgetVerdict:
    """Every limit given, in order; true when all pass (`trncost check` exits 7 otherwise)."""

    passed: bool
    checks: Tuple[BudgetCheck, ...]

    def __bool__(self) -> bool:
        return self.passed


def check_budget(estimate: Union[Estimate, str], *,
                 max_total: Union[None, str, int, Decimal] = None,
                 max_increase: Union[None, str, int, Decimal] = None,
                 against: Optional[str] = None,
                 min_status: Union[None, str, Status] = None) -> BudgetVerdict:
    """Holds an Estimate (or an audited JSON report) against a budget, as `trncost check` does:
    a total not to pass (USD), an increase over the report `against` not to pass (percent), a
    status it must have at least. InputError for a limit that is not one."""
    if max_increase is not None and against is None:
        raise ValueError("max_increase needs against, the JSON report the increase is measured from")
    if max_total is None and max_increase is None and min_status is None:
        raise ValueError("no limit given: max_total, max_increase (with against) or min_status")
    status = min_status.value if isinstance(min_status, Status) else min_status
    passed, checks = _core.check_budget(
        _estimate_arg(estimate, "check_budget"),
        None if max_total is None else _text(_exact(max_total, "max_total")),
        None if max_increase is None else _text(_exact(max_increase, "max_increase")),
        against, status)
    return BudgetVerdict(passed, tuple(BudgetCheck(*c) for c in checks))


# --------------------------------------------------------------------------------------------------
# Arguments of the wrong type: the extension's own refusal ("incompatible function arguments",
# followed by every overload of the C++ signature) is replaced by one sentence naming the
# function, the argument, what it is and what it should be.

def _hint_text(hint: Any) -> str:
    args = getattr(hint, "__args__", None)
    if args and getattr(hint, "__origin__", None) is Union:
        return " or ".join(_hint_text(a) for a in args)
    if hint is type(None):
        return "None"
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def _matches(value: Any, hint: Any) -> bool:
    """Whether value is of the type hint says; a hint this check does not know matches anything."""
    import collections.abc as abc
    import typing
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin is Union:
        return any(_matches(value, a) for a in typing.get_args(hint))
    if origin in (list, abc.Sequence, abc.Iterable, tuple):
        return isinstance(value, (list, tuple)) or (origin is abc.Iterable and
                                                    isinstance(value, abc.Iterable))
    if origin in (dict, abc.Mapping):
        return isinstance(value, abc.Mapping)
    if isinstance(hint, type):
        if hint is float:
            return isinstance(value, (int, float))
        return isinstance(value, hint)
    return True


def _which_argument(fn: Any, args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> str:
    import inspect
    import typing
    name = getattr(fn, "__qualname__", getattr(fn, "__name__", "?"))
    try:
        sig = inspect.signature(fn)
        bound = sig.bind(*args, **kwargs)
        hints = typing.get_type_hints(fn)
    except Exception:  # the hints of this function cannot be read: say its signature
        return f"trncost.{name}: the arguments do not match its parameters"
    for param, value in bound.arguments.items():
        hint = hints.get(param)
        if param == "self" or hint is None or _matches(value, hint):
            continue
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        return (f"trncost.{name}: {param} is {type(value).__name__} {shown}, where "
                f"{_hint_text(hint)} is expected")
    return f"trncost.{name}{sig}: the arguments do not match its parameters"


def _plain_type_errors(fn: Any) -> Any:
    import functools

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except TypeError as e:
            if "incompatible function arguments" not in str(e) and \
                    "incompatible constructor arguments" not in str(e):
                raise
            raise TypeError(_which_argument(fn, args, kwargs)) from None
    return call


def _wrap_public() -> None:
    import inspect
    for public in __all__:
        obj = globals()[public]
        if inspect.isfunction(obj) and obj.__module__ == __name__:
            globals()[public] = _plain_type_errors(obj)
        elif inspect.isclass(obj) and obj.__module__ == __name__ and \
                not issubclass(obj, enum.Enum):
            for key, member in list(vars(obj).items()):
                if inspect.isfunction(member) and (not key.startswith("_") or key == "__init__"):
                    setattr(obj, key, _plain_type_errors(member))


_wrap_public()
