"""The four languages (issue 12): English, Portuguese of Portugal (pt) and of Brazil
(pt_BR), Spanish. Catalogues complete and current, the compiled .mo the same as the
.po, the language chosen from --lang or the environment, the tables' own words (and
where Portugal and Brazil differ), and the command line in Portuguese and Spanish (run
as a subprocess)."""

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
    is_seat_name,
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
        elif message.context:  # pgettext: a word English spells alike in two senses
            assert mo.pgettext(message.context, message.id) == message.string
        else:
            assert mo.gettext(message.id) == message.string


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
    ({"LANG": "pt_PT.UTF-8"}, "pt"),
    ({"LANG": "pt"}, "pt"),
    ({"LANG": "pt-BR"}, "pt_BR"),
    ({"LANG": "pt_br.utf8"}, "pt_BR"),
    ({"LANG": "pt_AO.UTF-8"}, "pt"),
    ({"LANG": "pt_BR@euro"}, "pt_BR"),
    ({"LANG": "es_AR.UTF-8"}, "es"),
    ({"LC_ALL": "es_ES.UTF-8", "LANG": "pt_BR.UTF-8"}, "es"),
    ({"LC_MESSAGES": "pt_BR", "LANG": "es_ES"}, "pt_BR"),
    ({"LC_MESSAGES": "pt_PT", "LANG": "pt_BR"}, "pt"),
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
        "pt_BR": ("valete de copas", "Sul", "Norte–Sul", "misère aberta", "1 vaza",
                  "2 vazas"),
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
    assert score_reason("7♥ made: +200") == "contrato 7♥ cumplido: +200"
    assert score_reason("7♥ lost: −200") == "7♥ perdido: −200"
    assert win_reason("the other side fell to -510") == "la otra pareja cayó a −510"
    i18n.set_language("pt")
    assert card_name("QD") == "dama de ouros" and card_name("AS") == "ás de espadas"
    # a misère is feminine, a 7♥ is not: the contract agrees, whichever it is
    assert score_reason("misère failed: −250") == "contrato misère falhado: −250"
    assert score_reason("misère made: +250") == "contrato misère cumprido: +250"
    assert score_reason("7♥ lost: −200") == "7♥ perdido: −200"
    assert i18n.percent(0.45) == "45%" and i18n.decimal(1.5) == "1,5"
    i18n.set_language("pt_BR")
    assert card_name("JK") == "o coringa" and team_name(1) == "Leste–Oeste"
    assert score_reason("misère failed: −250") == "contrato misère não cumprido: −250"
    assert win_reason("the other side fell to -510") == "a outra dupla caiu para −510"
    assert i18n.percent(0.45) == "45%" and i18n.decimal(1.5) == "1,5"


def test_rules_text_in_the_language_or_english(lang: None) -> None:
    """``rules.<lang>.md`` when shipped, else the English rules (never nothing)."""
    english = player_rules("en")
    for code in ("pt", "pt_BR", "es"):
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
    """``LANG=pt_BR.UTF-8 five-hundred --help``: argparse's words and ours, in Brazilian
    Portuguese; ``LANG=pt_PT.UTF-8``: in European Portuguese."""
    run = _run("--help", lang_env="pt_BR.UTF-8")
    assert run.returncode == 0
    assert run.stdout.startswith("uso: five-hundred")
    assert "mostrar esta ajuda e sair" in run.stdout
    assert "As partidas salvas ficam em" in run.stdout
    assert "o idioma: inglês, português" in run.stdout
    assert "--lang en|pt|pt_BR|es" in run.stdout
    portugal = _run("--help", lang_env="pt_PT.UTF-8")
    assert portugal.returncode == 0
    assert "Os jogos gravados ficam em" in portugal.stdout
    assert "o idioma: inglês, português" in portugal.stdout


def test_rules_in_spanish_from_the_lang_option() -> None:
    """``five-hundred --lang es rules``: the Spanish rules (English until shipped), and
    its --help in Spanish."""
    run = _run("--lang", "es", "rules", lang_env="pt_BR.UTF-8")
    assert run.returncode == 0
    assert run.stdout == plain_text(player_rules("es"))
    helped = _run("rules", "--lang=es", "--help")
    assert helped.returncode == 0 and helped.stdout.startswith("uso: five-hundred rules")


@pytest.mark.parametrize(("code", "words"), [
    ("en", "no such file"), ("pt", "ficheiro inexistente"), ("pt_BR", "arquivo inexistente"),
    ("pt-BR", "arquivo inexistente"), ("es", "no existe el archivo")])
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
    assert bad.stderr == "five-hundred: error: argument --lang: expected one of en, pt, " \
                         "pt_BR, es, not 'fr'\n"


@pytest.mark.parametrize("code, words", [
    ("en", "East holds a trump and must follow trumps (J♦ counts as a heart while hearts "
           "are trumps)"),
    ("pt", "Este tem trunfo e tem de assistir a trunfo (J♦ conta como copas enquanto o "
           "trunfo for copas)"),
    ("pt_BR", "Leste tem trunfo e precisa servir trunfo (J♦ conta como copas enquanto o "
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


# ------------------------------------------------------------ Portugal and Brazil


def _strings(code: str) -> list[tuple[str, str]]:
    """Every translation of ``code``'s catalogue, each with the English it translates."""
    out: list[tuple[str, str]] = []
    for message in catalogues.read(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out.extend((ids[-1], text) for text in strings)
    return out


@pytest.mark.parametrize(("english", "portugal", "brazil"), [
    ("East", "Este", "Leste"),
    ("East–West", "Este–Oeste", "Leste–Oeste"),
    ("E–W", "E–O", "L–O"),
    ("Start screen", "Ecrã inicial", "Tela inicial"),
    ("dealer", "dador", "carteador"),
    ("Save", "Gravar", "Salvar"),
    ("thinking…", "a pensar…", "pensando…"),
    ("no such file", "ficheiro inexistente", "arquivo inexistente"),
    ("You: {who}", "Tu: {who}", "Você: {who}"),
    ("joker", "joker", "coringa"),
    ("Claim", "Reivindicar", "Reivindicar"),
])
def test_portugal_and_brazil_differ_where_they_must(
        lang: None, english: str, portugal: str, brazil: str) -> None:
    for code, words in (("pt", portugal), ("pt_BR", brazil)):
        i18n.set_language(code)
        assert i18n._(english) == words, code


def test_the_seats_in_portugal_and_in_brazil(lang: None) -> None:
    """East is Este in Portugal and Leste in Brazil (where "este" is only "this"); the
    other seats are the same."""
    i18n.set_language("pt")
    assert [seat_name(s) for s in range(4)] == ["Norte", "Este", "Sul", "Oeste"]
    i18n.set_language("pt_BR")
    assert [seat_name(s) for s in range(4)] == ["Norte", "Leste", "Sul", "Oeste"]
    assert (team_name(0), team_name(1)) == ("Norte–Sul", "Leste–Oeste")


def test_a_seat_s_name_in_any_language_is_nobody_s_typed_name(lang: None) -> None:
    """A name field left as the seat's name (in whatever language it was shown) is no
    name of one's own, whichever language is chosen now; a typed name is."""
    for now in i18n.LANGUAGES:
        i18n.set_language(now)
        assert all(is_seat_name(n, 2) for n in ("South", "Sul", "Sur", " Sur "))
        assert is_seat_name("Leste", 1) and is_seat_name("Este", 1)
        assert not is_seat_name("Sul", 0) and not is_seat_name("Ana", 2)


# European words a Brazilian player reads as foreign (and the progressive "está a
# pensar", which Brazil says "está pensando")
EUROPEAN_ONLY = re.compile(r"\becrã|\bregisto|\bficheiro|\baceite\b| a pensar\b|\bdador|"
                           r"\bequipa\b|\bgrelha\b|\bpremi[dr]|\bestá a \w+r\b|\brato\b|"
                           r"\btua?s?\b|\bteus?\b")
# misère (open, blind) is feminine in both languages: no masculine participle after it
MISERE_MASCULINE = re.compile(r"misère( aberta| às cegas)? (cumprido|falhado|perdido|ganho|"
                              r"anunciado|derrotado)\b")


def test_no_european_word_in_the_brazilian_catalogue() -> None:
    found = [(english, text) for english, text in _strings("pt_BR")
             if EUROPEAN_ONLY.search(text)]
    assert found == []


def test_one_form_of_address_in_the_portuguese_catalogue() -> None:
    """Portugal: "tu" throughout (a tua vez, marca, podes), never "você" nor its forms
    addressing the player; Brazil: "você" throughout, never "tu"."""
    address = re.compile(r"\bvocês?\b|\b(a sua|o seu|as suas|os seus) (vez|carta|cartas|mão|"
                         r"jogada|anúncio|parceiro|lado)\b", re.I)
    assert [text for _e, text in _strings("pt") if address.search(text)] == []
    assert any("a tua vez" in text for _e, text in _strings("pt"))
    assert any("sua vez" in text for _e, text in _strings("pt_BR"))


@pytest.mark.parametrize("code", ["pt", "pt_BR"])
def test_misere_agrees_as_a_feminine_word(code: str) -> None:
    assert [text for _e, text in _strings(code) if MISERE_MASCULINE.search(text)] == []


def test_spanish_says_pareja_and_el_kitty() -> None:
    """A side is a "pareja" (partner: "compañero"); the kitty is masculine on the
    screens as in the rules; the review's steps are not "pasos" (a pass is "paso")."""
    strings = [text for _e, text in _strings("es")]
    assert not [t for t in strings if re.search(r"\bbandos?\b", t)]
    assert not [t for t in strings if re.search(r"\b(la|de la|a la) kitty\b", t, re.I)]
    assert any("el kitty" in t for t in strings)
    rules = (ROOT / "docs" / "rules.es.md").read_text(encoding="utf-8")
    assert "el kitty" in rules and not re.search(r"\bla kitty\b", rules, re.I)
    assert not [t for t in strings if re.search(r"misere( abierta| a ciegas)? "
                                                r"(cumplido|fallado|perdido)\b", t)]


def test_the_fitted_words(lang: None) -> None:
    """The start screen's seed field shows 20 characters of its help; the review's
    steps are not passes ("passo"/"paso" is a pass in the auction)."""
    for code in ("pt", "pt_BR", "es"):
        i18n.set_language(code)
        assert len(i18n._("blank: a random deal")) <= 20, code
        assert not i18n._("Steps:").lower().startswith("pas"), code


def test_the_brazilian_catalogue_is_shipped_and_found() -> None:
    """The compiled catalogue is a resource of the package (the wheel ships the package
    folder), found where ``translations`` looks for it."""
    from importlib import resources

    mo = resources.files("five_hundred").joinpath("locale", "pt_BR", "LC_MESSAGES",
                                                  "five_hundred.mo")
    assert mo.is_file()
    found = i18n.translations("pt_BR")
    assert isinstance(found, gettext.GNUTranslations)
    assert found.gettext("East") == "Leste"
    assert i18n.translations("pt").gettext("East") == "Este"


@pytest.mark.parametrize(("text", "expected"), [
    ("pt_BR", "pt_BR"), ("pt-BR", "pt_BR"), ("pt-br", "pt_BR"), ("pt", "pt"),
    ("es", "es"), ("en", "en"), ("fr", None), ("pt_PT", None), ("pt_BR.UTF-8", None),
    ("", None)])
def test_the_lang_option_takes_a_language_offered(text: str, expected: str | None) -> None:
    assert i18n.code(text) == expected


def test_the_f3_order_and_the_names() -> None:
    """F3 goes English, Portugal, Brazil, Spanish; each named in itself."""
    assert i18n.LANGUAGES == ("en", "pt", "pt_BR", "es")
    assert i18n.LANGUAGE_NAMES["pt"] == "Português (Portugal)"
    assert i18n.LANGUAGE_NAMES["pt_BR"] == "Português (Brasil)"


def test_rules_in_brazilian_portuguese_from_the_lang_option() -> None:
    """``five-hundred --lang pt-BR rules`` (and ``rules --lang=pt_BR``): the Brazilian
    rules; a table's ``--lang pt_BR`` is accepted too."""
    run = _run("--lang", "pt-BR", "rules", lang_env="es_ES.UTF-8")
    assert run.returncode == 0
    assert run.stdout == plain_text(player_rules("pt_BR"))
    assert "Leste" in run.stdout and "carteador" in run.stdout
    after = _run("rules", "--lang=pt_BR")
    assert after.returncode == 0 and after.stdout == run.stdout


def test_the_brazilian_language_is_remembered(tmp_path: Path) -> None:
    from five_hundred.ui.storage import Storage

    storage = Storage(tmp_path)
    storage.prepare()
    storage.remember_language("pt_BR")
    assert Storage(tmp_path).last_language() == "pt_BR"
