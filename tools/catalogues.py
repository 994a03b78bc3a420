"""Keep the translation catalogues in step with the code (a developer's tool; needs Babel,
which the test extras install; the game itself reads the ``.mo`` files with the stdlib).

    python tools/catalogues.py update    # extract, merge into each .po, list what is missing
    python tools/catalogues.py compile   # each .po -> its .mo (shipped in the wheel)
    python tools/catalogues.py check     # exit 1 if a .po is stale or incomplete, or a .mo old

``update`` keeps every translation whose English text is still used, drops the ones that
are not (a catalogue holds only messages the code uses) and adds the new ones untranslated.
The tests (tests/test_i18n.py) run the same checks.
"""

from __future__ import annotations

import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "five_hundred"
LOCALE = PACKAGE / "locale"
DOMAIN = "five_hundred"
LANGUAGES = ("pt", "pt_BR", "es")  # Portugal, Brazil, Spanish
# _("text"), N_("text") (marked where defined, translated where shown),
# ngettext("one", "many", n), pgettext("context", "text")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLURALS = {"pt": (2, "(n != 1)"), "pt_BR": (2, "(n != 1)"), "es": (2, "(n != 1)")}
HEADER = "Five Hundred (500) in the terminal"
# a fixed date: the .po files are compared byte for byte with what ``update`` writes
FIXED_DATE = datetime(2026, 12, 1, tzinfo=UTC)
TEAMS = {"pt": "Português (Portugal)", "pt_BR": "Português (Brasil)", "es": "Español"}


def new_catalog(lang: str) -> Catalog:
    catalog = Catalog(locale=lang, domain=DOMAIN, project="five-hundred", version="0.1",
                      header_comment=f"# {HEADER}", creation_date=FIXED_DATE,
                      revision_date=FIXED_DATE, fuzzy=False,
                      last_translator="five-hundred", language_team=TEAMS[lang],
                      msgid_bugs_address="")
    # the same plural rule in Portugal and Brazil: "0 vazas", "1 vaza", "2 vazas"
    # (set on babel's private attributes on purpose; babel types them as None)
    catalog._num_plurals, catalog._plural_expr = PLURALS[lang]  # type: ignore[assignment]
    return catalog


def extract() -> Catalog:
    """Every message the code marks for translation."""
    catalog = Catalog(domain=DOMAIN, project="five-hundred", header_comment=f"# {HEADER}")
    method_map = [("**.py", "python")]
    for _filename, _lineno, message, _comments, context in extract_from_dir(
            str(PACKAGE), method_map=method_map, keywords=KEYWORDS, comment_tags=()):
        catalog.add(message, context=context)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as fp:
        return read_po(fp, locale=lang)


def po_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, omit_header=False, sort_output=True, width=0,
             no_location=True, ignore_obsolete=True)
    return buf.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def merged(lang: str, template: Catalog) -> Catalog:
    """``template``'s messages with the translations ``lang``'s .po has for them."""
    old = read(lang) if po_path(lang).exists() else Catalog(locale=lang)
    new = new_catalog(lang)
    for message in template:
        if not message.id:
            continue
        found = old.get(message.id, context=message.context)
        string = found.string if found is not None else ""
        if message.pluralizable and not isinstance(string, tuple):
            string = ("", "")  # now counted: its forms are to be written
        elif not message.pluralizable and isinstance(string, tuple):
            string = ""
        new.add(message.id, string, context=message.context)
    return new


def missing(catalog: Catalog) -> list[str]:
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            out.append(str(message.id))
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    template = extract()
    status = 0
    for lang in LANGUAGES:
        catalog = merged(lang, template)
        path = po_path(lang)
        mo = path.with_suffix(".mo")
        if command == "update":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(po_bytes(catalog))
            for text in missing(catalog):
                print(f"{lang}: untranslated: {text!r}")
        elif command == "compile":
            mo.write_bytes(mo_bytes(read(lang)))
        else:
            if path.read_bytes() != po_bytes(catalog):
                print(f"{lang}: {path} is not up to date with the code (run update)")
                status = 1
            if missing(catalog):
                print(f"{lang}: {len(missing(catalog))} messages untranslated")
                status = 1
            if not mo.exists() or mo.read_bytes() != mo_bytes(read(lang)):
                print(f"{lang}: {mo} does not match the .po (run compile)")
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
