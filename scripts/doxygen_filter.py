#!/usr/bin/env python3
"""Doxygen's INPUT_FILTER for the headers (docs/Doxyfile): the code base documents its
declarations with plain // comments, which Doxygen does not read. On the way in, and
without touching the files: the comment opening a header becomes the file's description
(@file), a comment on the lines above a declaration becomes its documentation (///), and a
comment after a member or enumerator on its line becomes that member's (///<). Section
markers (// ---) and comments after #include stay plain."""
import re
import sys

TRAILING = re.compile(r"^(\s*[^/\s#].*?[;,{])(\s+)//\s?(.*)$")

with open(sys.argv[1], encoding="utf-8") as header:
    lines = header.read().split("\n")
out = []
in_preamble = True
for line in lines:
    stripped = line.lstrip()
    if in_preamble:
        if stripped.startswith("#pragma once"):
            in_preamble = False
        elif stripped.startswith("//"):
            if not out or not out[-1].startswith("///"):
                out.append("/// @file")
            line = "///" + stripped[2:]
        out.append(line)
        continue
    if stripped.startswith("//") and not stripped.startswith(("///", "// ---")):
        line = line[: len(line) - len(stripped)] + "///" + stripped[2:]
    else:
        match = TRAILING.match(line)
        if match and '"' not in match.group(1):
            line = f"{match.group(1)}{match.group(2)}///< {match.group(3)}"
    out.append(line)
sys.stdout.write("\n".join(out))
