#!/usr/bin/env python3
"""Renders the public API of Swift modules, from their symbol graphs, as sorted text listings.

    python3 scripts/public-api.py SYMBOL_GRAPH_DIR OUTPUT_DIR [--module NAME ...]
                                  [--regenerate-command COMMAND]

SYMBOL_GRAPH_DIR holds Swift symbol graph files, made either by
`swift symbolgraph-extract -minimum-access-level public -emit-extension-block-symbols`
(what scripts/public-api.sh runs) or by the compiler's `-emit-symbol-graph`. For each module
(every module with a `<Module>.symbols.json` in the directory, or those named with --module) it
writes OUTPUT_DIR/<Module>.txt: a header line, a count line, then one line per public declaration.
Standard library only; the output is byte-for-byte the same for the same symbol graphs.

What a line is
--------------
* A declaration: the symbol's `declarationFragments` joined, whitespace collapsed to single
  spaces, with the name qualified by its container path (`pathComponents`), e.g.
      func Navigator.push<Screen>(_ destination: Destination<Screen>, ...) -> Screen? where Screen : ViewController
  Initializers and subscripts are qualified the same way (`Navigator.init(window: Window)`).
* Attributes: kept exactly as the fragments give them (`@discardableResult`, `nonisolated`,
  `override`, `@escaping`, ...). The fragments don't carry every attribute (`@MainActor`,
  `@inlinable`, `@frozen` are not there), so neither does the listing. Two things the fragments
  leave out are added, because they are API:
    - `open` in front of a declaration whose access level is open (a subclass or an override
      outside the module depends on it); `public` is never written, everything listed is public;
    - `@available(...)` in front of a declaration that has availability in the graph
      (deprecations, renames, platform versions).
* A class's superclass is appended to the class's line (`open class Window : View`); a protocol's
  line already names what it inherits from.
* A member declared in an extension with a `where` clause gets the extension's requirements that
  the extended type doesn't already have, appended as a `where` clause (for a property, after its
  accessors), e.g. `func NavigationState.encode(to encoder: any Encoder) throws where Key : Decodable, Key : Encodable`
  (NavigationState<Key> already requires `Key : Hashable, Key : Sendable`, so those are not repeated).
* A member declared in a protocol extension ends with `// default implementation` when it
  implements one of the protocol's requirements, and with `// protocol extension` otherwise; the
  requirement itself is listed bare. (Without the marker, a requirement and its default
  implementation would give two identical lines.)
* A conformance: `extension Type : Protocol` (with a `where` clause when it is conditional), one
  line per protocol, for the concrete types declared or extended by the module. Its `where`
  clause, like a member's, leaves out what the type's declaration already requires and the
  `T : Copyable`/`T : Escapable` that every generic parameter has. The conformances
  to Copyable, Escapable and SendableMetatype are left out: every type has the first two unless it
  says `~Copyable`/`~Escapable` (which its declaration then shows), and Sendable implies the third.
  Protocols outside the module are named as the graph names them (`Swift.Equatable`). The graph
  reports the same conformance several times when another one implies it (Equatable from
  Hashable, with the Hashable conformance's conditions); of those, the entry whose conditions
  mention the protocol itself is kept (see `pick_conformances`).

Ownership: symbols from `Module@Other.symbols.json` (the module's extensions of another module's
types) belong to Module and are listed in Module.txt, qualified by the extended type
(`static func Lifetime.untilEnd(of flow: AnyFlow) -> Lifetime` in AppFlow.txt). The extension
blocks themselves (`extension Lifetime`) are not lines: their members and conformances are.

Left out:
* synthesized members: symbols whose identifier contains `::SYNTHESIZED::`. They are the members
  a type gets from a protocol extension or a superclass (`!=`, `hashValue`, OptionSet's `union`,
  an actor's `assumeIsolated`...), copied onto every conforming type: nobody wrote them, and they
  change whenever the standard library does. What they stand for is visible as the conformance
  lines above.
* anything whose access level is not public or open (there should be none at minimum access
  level public; filtered anyway).
Underscored (`_`-prefixed) public symbols are kept: they are public API, whatever the name says.
SPI (`@_spi`) symbols are not in the graphs symbolgraph-extract makes by default, so not listed.

The two kinds of input spell types differently: symbolgraph-extract reads the compiled module and
writes types qualified (`HierarchyExit.Cause`, `Destination<Screen>`), the compiler's
`-emit-symbol-graph` writes them as the source does (`Cause`, `Destination`) and adds attributes
such as `@exclusivity(unchecked)`. Compare only listings made the same way: the committed ones
come from symbolgraph-extract (scripts/public-api.sh). With `-emit-symbol-graph` input, a
conformance that a module adds to another module's type is listed only when that type's own
graph is in the directory too (the graph names the type only by its identifier).

Order: lines are sorted by the symbol's path components (so a type's line comes first, then its
conformances, then its members, each nested type in turn), then by the line's text, comparing
code points (locale independent). Nothing depends on the order of the graph's arrays, which
symbolgraph-extract does not keep from one run to the next (a type's conformances come out in a
different order each time). Two different symbols that render to the same text (overloads
that differ only in something the fragments don't show) both stay, so removing either shows.
"""

import argparse
import json
import re
import sys
from pathlib import Path

SYNTHESIZED_MARKER = "::SYNTHESIZED::"
PUBLIC_ACCESS_LEVELS = {"public", "open"}
# Conformances every type has, or that another listed conformance implies (see the header).
IMPLIED_PROTOCOLS = {"s:s8CopyableP", "s:s9EscapableP", "s:s16SendableMetatypeP"}
CONCRETE_TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.actor"}
EXTENSION_BLOCK_KIND = "swift.extension"
# Sort ranks among the lines that share one path: the declaration, then its conformances.
RANK_DECLARATION = 0
RANK_CONFORMANCE = 1


def load_graphs(graph_dir):
    """Reads every `*.symbols.json` in graph_dir, sorted by file name.

    Returns a list of (file name, module name, graph) where the module name is the module that
    declares the symbols (for `AppFlow@Navigator.symbols.json`, AppFlow).
    """
    graphs = []
    for path in sorted(Path(graph_dir).glob("*.symbols.json")):
        with path.open(encoding="utf-8") as handle:
            graph = json.load(handle)
        graphs.append((path.name, graph["module"]["name"], graph))
    return graphs


def index_symbols(graphs):
    """Maps each precise identifier to its symbol, over all the graphs (for cross-module names)."""
    symbols = {}
    for _, _, graph in graphs:
        for symbol in graph["symbols"]:
            symbols.setdefault(symbol["identifier"]["precise"], symbol)
    return symbols


def relationship_targets(graph, kind):
    """Maps each source identifier to the sorted targets of its relationships of one kind."""
    targets = {}
    for relationship in graph["relationships"]:
        if relationship["kind"] == kind:
            targets.setdefault(relationship["source"], []).append(relationship["target"])
    for source in targets:
        targets[source].sort()
    return targets


def is_listed(symbol):
    """Whether a symbol is a public declaration of its own (see the header for what is left out)."""
    if SYNTHESIZED_MARKER in symbol["identifier"]["precise"]:
        return False
    if symbol.get("accessLevel") not in PUBLIC_ACCESS_LEVELS:
        return False
    return symbol["kind"]["identifier"] != EXTENSION_BLOCK_KIND


def collapse_whitespace(text):
    """Turns every run of whitespace into one space and trims the ends."""
    return re.sub(r"\s+", " ", text).strip()


def base_name(symbol):
    """The declared name without its argument labels: `push` for `push(_:options:)`, `==` for `==(_:_:)`."""
    title = symbol["names"]["title"]
    name = title.split("(", 1)[0] if not title.startswith("(") else title
    return name.strip("`")


def name_fragment_index(fragments, symbol):
    """The index of the fragment in front of which the container path goes.

    That is the identifier fragment spelling the symbol's name, else the first identifier, else the
    `init`/`subscript`/`deinit` keyword; None when there is none of these.
    """
    name = base_name(symbol)
    for index, fragment in enumerate(fragments):
        if fragment["kind"] == "identifier" and fragment["spelling"].strip("`") == name:
            return index
    for index, fragment in enumerate(fragments):
        if fragment["kind"] == "identifier":
            return index
    for index, fragment in enumerate(fragments):
        if fragment["kind"] == "keyword" and fragment["spelling"] in ("init", "subscript", "deinit"):
            return index
    return None


def first_keyword_index(fragments):
    """The index of the first keyword fragment (where `open` goes), or 0."""
    for index, fragment in enumerate(fragments):
        if fragment["kind"] == "keyword":
            return index
    return 0


def format_version(version):
    """`{"major": 13, "minor": 0}` as `13.0`."""
    parts = [str(version["major"])]
    for key in ("minor", "patch"):
        if key in version:
            parts.append(str(version[key]))
    return ".".join(parts)


def format_availability(entries):
    """The symbol's availability entries as `@available(...)` attributes, in a stable order."""
    attributes = []
    for entry in entries:
        arguments = [entry.get("domain", "*")]
        if entry.get("isUnconditionallyUnavailable"):
            arguments.append("unavailable")
        if entry.get("isUnconditionallyDeprecated"):
            arguments.append("deprecated")
        for key in ("introduced", "deprecated", "obsoleted"):
            if key in entry:
                arguments.append(f"{key}: {format_version(entry[key])}")
        if "renamed" in entry:
            arguments.append(f'renamed: {json.dumps(entry["renamed"])}')
        if "message" in entry:
            arguments.append(f'message: {json.dumps(entry["message"])}')
        attributes.append(f"@available({', '.join(arguments)})")
    return " ".join(sorted(attributes))


def format_constraint(constraint):
    """One generic requirement as Swift writes it: `T : P`, `T : SomeClass` or `T == U`."""
    if constraint["kind"] == "sameType":
        return f'{constraint["lhs"]} == {constraint["rhs"]}'
    return f'{constraint["lhs"]} : {constraint["rhs"]}'


def extended_type(symbol_id, member_of, extension_to, symbols):
    """The symbol of the type a member belongs to, through its extension block if it has one."""
    for container_id in member_of.get(symbol_id, []):
        for type_id in extension_to.get(container_id, [container_id]):
            if type_id in symbols:
                return symbols[type_id]
    return None


def requirements_beyond(constraints, type_symbol):
    """The requirements among `constraints` that say something: formatted, in order, without repeats.

    Left out: those the type's own declaration already has (`Key : Hashable` on every member of
    `NavigationState<Key: Hashable & Sendable>`), and `T : Copyable` / `T : Escapable`, which every
    generic parameter has unless it says otherwise.
    """
    inherited = set()
    if type_symbol is not None:
        inherited = {format_constraint(c) for c in type_symbol.get("swiftGenerics", {}).get("constraints", [])}
    requirements = []
    for constraint in constraints:
        text = format_constraint(constraint)
        if constraint.get("rhsPrecise") in IMPLIED_PROTOCOLS or text in inherited or text in requirements:
            continue
        requirements.append(text)
    return requirements


def protocol_extension_marker(symbol, symbol_id, default_of):
    """`// default implementation` or `// protocol extension` for a protocol extension's member, else ''."""
    if symbol.get("swiftExtension", {}).get("typeKind") != "swift.protocol":
        return ""
    if symbol_id in default_of:
        return "// default implementation"
    return "// protocol extension"


def type_name(type_id, fallback, symbols):
    """A type's name: its path in a loaded graph, else the graph's fallback name, else its identifier."""
    if type_id in symbols:
        return ".".join(symbols[type_id]["pathComponents"])
    return fallback or type_id


def render_declaration(symbol, context):
    """The listing line of one declaration (see the header for its format)."""
    symbol_id = symbol["identifier"]["precise"]
    fragments = [dict(fragment) for fragment in symbol.get("declarationFragments", [])]
    container_path = symbol["pathComponents"][:-1]
    if container_path:
        index = name_fragment_index(fragments, symbol)
        prefix = ".".join(container_path) + "."
        if index is None:
            fragments.insert(0, {"kind": "text", "spelling": prefix})
        else:
            fragments[index]["spelling"] = prefix + fragments[index]["spelling"]
    if symbol.get("accessLevel") == "open":
        fragments.insert(first_keyword_index(fragments), {"kind": "keyword", "spelling": "open "})
    text = collapse_whitespace("".join(fragment["spelling"] for fragment in fragments))

    superclasses = context["inherits_from"].get(symbol_id, [])
    if symbol["kind"]["identifier"] == "swift.class" and superclasses:
        names = [type_name(target, context["fallbacks"].get(target), context["symbols"]) for target in superclasses]
        text += " : " + ", ".join(names)

    container = extended_type(symbol_id, context["member_of"], context["extension_to"], context["symbols"])
    requirements = requirements_beyond(symbol.get("swiftExtension", {}).get("constraints", []), container)
    if requirements:
        joiner = ", " if " where " in text else " where "
        text += joiner + ", ".join(requirements)

    if "availability" in symbol:
        text = format_availability(symbol["availability"]) + " " + text
    marker = protocol_extension_marker(symbol, symbol_id, context["default_of"])
    if marker:
        text += " " + marker
    return text


def pick_conformances(entries):
    """Of the graph's entries for one (type, protocol) conformance, the ones to list.

    The graph repeats a conformance that another one implies, with the implying conformance's
    conditions (FlowOutcome: Equatable where Output: Equatable, and again where Output: Hashable).
    When some entries' conditions mention the protocol itself, only those are kept; otherwise all.
    """
    mentioning = [
        entry for entry in entries
        if any(c.get("rhsPrecise") == entry["target"] for c in entry.get("swiftConstraints", []))
    ]
    return mentioning or entries


def render_conformances(graph, context):
    """Lines `extension Type : Protocol [where ...]`, each with the path it sorts under."""
    grouped = {}
    for relationship in graph["relationships"]:
        if relationship["kind"] != "conformsTo" or relationship["target"] in IMPLIED_PROTOCOLS:
            continue
        source = context["symbols"].get(relationship["source"])
        if source is None or source.get("accessLevel") not in PUBLIC_ACCESS_LEVELS:
            continue
        if SYNTHESIZED_MARKER in relationship["source"]:
            continue
        kind = source["kind"]["identifier"]
        if kind == EXTENSION_BLOCK_KIND:
            kind = source.get("swiftExtension", {}).get("typeKind", "")
        if kind not in CONCRETE_TYPE_KINDS:
            continue
        key = (relationship["source"], relationship["target"])
        grouped.setdefault(key, []).append(relationship)

    lines = []
    for (source_id, target_id), entries in grouped.items():
        source = context["symbols"][source_id]
        type_path = source["pathComponents"]
        type_symbol = context["symbols"].get(context["extension_to"].get(source_id, [source_id])[0])
        for entry in pick_conformances(entries):
            protocol = type_name(target_id, entry.get("targetFallback"), context["symbols"])
            text = f"extension {'.'.join(type_path)} : {protocol}"
            requirements = requirements_beyond(entry.get("swiftConstraints", []), type_symbol)
            if requirements:
                text += " where " + ", ".join(requirements)
            lines.append((tuple(type_path), RANK_CONFORMANCE, text))
    return sorted(set(lines))


def graph_context(graph, symbols):
    """The relationship maps that rendering one graph's symbols needs."""
    fallbacks = {}
    for relationship in graph["relationships"]:
        if "targetFallback" in relationship:
            fallbacks.setdefault(relationship["target"], relationship["targetFallback"])
    return {
        "symbols": symbols,
        "fallbacks": fallbacks,
        "member_of": relationship_targets(graph, "memberOf"),
        "extension_to": relationship_targets(graph, "extensionTo"),
        "inherits_from": relationship_targets(graph, "inheritsFrom"),
        "default_of": relationship_targets(graph, "defaultImplementationOf"),
    }


def module_lines(module, graphs, symbols):
    """All listing lines of one module, sorted, from every graph that module declares symbols in."""
    keyed = []
    for _, graph_module, graph in graphs:
        if graph_module != module:
            continue
        context = graph_context(graph, symbols)
        for symbol in graph["symbols"]:
            if is_listed(symbol):
                line = render_declaration(symbol, context)
                keyed.append((tuple(symbol["pathComponents"]), RANK_DECLARATION, line))
        keyed.extend(render_conformances(graph, context))
    keyed.sort()
    return [line for _, _, line in keyed]


def listing_text(module, lines, regenerate_command):
    """The whole file: the generated-file header, the count, then the lines."""
    header = f"// {module}: public API, generated from its symbol graph; do not edit: run {regenerate_command}"
    count = f"// {len(lines)} public declarations"
    return "\n".join([header, count, *lines]) + "\n"


def parse_arguments(argv):
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description="Render Swift symbol graphs as public API listings.")
    parser.add_argument("graph_dir", help="directory of *.symbols.json files")
    parser.add_argument("output_dir", help="directory to write <Module>.txt into")
    parser.add_argument("--module", action="append", dest="modules", metavar="NAME",
                        help="a module to list (repeatable); default: every <Module>.symbols.json")
    parser.add_argument("--regenerate-command", default="scripts/public-api.sh",
                        help="the command the header tells readers to run")
    return parser.parse_args(argv)


def main(argv):
    """Writes one listing per module and prints each file's path and count."""
    arguments = parse_arguments(argv)
    graphs = load_graphs(arguments.graph_dir)
    main_graphs = {module for name, module, _ in graphs if name == f"{module}.symbols.json"}
    modules = arguments.modules or sorted(main_graphs)
    missing = [module for module in modules if module not in main_graphs]
    if missing:
        sys.exit(f"public-api.py: no {', '.join(m + '.symbols.json' for m in missing)} in {arguments.graph_dir}")
    symbols = index_symbols(graphs)
    output_dir = Path(arguments.output_dir)
    output_dir.mkdir(parents=True, exist_ok=True)
    for module in modules:
        lines = module_lines(module, graphs, symbols)
        path = output_dir / f"{module}.txt"
        with path.open("w", encoding="utf-8", newline="\n") as handle:
            handle.write(listing_text(module, lines, arguments.regenerate_command))
        print(f"{path}: {len(lines)} public declarations")


if __name__ == "__main__":
    main(sys.argv[1:])
