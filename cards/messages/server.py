"""Messages of a server's bounds and faults: busy builds, stopped builds, limits of a request."""

from __future__ import annotations

MESSAGES = {
    "server_busy": "Server právě tiskne jiné balíčky a fronta je plná; zkuste to znovu za chvíli.",
    "server_too_long": (
        "Tisk trval déle než {seconds} s a byl zastaven; zkuste to znovu s menším balíčkem."
    ),
    "server_stopping": "Server se právě zastavuje; zkuste to znovu za chvíli.",
    "server_cancelled": "Tisk byl zastaven: spojení s prohlížečem se přerušilo; zkuste to znovu.",
    "server_worker_died": (
        "Proces, který balíček tiskl, nečekaně skončil (nahradil ho nový); zkuste to znovu."
    ),
    "server_too_many_cards": (
        "kouzla: balíček by měl {cards} karet, server tiskne nejvýše {limit} karet "
        "najednou (celé kompendium v kterémkoli rozvržení se vejde); rozdělte ho na menší"
    ),
    "spell_too_long": (
        "kouzlo „{name}“ je příliš dlouhé: {size} znaků, nejvýše {limit} znaků na kouzlo; "
        "rozdělte ho na několik kouzel"
    ),
    "server_unknown_host": (
        "Neznámý název hostitele „{host}“ v požadavku (ochrana proti DNS rebinding). "
        "Správce serveru ho povolí proměnnou prostředí {variable}, např. {variable}={host}"
    ),
    "cache_no_home": (
        "varování: nelze zjistit domovskou složku (chybí HOME); mezipaměť složených karet "
        "je v {folder}"
    ),
    "cache_unusable": (
        "varování: mezipaměť složených karet {path} nelze použít ({reason}); karty se skládají "
        "bez ní (jinou složku určí CARDS_CACHE_DIR)"
    ),
    "cache_damaged": (
        "varování: soubor mezipaměti {path} je poškozený; nahrazuji ho novým (karty se složí znovu)"
    ),
    "cache_reason_sqlite": "databáze SQLite: {error}",
    "cache_info_unusable": "Mezipaměť nelze použít: {reason}",
    "spell_no_text": "popis kouzla „{name}“ nemá žádný text (jen prázdné bloky); doplňte ho",
    "spell_name_bracket": (
        "název „{name}“ končí závorkou: řádek balíčku „Název (Kniha)“ vybírá knihu, takže by "
        "znamenal jiné kouzlo; závorku z názvu vynechte"
    ),
}
