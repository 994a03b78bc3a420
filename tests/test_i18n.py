"""The three languages (issue 12): catalogues complete and current, the compiled .mo the
same as the .po, the language chosen from --lang or the environment, the tables' own
words, and the command line in Portuguese and Spanish (run as a subprocess)."""

from __future__ import annotations

import gettext
import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from five_hundred import i18n
from five_hundred.notation import (
    bid_label,
    card_name,
    points,
    score_reason,
    seat_name,
    signed,
    team_name,
    win_reason,
)
from five_hundred.rules_text import plain_text, player_rules

ROOT = Path(__file__).resolve().parents[1]
_FIELD = re.compile(r"\{(\w*)\}|%\((\w+)\)[sr]|%[sr]")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogues = _tool()


@pytest.fixture
def lang() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _fields(text: str) -> list[str]:
    return sorted(m.group(0) for m in _FIELD.finditer(text))


@pytest.fixture(scope="module")
def template():  # type: ignore[no-untyped-def]
    return catalogues.extract()


@pytest.mark.parametrize("code", catalogues.LANGUAGES)
def test_every_message_translated_and_no_stale_one(template, code: str) -> None:  # type: ignore[no-untyped-def]
    """Babel extracts every message the code marks (``_``, ``N_``, ``ngettext``); the
    .po holds each one translated (every plural form) and nothing else, with the same
    placeholders as the English text."""
    po = catalogues.read(code)
    used = {m.id for m in template if m.id}
    held = {m.id for m in po if m.id}
    assert used - held == set(), f"{code}: messages without a translation"
    assert held - used == set(), f"{code}: messages the code no longer uses"
    assert catalogues.missing(po) == []
    for message in po:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert _fields(text) == _fields(ids[-1]), (code, message.id, text)
    # and the file is exactly what `tools/catalogues.py update` writes from the code
    assert catalogues.po_path(code).read_bytes() == catalogues.po_bytes(
        catalogues.merged(code, template))


def test_a_missing_or_stale_message_is_caught(template) -> None:  # type: ignore[no-untyped-def]
    """Positive control: an untranslated message is listed, a stale one makes the .po
    differ from what the code asks for."""
    po = catalogues.read("pt")
    first = next(m for m in po if m.id and not m.pluralizable)
    first.string = ""
    assert catalogues.missing(po) == [first.id]
    po.add("a message no code uses", "uma mensagem")
    assert catalogues.po_bytes(po) != catalogues.po_bytes(catalogues.merged("pt", template))


@pytest.mark.parametrize("code", catalogues.LANGUAGES)
def test_committed_mo_matches_po(code: str) -> None:
    """The .mo shipped is the .po compiled: byte for byte, and read by the stdlib with
    the same translations and plural rule."""
    po = catalogues.read(code)
    mo_path = catalogues.po_path(code).with_suffix(".mo")
    assert mo_path.read_bytes() == catalogues.mo_bytes(po)
    with mo_path.open("rb") as fp:
        mo = gettext.GNUTranslations(fp)
    for message in po:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            assert mo.ngettext(message.id[0], message.id[1], 1) == message.string[0]
            assert mo.ngettext(message.id[0], message.id[1], 2) == message.string[1]
        else:
            assert mo.gettext(message.id) == message.string


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "pt_BR.UTF-8"}, "pt"),
    ({"LANG": "pt_PT.UTF-8"}, "pt"),
    ({"LANG": "es_AR.UTF-8"}, "es"),
    ({"LC_ALL": "es_ES.UTF-8", "LANG": "pt_BR.UTF-8"}, "es"),
    ({"LC_MESSAGES": "pt_BR", "LANG": "es_ES"}, "pt"),
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "es-MX"}, "es"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "pt_BR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_language_from_the_environment(env: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(env) == expected


def test_the_tables_words(lang: None) -> None:
    """Seats, sides, card names in sentences, bids, plurals and numbers as each table
    writes them; the card faces stay A K Q J 10."""
    expected = {
        "en": ("jack of hearts", "South", "North–South", "open misère", "1 trick", "2 tricks"),
        "pt": ("valete de copas", "Sul", "Norte–Sul", "misère aberta", "1 vaza", "2 vazas"),
        "es": ("jota de corazones", "Sur", "Norte–Sur", "misere abierta", "1 baza", "2 bazas"),
    }
    for code, (jack, south, ns, omis, one, two) in expected.items():
        i18n.set_language(code)
        assert (card_name("JH"), seat_name(2), team_name(0), bid_label("OMIS")) == \
            (jack, south, ns, omis)
        assert [i18n.ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 2)] \
            == [one, two]
        assert points(-250) == "−250" and signed(40) == "+40"
    i18n.set_language("es")
    assert card_name("TS") == "10 de picas" and card_name("JK") == "el comodín"
    assert i18n.percent(0.45) == "45\u00a0%" and i18n.decimal(1.5) == "1,5"
    assert score_reason("defence: 3 tricks × 10") == "defensa: 3 bazas × 10"
    assert score_reason("7♥ made: +200") == "7♥ cumplido: +200"
    assert win_reason("the other side fell to -510") == "el otro bando cayó a −510"
    i18n.set_language("pt")
    assert card_name("QD") == "dama de ouros" and card_name("AS") == "ás de espadas"
    assert score_reason("misère lost: −250") == "misère perdido: −250"
    assert i18n.percent(0.45) == "45%"


def test_rules_text_in_the_language_or_english(lang: None) -> None:
    """``rules.<lang>.md`` when shipped, else the English rules (never nothing)."""
    english = player_rules("en")
    for code in ("pt", "es"):
        shipped = (ROOT / "src" / "five_hundred" / f"rules.{code}.md").exists()
        text = player_rules(code)
        assert (text != english) if shipped else (text == english)
        i18n.set_language(code)
        assert player_rules() == text


def _run(*args: str, lang_env: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENV_VARIABLES}
    if lang_env is not None:
        env["LANG"] = lang_env
    return subprocess.run([sys.executable, "-m", "five_hundred", *args], capture_output=True,
                          text=True, env=env, timeout=60, check=False)


def test_help_in_portuguese_from_lang_pt_br() -> None:
    """``LANG=pt_BR.UTF-8 five-hundred --help``: argparse's words and ours."""
    run = _run("--help", lang_env="pt_BR.UTF-8")
    assert run.returncode == 0
    assert run.stdout.startswith("uso: five-hundred")
    assert "mostrar esta ajuda e sair" in run.stdout
    assert "Os jogos gravados ficam em" in run.stdout
    assert "o idioma: inglês, português ou espanhol" in run.stdout


def test_rules_in_spanish_from_the_lang_option() -> None:
    """``five-hundred --lang es rules``: the Spanish rules (English until shipped), and
    its --help in Spanish."""
    run = _run("--lang", "es", "rules", lang_env="pt_BR.UTF-8")
    assert run.returncode == 0
    assert run.stdout == plain_text(player_rules("es"))
    helped = _run("rules", "--lang=es", "--help")
    assert helped.returncode == 0 and helped.stdout.startswith("uso: five-hundred rules")


@pytest.mark.parametrize(("code", "words"), [
    ("en", "no such file"), ("pt", "ficheiro inexistente"), ("es", "no existe el archivo")])
def test_replay_error_in_each_language(tmp_path: Path, code: str, words: str) -> None:
    """One line on stderr, status 2, in the language asked for."""
    missing = tmp_path / "missing.json"
    run = _run("--lang", code, "replay", str(missing))
    assert run.returncode == 2
    assert run.stderr == f"five-hundred: replay {missing}: {words}\n"


def test_replay_usage_error_from_the_environment_and_a_bad_lang() -> None:
    run = _run("replay", lang_env="es_AR.UTF-8")
    assert run.returncode == 2
    assert "error: faltan los argumentos: FILE" in run.stderr
    bad = _run("--lang", "fr", "rules")
    assert bad.returncode == 2
    assert bad.stderr == "five-hundred: error: argument --lang: expected one of en, pt, es, " \
                         "not 'fr'\n"


@pytest.mark.parametrize("code, words", [
    ("en", "East holds a trump and must follow trumps (J♦ counts as a heart while hearts "
           "are trumps)"),
    ("pt", "Este tem trunfo e tem de assistir a trunfo (J♦ conta como copas enquanto o "
           "trunfo for copas)"),
    ("es", "Este tiene triunfo y debe seguir triunfo (J♦ cuenta como corazón mientras el "
           "triunfo sea corazones)"),
])
def test_the_engines_reasons_in_the_players_language(code: str, words: str) -> None:
    """A refused card was explained in English inside a Portuguese or Spanish sentence:
    the engine's reason (a ``Because``) is English as a string and is translated where
    it is shown; the bower's note too."""
    from five_hundred.engine import IllegalAction
    from five_hundred.notation import reason_text
    from tests.engine.helpers import run
    from tests.engine.test_play import hearts_by_north

    st = hearts_by_north()
    run(st, "play AH")
    with pytest.raises(IllegalAction) as err:
        run(st, "play QC")
    assert str(err.value.reason) == ("East holds a trump and must follow trumps (J♦ counts "
                                     "as a heart while hearts are trumps)")
    i18n.set_language(code)
    try:
        assert reason_text(err.value.reason) == words
    finally:
        i18n.set_language("en")


def test_the_log_follows_a_language_switched_mid_game() -> None:
    """The session's notes and the deal's events (a take-back, a claim) were written
    once, in the language of the moment, and stayed so after a switch: they are now
    written when shown."""
    from five_hundred.engine import PAGAT_AUSTRALIAN
    from five_hundred.hotseat import Controller, Player
    from tests.acting import act_text

    c = Controller(PAGAT_AUSTRALIAN, [Player(n) for n in ("Ana", "Bruno", "Carla", "Davi")],
                   seed=1)
    c.reveal()
    act_text(c, "bid 6S")
    c.take_back()
    assert any(line.endswith("takes back a move.") for line in c.log())
    i18n.set_language("pt")
    try:
        assert any(line.endswith("desfaz uma jogada.") for line in c.log())
        assert not any("takes back" in line for line in c.log())
    finally:
        i18n.set_language("en")
