# Type stubs of the trncost Python module (python/trncost/__init__.py), so editors complete and
# check calls. python/tests/test_stubs.py checks that every public name here exists at run time and
# that the enumerations list the same members.
import datetime as _dt
import enum
from decimal import Decimal
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

_Exact = Union[str, int, Decimal]
_Date = Union[str, _dt.date]

class Error(Exception): ...
class ParseError(Error): ...
class InputError(Error): ...
class InexactError(Error): ...
class DecimalOverflowError(Error): ...

class Category(enum.Enum):
    compute = "compute"
    storage = "storage"
    transfer = "transfer"
    logs = "logs"
    data_preparation = "data_preparation"
    failures_restarts = "failures_restarts"
    @property
    def label(self) -> str: ...

class Phase(enum.Enum):
    setup = "setup"
    compilation = "compilation"
    warm_up = "warm-up"
    training = "training"
    evaluation = "evaluation"
    checkpointing = "checkpointing"
    waiting = "waiting"
    failed_work = "failed work"
    restarts = "restarts"
    serving = "serving"
    idle_capacity = "idle capacity"
    trials = "trials"
    batch_inference = "batch inference"
    scale_up_start_up = "scale-up start-up"
    @property
    def label(self) -> str: ...

class Status(enum.Enum):
    verified = "verified"
    provisional = "provisional"
    stale = "stale"
    unpriced = "unpriced"
    incomplete = "incomplete"
    @property
    def label(self) -> str: ...

def unit_symbols() -> List[str]: ...

class Quantity:
    value: Decimal
    unit: str
    def __init__(self, value: Decimal, unit: str) -> None: ...

class Provenance:
    kind: str
    fields: Mapping[str, str]

def measured(*, start: Union[str, _dt.datetime], end: Union[str, _dt.datetime],
             run: str = ..., method: str = ...) -> Provenance: ...
def quoted(*, source: str, region: str, consulted: _Date, option: str = ...,
           offer_code: Optional[str] = ..., offer_version: Optional[str] = ...,
           published: Optional[_Date] = ..., sku: Optional[str] = ...,
           offer_term_code: Optional[str] = ..., rate_code: Optional[str] = ...,
           effective: Optional[_Date] = ..., unit: Optional[str] = ...,
           description: Optional[str] = ...) -> Provenance: ...
def documented(*, source: str, consulted: _Date) -> Provenance: ...
def third_party(*, source: str, seen: _Date) -> Provenance: ...
def assumption(*, rationale: str) -> Provenance: ...
def choice(*, why: str, by: str = ...) -> Provenance: ...
def forecast(*, basis: str, by: str = ...) -> Provenance: ...

class Sourced:
    name: str
    quantity: Quantity
    provenance: Provenance

def sourced(name: str, value: _Exact, unit: str, provenance: Provenance) -> Sourced: ...

class Unknown:
    name: str
    reason: str

def unknown(name: str, reason: str) -> Unknown: ...

class Record:
    name: str
    value: Optional[Quantity]
    kind: str
    provenance: str

class Work:
    kind: str
    amount: Record
    per: int
    unit: str
    full: Optional[Record]
    compute_only: Optional[Record]

class Figure:
    workload: str
    what: str
    value: Record

class Identity:
    service: str
    region: str
    instance_type: str
    usage_type: str
    purchase_option: str
    offer: str

class Line:
    category: Category
    component: str
    phase: Optional[Phase]
    description: str
    amount: Optional[Decimal]
    formula: str
    inputs: Tuple[Record, ...]
    price: Record
    quantity: Record
    identity: Identity
    num: int
    den: int

class Reason:
    status: Status
    text: str
    rule: str

class Estimate:
    @property
    def total(self) -> Decimal: ...
    @property
    def status(self) -> Status: ...
    @property
    def as_of(self) -> _dt.date: ...
    @property
    def useful(self) -> Decimal: ...
    @property
    def overhead(self) -> Decimal: ...
    @property
    def lines(self) -> List[Line]: ...
    @property
    def by_category(self) -> Dict[Category, Decimal]: ...
    @property
    def by_phase(self) -> Dict[Phase, Decimal]: ...
    @property
    def reasons(self) -> List[Reason]: ...
    @property
    def findings(self) -> List[str]: ...
    @property
    def inputs(self) -> List[Record]: ...
    @property
    def work(self) -> Optional[Work]: ...
    @property
    def figures(self) -> List[Figure]: ...
    def to_json(self) -> str: ...
    def to_markdown(self) -> str: ...
    def to_html(self) -> str: ...
    def to_focus_csv(self) -> str: ...
    def write(self, path: str, format: str = ...) -> None: ...
    def lines_frame(self) -> Any: ...
    def inputs_frame(self) -> Any: ...

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

class Tornado:
    baseline_total: Decimal
    observed: Tuple[TornadoBar, ...]
    assumptions: Tuple[TornadoBar, ...]

class Distribution:
    kind: str
    params: Tuple[Decimal, ...]

def uniform(low: _Exact, high: _Exact) -> Distribution: ...
def triangular(low: _Exact, mode: _Exact, high: _Exact) -> Distribution: ...
def lognormal_90(low: _Exact, high: _Exact) -> Distribution: ...
def empirical(values: Iterable[_Exact]) -> Distribution: ...

class MonteCarlo:
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
    totals: Any  # numpy.ndarray of float64 when NumPy is installed, else List[float]; None if not kept
    correlations: Tuple[str, ...]

class Correlation:
    first: str
    second: str
    rho: Decimal

def correlation(first: str, second: str, rho: _Exact) -> Correlation: ...

class ScenarioOverride:
    input: str
    value: Decimal
    rationale: str

class GapPart:
    input: str
    baseline: Decimal
    value: Decimal
    effect: Decimal

class ScenarioResult:
    name: str
    total: Decimal
    gap: Decimal
    interaction: Decimal
    overrides: Tuple[ScenarioOverride, ...]
    parts: Tuple[GapPart, ...]
    by_category: Dict[Category, Decimal]

class _Analysable:
    def input_names(self) -> List[str]: ...
    def tornado(self, band: Union[None, str, Decimal] = ..., *, observed: bool = ...,
                vary_assumptions: bool = ...) -> Tornado: ...
    def monte_carlo(self, inputs: Mapping[str, Distribution], *, samples: int = ..., seed: int = ...,
                    budget: Optional[_Exact] = ..., keep_samples: bool = ...,
                    correlations: Iterable[Correlation] = ...) -> MonteCarlo: ...
    def scenarios(self, scenarios: Mapping[str, Iterable[Sourced]]) -> List[ScenarioResult]: ...

class Scenario(_Analysable):
    path: str
    @property
    def title(self) -> str: ...
    def estimate(self) -> Estimate: ...

def load(path: str) -> Scenario: ...

class OptionGrant:
    name: str
    used: Decimal
    usable: bool
    runs_out_on: Optional[_dt.date]
    lost_at_expiry: Decimal

class StudyOption:
    name: str
    title: str
    work: Decimal
    estimate: Estimate
    credits: Decimal
    cash: Decimal
    lost_at_expiry: Decimal
    runway: Optional[_dt.date]
    grants: Tuple[OptionGrant, ...]

class CashRank:
    name: str
    rank: int
    list_rank: int
    total: Decimal
    credits: Decimal
    cash: Decimal
    lost_at_expiry: Decimal
    work: Decimal
    cash_per_work: Decimal

class DemandWindow:
    start: Decimal
    to: Optional[Decimal]

class BreakEven:
    hosted: str
    api: str
    component: str
    baseline: Decimal
    demand: Optional[Decimal]
    hosted_total: Decimal
    api_total: Decimal
    stepwise: bool
    windows: Tuple[DemandWindow, ...]
    windows_after_credits: Tuple[DemandWindow, ...]
    credits: Optional[Tuple[Decimal, Decimal]]
    peak: Optional[Decimal]
    bound: Decimal
    hosted_at_baseline: Decimal
    api_at_baseline: Decimal

class WhatIfPoint:
    value: Decimal
    totals: Tuple[Decimal, ...]
    cash: Tuple[Optional[Decimal], ...]

class WhatIf:
    input: str
    unit: str
    options: Tuple[str, ...]
    varies: Tuple[bool, ...]
    points: Tuple[WhatIfPoint, ...]
    markdown: str
    svg: str

class Study:
    path: str
    @property
    def title(self) -> str: ...
    @property
    def work_unit(self) -> str: ...
    @property
    def decided_for(self) -> Optional[str]: ...
    @property
    def outcome(self) -> str: ...
    @property
    def options(self) -> List[StudyOption]: ...
    @property
    def cash_ranking(self) -> List[CashRank]: ...
    @property
    def credit_effect(self) -> Optional[str]: ...
    @property
    def break_evens(self) -> List[BreakEven]: ...
    def render(self, format: str = ...) -> str: ...
    def what_if(self, input: str, start: Union[str, int, Decimal], stop: Union[str, int, Decimal],
                points: int = ...) -> WhatIf: ...
    def frame(self) -> Any: ...

def load_study(path: str) -> Study: ...

class PlanPricing:
    in_force_on: _dt.date
    versions: Tuple[_dt.date, ...]
    latest_known: bool
    occurrences: Tuple[int, ...]
    per_occurrence: Decimal

class PlanWorkload:
    name: str
    occurrences: Tuple[Tuple[_dt.date, _dt.date], ...]
    spend: Decimal
    credits: Decimal
    cash: Decimal
    days: Decimal
    seconds: int
    days_from_workload: bool
    pricings: Tuple[PlanPricing, ...]

class Plan:
    path: str
    @property
    def title(self) -> str: ...
    @property
    def spend(self) -> Decimal: ...
    @property
    def credits(self) -> Decimal: ...
    @property
    def cash(self) -> Decimal: ...
    @property
    def lost_at_expiry(self) -> Decimal: ...
    @property
    def runway(self) -> Optional[_dt.date]: ...
    @property
    def workloads(self) -> List[PlanWorkload]: ...
    def render(self, format: str = ...) -> str: ...
    def to_json(self) -> str: ...
    def frame(self) -> Any: ...

def load_plan(path: str) -> Plan: ...

def to_toml(document: Mapping[str, Any]) -> str: ...
def scenario(document: Union[Mapping[str, Any], str], *, base_dir: str = ...,
             name: str = ...) -> Scenario: ...
def study(document: Union[Mapping[str, Any], str], *, base_dir: str = ...,
          name: str = ...) -> Study: ...
def plan(document: Union[Mapping[str, Any], str], *, base_dir: str = ...,
         name: str = ...) -> Plan: ...

class DiffLine:
    category: Category
    component: str
    phase: Optional[Phase]
    description: str
    before: Optional[Decimal]
    after: Optional[Decimal]
    change: Decimal
    description_after: str

class DiffInput:
    name: str
    before: Optional[str]
    after: Optional[str]
    before_source: str
    after_source: str

class DiffStep:
    input: str
    before: str
    after: str
    effect: Decimal

class Diff:
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
    html: str
    def frame(self) -> Any: ...

def diff(before: Union[Estimate, str], after: Union[Estimate, str]) -> Diff: ...

class RunPhase:
    phase: Phase
    start: Optional[str]
    seconds: Decimal
    steps: Optional[Decimal]
    tokens: Optional[Decimal]
    samples: Optional[Decimal]
    origin: str

class RunIncident:
    kind: str
    start: str
    seconds: Decimal
    work_lost_seconds: Decimal
    origin: str

class RunQuality:
    metric: str
    at: str
    value: Decimal
    origin: str

class Run:
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
    target: Optional[Tuple[str, Decimal, bool]]
    origin: str
    def frame(self) -> Any: ...

def read_runs(path: str) -> List[Run]: ...

class ScalingRow:
    nodes: Decimal
    measured: bool
    throughput: Record
    efficiency: Record
    time: Record
    cost: Record

def scaling(points: Sequence[Tuple[Sourced, Sourced]], *, tokens: Sourced, price: Sourced,
            extrapolate: Optional[Mapping[int, Sourced]] = ...) -> List[ScalingRow]: ...

class SupportRow:
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

class SupportLookup:
    model_id: str
    outcome: str
    proves: str
    does_not_prove: str
    deciding: Optional[SupportRow]
    rows: Tuple[SupportRow, ...]
    findings: Tuple[str, ...]

class ModelSupport:
    path: str
    def __len__(self) -> int: ...
    @property
    def findings(self) -> List[str]: ...
    def lookup(self, model_id: str, **stack: str) -> SupportLookup: ...

def read_model_support(path: str, *, consulted: _Date) -> ModelSupport: ...

class InstanceTime:
    name: str
    instance_type: str
    count: Union[Sourced, Unknown]
    price: Union[Sourced, Unknown]
    phases: Mapping[Phase, Sourced]
    def __init__(self, name: str, instance_type: str, count: Union[Sourced, Unknown],
                 price: Union[Sourced, Unknown], phases: Mapping[Phase, Sourced]) -> None: ...

class BlockStorage:
    name: str
    volume_type: str
    size: Union[Sourced, Unknown]
    kept: Sourced
    price: Union[Sourced, Unknown]
    volumes: Optional[Sourced]
    def __init__(self, name: str, volume_type: str, size: Union[Sourced, Unknown], kept: Sourced,
                 price: Union[Sourced, Unknown], volumes: Optional[Sourced] = ...) -> None: ...

class Model(_Analysable):
    def __init__(self, title: str = ...) -> None: ...
    def add(self, component: Union[InstanceTime, BlockStorage]) -> Model: ...
    def declare_none(self, category: Category, reason: str) -> Model: ...
    def evaluate(self, as_of: _Date, *, freshness_days: int = ...) -> Estimate: ...

class AuditResult:
    ok: bool
    first_mismatch: str
    inputs: int
    derivations: int
    lines: int
    kind: str
    recomputed: str
    def __bool__(self) -> bool: ...

def audit(json_text: str, file: str = ...) -> AuditResult: ...
def render_report(json_text: str, format: str = ..., title: str = ..., file: str = ...) -> str: ...

class Format:
    name: str
    extension: str
    media_type: str
    what: str
    kinds: Tuple[str, ...]

def formats() -> Tuple[Format, ...]: ...
def formats_of(kind: str) -> Tuple[str, ...]: ...

class Protocol:
    dataset_id: str
    metric: str
    target: _Exact
    lower_is_better: bool
    reached: Optional[_Exact]
    stack: str
    def __init__(self, dataset_id: str, metric: str, target: _Exact, lower_is_better: bool = ...,
                 reached: Optional[_Exact] = ..., stack: str = ...) -> None: ...

class Option:
    name: str
    estimate: Estimate
    quality: Protocol
    seconds_to_target: Optional[_Exact]
    def __init__(self, name: str, estimate: Estimate, quality: Protocol,
                 seconds_to_target: Optional[_Exact] = ...) -> None: ...

class RankedOption:
    name: str
    cost: Decimal
    seconds: Optional[Decimal]
    cost_rank: int
    time_rank: Optional[int]
    cost_ratio: Decimal
    time_ratio: Optional[Decimal]
    stack: str

class ComparisonGroup:
    dataset_id: str
    metric: str
    target: Decimal
    differences: Tuple[str, ...]
    ranked: Tuple[RankedOption, ...]
    apart: Tuple[Tuple[str, str], ...]

def compare(options: Sequence[Option]) -> List[ComparisonGroup]: ...

class Decision:
    outcome: str
    suspend_reasons: Tuple[str, ...]
    compare_reasons: Tuple[str, ...]
    continue_reasons: Tuple[str, ...]

def decide(estimate: Estimate, *, quality: Protocol, region: str, stated_check: str = ...,
           bottlenecks: Sequence[str] = ..., porting_unjustified: Optional[str] = ...) -> Decision: ...

class Grant:
    name: str
    amount: Sourced
    issued: _Date
    last_valid_day: _Date
    services: Tuple[str, ...]
    def __init__(self, name: str, amount: Sourced, issued: _Date, last_valid_day: _Date,
                 services: Tuple[str, ...]) -> None: ...

class GrantOutcome:
    name: str
    amount: Decimal
    used: Decimal
    balance_at_end: Decimal
    exhausted_on: Optional[_dt.date]
    wasted_at_expiry: Optional[Decimal]
    unused_at_schedule_end: Decimal
    last_valid_day: _dt.date
    runs_out_on: Optional[_dt.date]
    lost_at_expiry: Decimal

class BurnDownPeriod:
    start: _dt.date
    end: _dt.date
    spend: Decimal
    credits_used: Decimal
    uncovered: Decimal
    balance_after: Tuple[Decimal, ...]

class BurnDown:
    grants: Tuple[GrantOutcome, ...]
    periods: Tuple[BurnDownPeriod, ...]
    total_spend: Decimal
    total_credits: Decimal
    total_uncovered: Decimal
    total_wasted: Decimal
    runway: Optional[_dt.date]
    findings: Tuple[str, ...]
    def frame(self) -> Any: ...

def burn_down(grants: Sequence[Grant], estimate: Estimate, *, start: _Date, end: _Date,
              repeats: bool = ...) -> BurnDown: ...

class ReconcileRow:
    identity: Identity
    rate_codes: Tuple[str, ...]
    lines: Tuple[str, ...]
    in_estimate: bool
    unpriced: bool
    estimated: Decimal
    billed: Decimal
    bill_rows: int
    difference: Decimal
    unit: str
    estimated_quantity: Optional[Decimal]
    billed_quantity: Optional[Decimal]
    usage_effect: Optional[Decimal]
    price_effect: Optional[Decimal]
    why: str
    billed_as: Optional[Provenance]
    resources: Tuple[ReconcileResource, ...]

def bill_query(table: str, *, layout: str = ..., dialect: str = ..., grain: str = ...) -> str: ...

class ReconcileResource:
    id: str
    rows: int
    billed: Decimal
    quantity: Optional[Decimal]
    start: str
    end: str

class ReconcileTotal:
    what: str
    rows: int
    amount: Decimal

class Reconciliation:
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
    json: str
    markdown: str
    html: str
    def to_json(self) -> str: ...
    def to_markdown(self) -> str: ...
    def to_html(self) -> str: ...
    def frame(self) -> Any: ...

def reconcile(estimate: Union[Estimate, str], bill: str, *,
              start: Union[None, str, _dt.date, _dt.datetime] = ...,
              end: Union[None, str, _dt.date, _dt.datetime] = ...,
              accounts: Sequence[str] = ..., regions: Sequence[str] = ...,
              tags: Mapping[str, str] = ..., cost: str = ...,
              name: Optional[str] = ...) -> Reconciliation: ...

class BudgetCheck:
    limit: str
    passed: bool
    sentence: str

class BudgetVerdict:
    passed: bool
    checks: Tuple[BudgetCheck, ...]
    def __bool__(self) -> bool: ...

def check_budget(estimate: Union[Estimate, str], *, max_total: Optional[_Exact] = ...,
                 max_increase: Optional[_Exact] = ..., against: Optional[str] = ...,
                 min_status: Union[None, str, Status] = ...) -> BudgetVerdict: ...
