"""The type stubs (trncost/__init__.pyi) describe the module as it is: every public name they
declare exists, every name of __all__ is declared, and the enumerations list the same members."""

import ast
import pathlib

import trncost

STUB = pathlib.Path(trncost.__file__).with_name("__init__.pyi")


def declared():
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    names, enums = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        if isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Attribute) and b.attr == "Enum" for b in node.bases):
            enums[node.name] = {t.targets[0].id: t.value.value for t in node.body
                                if isinstance(t, ast.Assign)}
    return names, enums


def test_every_public_name_is_declared_and_exists():
    names, _ = declared()
    public = {n for n in names if not n.startswith("_")}
    assert set(trncost.__all__) == public
    for n in public:
        assert hasattr(trncost, n), n


def test_the_enumerations_match_the_cpp_ones():
    _, enums = declared()
    for name in ("Category", "Phase", "Status"):
        runtime = {m.name: m.value for m in getattr(trncost, name)}
        assert enums[name] == runtime, name


def test_the_labels_are_the_reports():
    assert trncost.Category.data_preparation.label == "data preparation"
    assert trncost.Phase.failed_work.label == "failed work"


def test_public_functions_have_docstrings():
    for n in ("load", "audit", "sourced", "measured", "quoted", "documented", "third_party",
              "assumption", "compare", "decide", "burn_down"):
        assert getattr(trncost, n).__doc__, n


def _stub_members(cls_node):
    out = set()
    for n in cls_node.body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(n.name)
        elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            out.add(n.target.id)
        elif isinstance(n, ast.Assign):
            out.update(t.id for t in n.targets if isinstance(t, ast.Name))
    return {m for m in out if not m.startswith("_") or m in ("__len__", "__bool__")}


def test_every_public_member_is_declared_and_exists():
    # Methods, properties and fields of each class: the stub's exist at run time, and every public
    # one the class defines is in the stub (enumerations are checked above).
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or node.name.startswith("_"):
            continue
        runtime = getattr(trncost, node.name)
        if isinstance(runtime, type) and issubclass(runtime, BaseException):
            continue
        if isinstance(runtime, type) and issubclass(runtime, __import__("enum").Enum):
            continue
        declared = _stub_members(node)
        fields = set(getattr(runtime, "__dataclass_fields__", {}))
        slots = set(getattr(runtime, "__slots__", ()))
        defined = {k for k, v in vars(runtime).items()
                   if not k.startswith("_") and (callable(v) or isinstance(v, property))}
        for m in declared:
            assert m in fields or m in slots or hasattr(runtime, m), f"{node.name}.{m}"
        for m in defined | fields | {s for s in slots if not s.startswith("_")}:
            assert m in declared, f"{node.name}.{m} is not in the stubs"
