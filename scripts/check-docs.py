#!/usr/bin/env python3
"""Compiles every ```swift block of the documentation and checks the output it promises.

Usage: scripts/check-docs.py [--show] [FILE.md ...]
  Run after `swift build`, which made .build/debug (CI runs it after the demo step).
  --show: run every block, not only those that state output, and print what each printed.

Which blocks: every ```swift block in README.md, Service/README.md and every article of both
DocC catalogues (Sources/*/Documentation.docc/*.md), or of the files named. Service/README.md
has shell and JSON blocks only; a Swift block there would be compiled against this package's
modules, not the Service's (Hummingbird and the rest are not built in this step).

How a block is compiled: its text goes, as written, into the body of one async throwing function
of a generated program (.build/docs-check/), after `import Navigator` and `import AppFlow` and
beside scripts/docs-check/Prelude.swift, which declares the screens, routes and helpers the
examples take for granted (`Inbox`, `Composer`, `Catalog`, `ProductScreen`, ...). A block's own
declarations are local to it and shadow the prelude's. Extensions and `import` lines at the
block's first column move to the file's top level. `#expect(...)` is compiled as the prelude's
`expect(...)`, which stops the run with the block's file and line when its condition is false.
The program is compiled in one `swiftc` invocation against the modules and objects that
`swift build` left in .build/debug (nothing is built twice), in the Swift 6 language mode.
Errors fail the check and point at the markdown file and line (`#sourceLocation`); so does every
warning but those about a value that a block never uses (an example names what it makes) and
the one about the two catalogues' articles named Caching.md giving the same #fileID.

Directives: an HTML comment on the line just before the fence (DocC and GitHub show neither):
  <!-- check: setup=NAME -->   the statements of scripts/docs-check/setup/NAME.swift run first,
                               in a scope around the block (an app controller with the shop's
                               routes, a window with a mail stack, ...): the block is complete
                               but for what its article set up earlier in prose. setup=A,B
                               runs A's statements, then B's
  <!-- check: continues -->    the block goes on from the previous block of the same file: same
                               scope, same run (an article that builds one example in steps)
  <!-- check: partial -->      not compiled: a deliberate fragment. Use it sparingly; today no
                               block needs it
`continues` takes no setup of its own: a continuation has its first block's.

Output: a line comment that starts with `→` states output, one line of it per comment, in order:
    print(url)   // → shop://catalog/products/7
    print(plan)
    // → 1. push Product(id: 42) onto root
A block (with the blocks that continue it) that states output, or that has `#expect`, is run as
its own process; its standard output must be exactly the stated lines, nothing more, nothing
less, and the process must exit normally. Other blocks are compiled, not run.
"""

from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUPPORT = os.path.join(ROOT, "scripts", "docs-check")
OUT = os.path.join(ROOT, ".build", "docs-check")

DIRECTIVE = re.compile(r"^\s*<!--\s*check:(.*?)-->\s*$")
FENCE_OPEN = re.compile(r"^(\s*)```swift\s*$")
OUTPUT = re.compile(r"//\s*→ ?(.*)$")
# Warnings about values an example makes and does not use: allowed (see the header).
# And the two catalogues' articles of the same name (Caching.md) give the same #fileID.
ALLOWED_WARNING = re.compile(
    r"was never used|never mutated|is unused|was written to, but never read|conflicts with '#fileID'")


@dataclass
class Block:
    path: str          # relative to ROOT
    line: int          # line of the first line of code (1-based)
    code: list[str]
    setup: list[str] = field(default_factory=list)
    continues: bool = False
    partial: bool = False

    @property
    def expected(self) -> list[str]:
        lines = []
        for text in self.code:
            match = OUTPUT.search(text)
            if match:
                lines.append(match.group(1).rstrip())
        return lines


@dataclass
class Chain:
    """A block and the blocks that continue it: one function, one run."""
    name: str
    blocks: list[Block] = field(default_factory=list)

    @property
    def expected(self) -> list[str]:
        return [line for block in self.blocks for line in block.expected]

    @property
    def runs(self) -> bool:
        return bool(self.expected) or any("#expect(" in "\n".join(b.code) for b in self.blocks)


def documentation_files() -> list[str]:
    files = ["README.md", "Service/README.md"]
    files += sorted(glob.glob("Sources/*/Documentation.docc/**/*.md", root_dir=ROOT, recursive=True))
    return files


def parse(path: str) -> list[Block]:
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        fence = FENCE_OPEN.match(lines[i])
        if not fence:
            i += 1
            continue
        indent = len(fence.group(1))
        end = i + 1
        while end < len(lines) and not lines[end].strip().startswith("```"):
            end += 1
        if end == len(lines):
            sys.exit(f"{path}:{i + 1}: a ```swift block that never closes")
        block = Block(path, i + 2, [line[indent:] for line in lines[i + 1:end]])
        directive = DIRECTIVE.match(lines[i - 1]) if i > 0 else None
        if directive:
            for word in directive.group(1).split():
                if word == "continues":
                    block.continues = True
                elif word == "partial":
                    block.partial = True
                elif word.startswith("setup="):
                    block.setup = word.removeprefix("setup=").split(",")
                    for name in block.setup:
                        if not os.path.exists(os.path.join(SUPPORT, "setup", name + ".swift")):
                            sys.exit(f"{path}:{i}: no scripts/docs-check/setup/{name}.swift")
                else:
                    sys.exit(f"{path}:{i}: unknown directive {word!r} (setup=NAME, continues, partial)")
            if block.continues and block.setup:
                sys.exit(f"{path}:{i}: a continuation has its first block's setup")
        blocks.append(block)
        i = end + 1
    return blocks


def chains(files: list[str]) -> list[Chain]:
    result: list[Chain] = []
    for path in files:
        previous: Chain | None = None
        for block in parse(path):
            if block.partial:
                continue
            if block.continues:
                if previous is None:
                    sys.exit(f"{path}:{block.line - 1}: `continues`, but no block before it")
                previous.blocks.append(block)
                continue
            stem = re.sub(r"[^A-Za-z0-9]", "_", path.removesuffix(".md").split("/")[-1])
            if path.startswith("Service/"):
                stem = "Service_" + stem
            elif path.startswith("Sources/"):
                stem = path.split("/")[1] + "_" + stem
            previous = Chain(f"{stem}_{block.line}", [block])
            result.append(previous)
    return result


def split_top_level(block: Block) -> tuple[list[str], list[str]]:
    """The lines that must move to file scope (imports, extensions) and the rest, both with
    #sourceLocation lines so that diagnostics name the markdown file's lines."""
    hoisted: list[str] = []
    body: list[str] = []
    source = os.path.join(ROOT, block.path)
    i = 0
    in_body_run = False
    while i < len(block.code):
        line = block.code[i]
        number = block.line + i
        if line.startswith("import "):
            i += 1
            in_body_run = False
            continue  # every generated file imports what the examples may use
        if re.match(r"^(extension|protocol)\s", line):
            end = i
            while end < len(block.code) and block.code[end] != "}":
                end += 1
            hoisted.append(f'#sourceLocation(file: "{source}", line: {number})')
            hoisted.extend(block.code[i:end + 1])
            hoisted.append("#sourceLocation()")
            i = end + 1
            in_body_run = False
            continue
        if not in_body_run:
            body.append(f'#sourceLocation(file: "{source}", line: {number})')
            in_body_run = True
        body.append(re.sub(r"#expect\(", "expect(", line))
        i += 1
    return hoisted, body


def generate(all_chains: list[Chain]) -> None:
    os.makedirs(OUT, exist_ok=True)
    for old in glob.glob(os.path.join(OUT, "*.swift")):
        os.remove(old)
    header = ["// Generated by scripts/check-docs.py from the documentation; do not edit.",
              "import AppFlow", "import Foundation", "import Navigator", ""]
    for chain in all_chains:
        hoisted: list[str] = []
        body: list[str] = []
        for block in chain.blocks:
            block_hoisted, block_body = split_top_level(block)
            hoisted += block_hoisted
            body += block_body
        setup = []
        for name in chain.blocks[0].setup:
            setup_path = os.path.join(SUPPORT, "setup", name + ".swift")
            setup.append(f'#sourceLocation(file: "{setup_path}", line: 1)')
            setup += open(setup_path, encoding="utf-8").read().rstrip("\n").split("\n")
            setup.append("#sourceLocation()")
        text = header + hoisted + [
            f"func {chain.name}() async throws {{",
            *setup,
            "do {",
            *body,
            "#sourceLocation()",
            "}",
            "}",
            "",
        ]
        with open(os.path.join(OUT, chain.name + ".swift"), "w", encoding="utf-8") as file:
            file.write("\n".join(text))
    cases = [f'case "{chain.name}": try await {chain.name}()' for chain in all_chains]
    main = header + [
        "// Runs the block named by the first argument.",
        "switch CommandLine.arguments.dropFirst().first ?? \"\" {",
        *cases,
        'default: fatalError("no such block")',
        "}",
        "",
    ]
    with open(os.path.join(OUT, "main.swift"), "w", encoding="utf-8") as file:
        file.write("\n".join(main))


def compile_program() -> bool:
    debug = os.path.join(ROOT, ".build", "debug")
    objects = []
    for module in ("Navigator", "AppFlow"):
        # The objects of the module's current sources (a removed file's object may linger).
        file_map = os.path.join(debug, f"{module}.build", "output-file-map.json")
        if os.path.exists(file_map):
            entries = json.load(open(file_map, encoding="utf-8")).values()
            objects += sorted(entry["object"] for entry in entries if "object" in entry)
    if not objects:
        sys.exit("no objects in .build/debug: run `swift build` first")
    sources = sorted(glob.glob(os.path.join(OUT, "*.swift")))
    sources += [os.path.join(SUPPORT, "Prelude.swift")]
    command = ["swiftc", "-swift-version", "6", "-module-name", "DocsCheck", "-diagnostic-style", "llvm",
               "-I", os.path.join(debug, "Modules"), "-o", os.path.join(OUT, "docs-check"),
               *sources, *objects]
    result = subprocess.run(command, capture_output=True, text=True)
    lines = (result.stdout + result.stderr).split("\n")
    # Each diagnostic is a "file:line:column: kind: message" line, then the source line and a caret.
    fatal = []
    for index, line in enumerate(lines):
        kind = re.search(r": (error|warning): ", line)
        if kind and (kind.group(1) == "error" or not ALLOWED_WARNING.search(line)):
            fatal += lines[index:index + 3]
    if fatal or result.returncode != 0:
        print("\n".join(fatal) or "\n".join(lines), file=sys.stderr)
        return False
    return True


def run(all_chains: list[Chain], show: bool) -> list[str]:
    failures = []
    for chain in all_chains:
        if not chain.runs and not show:
            continue
        first = chain.blocks[0]
        where = f"{first.path}:{first.line - 1}"
        try:
            environment = dict(os.environ, SWIFT_BACKTRACE="enable=no")
            result = subprocess.run([os.path.join(OUT, "docs-check"), chain.name],
                                    capture_output=True, text=True, timeout=60, env=environment)
        except subprocess.TimeoutExpired:
            failures.append(f"{where}: did not finish within 60 s")
            continue
        actual = result.stdout.rstrip("\n").split("\n") if result.stdout.strip() else []
        actual = [line.rstrip() for line in actual]
        if show:
            print(f"--- {where} (exit {result.returncode})\n" + "\n".join(actual))
            if result.returncode != 0:
                print(result.stderr[:1500])
            continue
        if result.returncode != 0:
            failures.append(f"{where}: exited with {result.returncode}\n{result.stderr[:2000]}")
        elif actual != chain.expected:
            expected_text = "\n".join("  " + line for line in chain.expected) or "  (nothing)"
            actual_text = "\n".join("  " + line for line in actual) or "  (nothing)"
            failures.append(f"{where}: the output differs from its // → comments\n"
                            f" stated:\n{expected_text}\n printed:\n{actual_text}")
    return failures


def main() -> None:
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    files = args or documentation_files()
    all_chains = chains(files)
    generate(all_chains)
    started = time.monotonic()
    if not compile_program():
        sys.exit("docs check: a block does not compile (above)")
    compiled = time.monotonic() - started
    failures = run(all_chains, "--show" in sys.argv)
    for failure in failures:
        print(failure, file=sys.stderr)
    blocks = sum(len(chain.blocks) for chain in all_chains)
    ran = sum(1 for chain in all_chains if chain.runs)
    print(f"   {blocks} blocks compiled ({compiled:.0f} s), {ran} runs checked, "
          f"{len(failures)} failed")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
