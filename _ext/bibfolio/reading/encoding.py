"""A .bib file's bytes → text: its encoding, each invalid byte run reported at line and column."""

from __future__ import annotations

import codecs

from .diagnostics import Diagnostic


def _codec_name(encoding: str) -> str:
    """The codec's canonical name (``utf-8``, ``iso8859-1``, ...); LookupError if unknown."""
    return codecs.lookup(encoding).name


def _decode_run(data: bytes, codec: str) -> tuple[str, list[tuple[int, int, bytes]]]:
    """Decode *data* with U+FFFD for each bad run; list them as (line, column, bytes)."""
    pieces: list[str] = []
    bad_runs: list[tuple[int, int, bytes]] = []
    line, column, pos = 0, 1, 0
    while True:
        try:
            pieces.append(data[pos:].decode(codec))
            return "".join(pieces), bad_runs
        except UnicodeDecodeError as err:
            good = data[pos : pos + err.start].decode(codec)
            pieces.extend((good, "\ufffd"))
            newlines = good.count("\n")
            line += newlines
            column = (len(good) - good.rfind("\n")) if newlines else column + len(good)
            bad_runs.append((line, column, data[pos + err.start : pos + err.end]))
            column += 1
            pos += err.end


def _decode_reporting(data: bytes, codec: str, path: str) -> tuple[str, list[Diagnostic]]:
    """Decode *data*, replacing each undecodable run with U+FFFD and reporting where."""
    shown = "UTF-8" if codec.startswith("utf-8") else codec
    advice = "save the file as UTF-8" if shown == "UTF-8" else "check bibtex_encoding"
    # Line by line where a newline is one byte, so a file full of bad bytes (latin-1
    # read as UTF-8) costs one pass, not one pass per bad byte.
    by_line = "\n".encode(codec) == b"\n"
    chunks = data.split(b"\n") if by_line else [data]
    texts: list[str] = []
    diagnostics: list[Diagnostic] = []
    for number, chunk in enumerate(chunks, start=1):
        text, bad_runs = _decode_run(chunk, codec)
        texts.append(text)
        diagnostics.extend(
            Diagnostic(
                path,
                (number if by_line else 1) + line,
                "encoding",
                f"invalid {shown} byte(s) {bad!r} at column {column}; shown as U+FFFD ({advice})",
            )
            for line, column, bad in bad_runs
        )
    return "\n".join(texts), diagnostics


def decode_bib_bytes(
    data: bytes, path: str, encoding: str = "utf-8-sig"
) -> tuple[str, list[Diagnostic]]:
    """Decode *data* in *encoding*, reporting each invalid byte run at line and column.

    A UTF-8 byte-order mark is dropped; an unknown encoding name is reported once and
    UTF-8 is used instead.  Nothing is replaced silently.
    """
    diagnostics: list[Diagnostic] = []
    try:
        codec = _codec_name(encoding)
    except LookupError:
        diagnostics.append(
            Diagnostic(path, 1, "encoding", f"unknown encoding {encoding!r}; read as UTF-8")
        )
        codec = "utf-8"
    if codec.startswith("utf-8") and data.startswith(b"\xef\xbb\xbf"):
        data, codec = data[3:], "utf-8"
    try:
        return data.decode(codec), diagnostics
    except UnicodeDecodeError:
        text, problems = _decode_reporting(data, codec, path)
        return text, diagnostics + problems
