"""The typed package: py.typed and the extension module's stub ship in the wheel, the stub says what
the built module has (every function and method, its parameter names, which have defaults), and the
exception classes' status numbers are the C API's, as the module reports them."""

import ast
import inspect
import re
from pathlib import Path

import castlike
from castlike import _core, _errors

PACKAGE = Path(castlike.__file__).resolve().parent


def test_the_package_ships_its_types():
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "_core.pyi").is_file()


def split_parameters(text):
    """The parameter list of a signature split at its top-level commas."""
    parts, depth, current = [], 0, ""
    for c in text:
        depth += c in "([{"
        depth -= c in ")]}"
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    return parts + ([current.strip()] if current.strip() else [])


def runtime_parameters(function):
    """[(name, has a default)] of a nanobind function, "/" for its positional-only marker, from the
    signature nanobind keeps (inspect cannot read its functions)."""
    signature = function.__nb_signature__[0][0]
    inside = signature[signature.index("(") + 1:signature.rindex(") ->")]
    out = []
    for p in split_parameters(inside):
        name = p.split(":")[0].split("=")[0].strip()
        out.append(("/", False) if name == "/" else (name, " = " in p))  # a type may hold "dtype=uint8"
    return out


def stub_parameters(node):
    args = node.args
    positional = args.posonlyargs + args.args
    defaults = [False] * (len(positional) - len(args.defaults)) + [True] * len(args.defaults)
    out = [(a.arg, d) for a, d in zip(positional, defaults)]
    if args.posonlyargs:
        out.insert(len(args.posonlyargs), ("/", False))
    return out


def stub_members():
    """{qualified name: the stub's def} for the module's functions and the classes' methods (a
    property by its name). A class of the stub whose name starts with "_" is a base the stub alone
    has (what two report classes share): its methods count as each subclass's own."""
    tree = ast.parse((PACKAGE / "_core.pyi").read_text())
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}

    def methods(node):
        inherited = [m for b in node.bases if isinstance(b, ast.Name) and b.id in classes for m in methods(classes[b.id])]
        return inherited + [item for item in node.body
                            if isinstance(item, ast.FunctionDef) and not item.name.startswith("__")]

    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = node
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            for item in methods(node):
                out["%s.%s" % (node.name, item.name)] = item
    return out


def runtime_members():
    out = {}
    for name, value in vars(_core).items():
        if inspect.isclass(value):
            for attr, member in vars(value).items():
                if attr.startswith("__"):
                    continue
                out["%s.%s" % (name, attr)] = member.fget if isinstance(member, property) else member
        elif hasattr(value, "__nb_signature__"):
            out[name] = value
    return out


def test_the_stub_says_what_the_module_has():
    stub, runtime = stub_members(), runtime_members()
    assert sorted(stub) == sorted(runtime)
    for name, function in runtime.items():
        node = stub[name]
        if any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list):
            continue  # a property's getter: (self) on both sides
        assert stub_parameters(node) == runtime_parameters(function), name


def test_status_numbers_come_from_the_module():
    statuses = _core.statuses()
    assert sorted(statuses.values()) == sorted(_errors.BY_STATUS)
    for name, number in statuses.items():
        cls = _errors.BY_STATUS[number]  # InvalidArgument for INVALID_ARGUMENT, InternalError for INTERNAL
        assert re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).upper() in (name, name + "_ERROR"), (name, cls)
        assert _core.status_message(number) != _core.status_message(0)
