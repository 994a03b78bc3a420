"""The rules text for players: the packaged ``rules.md`` (``docs/rules.md``), its
sections for the rules screen's table of contents, and a plain-text rendering for
``five-hundred rules`` when its output is not a terminal.

No textual and no rich: ``five-hundred rules | less`` loads neither. The Markdown is
parsed by markdown-it-py (the parser rich and Textual use), so the plain text and
the rendered screen read the same document the same way.

The player text is the whole of ``rules.md``: notes about the project and the
sources of the rules live in ``docs/sources.md``, which is not shipped.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token
    from markdown_it.tree import SyntaxTreeNode

RULES_FILE = "rules.md"
PLAIN_WIDTH = 78  # columns of the plain text (a pipe has no width to ask)
_RULE_ID = re.compile(r"\(([RV]\d+)\)")  # an id where a rule is stated: "(R14)"


def rules_file(lang: str) -> str:
    """``rules.md`` for English, ``rules.<lang>.md`` for the others: ``rules.pt.md``
    (Portugal), ``rules.pt_BR.md`` (Brazil), ``rules.es.md``."""
    return RULES_FILE if lang == "en" else f"rules.{lang}.md"


def player_rules(lang: str | None = None) -> str:
    """The rules for players in ``lang`` (default: the player's language), as shipped
    with the package; the English text when that language's file is missing
    (``OSError`` if that is missing too)."""
    from five_hundred import i18n

    package = resources.files("five_hundred")
    translated = package.joinpath(rules_file(lang or i18n.language()))
    if translated.is_file():
        return translated.read_text(encoding="utf-8")
    return package.joinpath(RULES_FILE).read_text(encoding="utf-8")


def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


# ---------------------------------------------------------------------- sections


@dataclass(frozen=True, slots=True)
class Section:
    """One heading of the rules and the text under it (down to the next heading)."""

    title: str  # the heading's words, without markup
    level: int  # 1 for the title, 2 and 3 for sections and subsections
    markdown: str  # the heading and its text
    ids: tuple[str, ...]  # the rule ids stated in it, sorted: ("R8", "R9", ...)

    def id_range(self) -> str:
        """``R8–R13``, ``V5``, or ``""`` for a section that states no rule."""
        if not self.ids:
            return ""
        first, last = self.ids[0], self.ids[-1]
        return first if first == last else f"{first}–{last}"


def sections(markdown: str) -> list[Section]:
    """The text cut at every heading: the title and its introduction first, then one
    section per heading of level 2 or 3 (a document without headings is one)."""
    tokens = _parser().parse(markdown)
    lines = markdown.splitlines(keepends=True)
    starts: list[tuple[int, int, str]] = []  # (first line, level, title)
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.map is not None:
            title = _inline_text(tokens[i + 1].children or [])
            starts.append((token.map[0], int(token.tag[1]), title))
    if not starts or (starts[0][0] > 0 and "".join(lines[:starts[0][0]]).strip()):
        starts.insert(0, (0, 1, ""))
    out: list[Section] = []
    for k, (first, level, title) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        text = "".join(lines[first:end]).strip("\n") + "\n"
        ids = tuple(sorted(set(_RULE_ID.findall(text)), key=lambda r: (r[0], int(r[1:]))))
        out.append(Section(title, level, text, ids))
    return out


def _inline_text(children: list[Token]) -> str:
    """The words of a heading's inline tokens (markup dropped)."""
    parts: list[str] = []
    for child in children:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


# ---------------------------------------------------------------------- plain text


def plain_text(markdown: str, width: int = PLAIN_WIDTH) -> str:
    """The Markdown as plain text: no ``#``, ``**``, backticks or table pipes.
    Headings are underlined (``═`` title, ``─`` section, ``┈`` subsection), paragraphs
    wrapped to ``width``, lists indented, tables laid out in aligned columns."""
    from markdown_it.tree import SyntaxTreeNode

    root = SyntaxTreeNode(_parser().parse(markdown))
    blocks = [_block(node, width) for node in root.children]
    return "\n\n".join("\n".join(b) for b in blocks if b).rstrip() + "\n"


def _inline(node: SyntaxTreeNode) -> str:
    """The text of an inline node and its children, markup dropped."""
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type == "softbreak":
        return " "
    if node.type == "hardbreak":
        return "\n"
    if node.type in ("html_inline", "image"):
        return ""
    return "".join(_inline(child) for child in node.children)


def _wrap(text: str, width: int, *, long_words: bool = False) -> list[str]:
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(textwrap.wrap(line, max(width, 1), break_long_words=long_words,
                                 break_on_hyphens=False) or [""])
    return out


def _block(node: SyntaxTreeNode, width: int) -> list[str]:
    kind = node.type
    if kind == "heading":
        title = " ".join(_inline(node.children[0]).split()) if node.children else ""
        if node.tag == "h1":
            return [title, "═" * len(title)]
        if node.tag == "h2":
            return [title, "─" * len(title)]
        return [title, "┈" * len(title)]
    if kind == "paragraph":
        return _wrap(_inline(node.children[0]) if node.children else "", width)
    if kind in ("bullet_list", "ordered_list"):
        return _list(node, width)
    if kind == "table":
        return _table(node, width)
    if kind in ("fence", "code_block"):
        return ["    " + line for line in node.content.rstrip("\n").split("\n")]
    if kind == "blockquote":
        inner = [_block(child, width - 2) for child in node.children]
        return ["  " + line if line else "" for b in inner for line in [*b, ""]][:-1]
    if kind == "hr":
        return ["─" * width]
    return []  # raw HTML and anything unknown: left out


def _list(node: SyntaxTreeNode, width: int) -> list[str]:
    ordered = node.type == "ordered_list"
    start = int(str(node.attrs.get("start", 1))) if ordered else 1
    marks = [f"{start + i}." if ordered else "-" for i in range(len(node.children))]
    pad = max(len(m) for m in marks) + 1 if marks else 2
    out: list[str] = []
    for mark, item in zip(marks, node.children, strict=True):
        lines: list[str] = []
        # a tight list (no blank line between items) hides its paragraphs
        tight = any(child.type == "paragraph" and child.hidden for child in item.children)
        for k, child in enumerate(item.children):
            if k and not tight:
                lines.append("")  # a second paragraph of the item
            lines.extend(_block(child, width - pad))
        while lines and lines[-1] == "":
            lines.pop()
        for k, line in enumerate(lines or [""]):
            out.append((mark.ljust(pad) if k == 0 else " " * pad) + line if line else "")
    return out


def _table(node: SyntaxTreeNode, width: int) -> list[str]:
    rows: list[list[str]] = []
    for part in node.children:  # thead, tbody
        for tr in part.children:
            rows.append([" ".join(_inline(cell.children[0]).split()) if cell.children else ""
                         for cell in tr.children])
    if not rows:
        return []
    columns = max(len(r) for r in rows)
    rows = [r + [""] * (columns - len(r)) for r in rows]
    gap = 2
    widths = [max(len(r[c]) for r in rows) for c in range(columns)]
    while sum(widths) + gap * (columns - 1) > width and max(widths) > 8:
        widths[widths.index(max(widths))] -= 1  # narrow the widest column; cells wrap
    out: list[str] = []
    for n, row in enumerate(rows):
        cells = [_wrap(text, w, long_words=True) if len(text) > w else [text]
                 for text, w in zip(row, widths, strict=True)]
        for k in range(max(len(c) for c in cells)):
            parts = [(c[k] if k < len(c) else "").ljust(w) for c, w in zip(cells, widths,
                                                                           strict=True)]
            out.append((" " * gap).join(parts).rstrip())
        if n == 0:
            out.append((" " * gap).join("─" * w for w in widths))
    return out


__all__ = ["PLAIN_WIDTH", "RULES_FILE", "Section", "plain_text", "player_rules", "sections"]
