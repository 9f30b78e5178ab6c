"""The type stubs (dimchess/__init__.pyi, shipped with py.typed) name what the module
has, and the module has what they name."""

import ast
import inspect
from pathlib import Path

import dimchess

PACKAGE = Path(dimchess.__file__).parent


def stub() -> ast.Module:
    return ast.parse((PACKAGE / "__init__.pyi").read_text())


def test_the_package_ships_stubs_and_py_typed():
    assert (PACKAGE / "py.typed").exists()
    assert (PACKAGE / "__init__.pyi").exists()


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_stub_names_match_the_module():
    tree = stub()
    top = set()
    classes = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            top.add(node.name)
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                n.name for n in node.body if isinstance(n, ast.FunctionDef)
            }
        if isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
    # Submodules (dimchess.cluster, once imported) are not names of the stubs.
    module = {
        n for n in public(dir(dimchess)) if not inspect.ismodule(getattr(dimchess, n))
    } - {"dimchess"}
    assert public(top) - {"Layout"} == module
    for name, methods in classes.items():
        cls = getattr(dimchess, name)
        if issubclass(cls, Exception):
            continue
        assert public(methods) == public(dir(cls)), name


def test_everything_public_has_a_docstring():
    for name in public(dir(dimchess)) - {"dimchess"}:
        obj = getattr(dimchess, name)
        if isinstance(obj, str):
            continue
        assert inspect.getdoc(obj), name
        if inspect.isclass(obj) and not issubclass(obj, Exception):
            for attr in public(dir(obj)):
                assert inspect.getdoc(getattr(obj, attr)), f"{name}.{attr}"
