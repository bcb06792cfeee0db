"""An argument of the wrong type is named in one sentence, never the extension's dump of C++
overloads ("incompatible function arguments")."""

import inspect

import pytest

import trncost


def _callables():
    for name in trncost.__all__:
        obj = getattr(trncost, name)
        if inspect.isfunction(obj):
            yield name, obj


@pytest.mark.parametrize("name,fn", list(_callables()))
def test_every_public_function_names_the_argument_of_the_wrong_type(name, fn):
    sig = inspect.signature(fn)
    args, kwargs = [], {}
    for p in sig.parameters.values():
        if p.default is not inspect.Parameter.empty:
            continue
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            args.append(object())
        elif p.kind == p.KEYWORD_ONLY:
            kwargs[p.name] = object()
    try:
        fn(*args, **kwargs)
    except TypeError as e:
        assert "incompatible function arguments" not in str(e), str(e)
    except Exception:  # another refusal (a ValueError, trncost.Error): not this test's subject
        pass


def test_the_sentence_names_function_argument_and_type():
    with pytest.raises(TypeError) as e:
        trncost.audit(123)
    assert str(e.value) == "trncost.audit: json_text is int 123, where str is expected"
    with pytest.raises(TypeError) as e:
        trncost.render_report(None, "md")
    assert str(e.value) == ("trncost.render_report: json_text is NoneType None, where str is "
                            "expected")
