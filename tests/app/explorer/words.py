"""What players must never read (no Kivy here): internal names, labels missing their value,
and numbers that disagree with their noun. Each function returns the problems it finds in
one text, in words, so the explorer can say what it saw and where."""

from __future__ import annotations

import re

# An identifier: two or more lower-case words joined by underscores ("cult_zealot").
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
# An enum's name ("Step.COMBAT_DAMAGE", "CHOOSE_ATTACKERS").
_ENUM = re.compile(r"\b(?:[A-Z][a-z]+\.)?[A-Z]{2,}(?:_[A-Z0-9]+)+\b")
# A tag's or id's hex ("04deadbeef0001"); not a device's own label ("Device e59d0001"), the
# name printed on the box that players match with the Devices screen.
_HEX = re.compile(r"(?<!Device )\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b")
# A rulebook's section number used as a step's name ("III.A calling") or left bare for the
# player to decode ("(III.A)"); "rule III.A" and "section IV.A" say what it is.
_SECTION_AS_NAME = re.compile(
    r"(?<!\brule )(?<!\brules )(?<!\bsection )(?:^|(?<=[\s:(]))[IVX]{1,4}\.[A-Z]\b"
)
# A device or a count numbered from zero, as a program counts ("dial 0's button", "Turn 0").
_FROM_ZERO = re.compile(r"\b(?:dial|reader|seat|player|turn|round) 0\b", re.IGNORECASE)
# A code fused with its number ("match r1m1", "Howler xp1").
_CODE = re.compile(r"\b[a-z]+\d+(?:[a-z]+\d+)*\b")
# A permanent's number where it has a name ("card 4 at Alena"), an end by index ("end 0").
_NUMBERED = re.compile(r"\b(?:card|permanent|end|perm) \d+\b", re.IGNORECASE)
_ENGINE = re.compile(r"\bengine\b", re.IGNORECASE)
# A phase's internal name at the start of a line ("save:", "spin:").
_PHASE_KEY = re.compile(r"(?:^|\n)[a-z]+(?:_[a-z]+)*:(?:\s|$)")


def internal_names(text: str) -> list[str]:
    """Internal names a player would read in ``text``: identifiers, enum names, ids, the
    word "engine", section numbers as names, numbers where a thing has a name."""
    found: list[str] = []
    for pattern, what in (
        (_SNAKE, "identifier"),
        (_ENUM, "enum name"),
        (_HEX, "id"),
        (_SECTION_AS_NAME, "section number as a name"),
        (_NUMBERED, "a number where a name belongs"),
        (_ENGINE, 'the word "engine"'),
        (_PHASE_KEY, "an internal phase name"),
        (_FROM_ZERO, "counted from zero"),
        (_CODE, "a code where words belong"),
    ):
        for match in pattern.finditer(text):
            found.append(f"{what}: {match.group(0).strip()!r}")
    return found


# Words that name a value and must be followed by it.
_VALUE_WORDS = (
    "Cost",
    "Level",
    "Order",
    "Combat",
    "Hand",
    "Devotion",
    "Damage",
    "Health",
    "Score",
)  # not "Power": in Deeds Not Words it is a resource's name ("adding Power and Survivors")
# A label word with nothing after it; a count before it ("2 Damage, 1 Cost") is its value.
_MISSING = re.compile(
    r"(?<!\d )\b(" + "|".join(_VALUE_WORDS) + r")\s*(?=$|[,;.!?)\n]|\s+(?:to|and)\b)"
)
_DANGLING_COLON = re.compile(r":\s*$")


def missing_values(text: str) -> list[str]:
    """A label word with no value after it ("Cost", "100 to go, Level")."""
    # A lone word is a tile's title, its value drawn beside it; in a sentence it is not.
    found = (
        [f"{m.group(1)!r} with no value" for m in _MISSING.finditer(text)]
        if len(text.split()) > 1
        else []
    )
    # A title's colon with nothing after it is a line whose value did not come.
    if _DANGLING_COLON.search(text) and len(text) < 60:
        found.append(f"{text.strip()!r} ends with nothing after its colon")
    return found


# Plural words that end in s but are singular ("pass", "bonus"), never flagged after a 1.
_SINGULAR_S = re.compile(r"(?:ss|us|is|ics|ness|ous)$")
# "#1" is a copy's number ("Shade Ambusher #1 stays home"), not a count.
_ONE_PLURAL = re.compile(r"(?<![\d.#])\b1 (?:[a-z]+ )?([a-z]+s)\b")
_COPY_NUMBER = re.compile(r"\b[A-Z][a-z]+ [A-Z][a-z]+ $")  # a card's name before the number
_COUNT_NOUNS = ("card", "blessing", "cultist", "point", "turn", "player", "unit", "pass")
_MANY_SINGULAR = re.compile(
    # "4 card lengths" (Z-G's move) is a measure: the noun there is "lengths".
    r"(?<!#)\b(?:[02-9]|[1-9]\d+) (?:[a-z]+ )?(" + "|".join(_COUNT_NOUNS) + r")\b(?!s| length)"
)


def plural_disagreements(text: str) -> list[str]:
    """A number and its noun that disagree: "1 ready cultists", "3 card"."""
    found = []
    for match in _ONE_PLURAL.finditer(text):
        if _COPY_NUMBER.search(text[: match.start()]):
            continue  # "Andrenid Worker 1 blocks": the copy's number, then a verb
        if not _SINGULAR_S.search(match.group(1)):
            found.append(f"{match.group(0)!r}: one, but plural")
    for match in _MANY_SINGULAR.finditer(text):
        found.append(f"{match.group(0)!r}: many, but singular")
    return found


# A number over a number with no word before it ("3 / 0", "2/0 (on)"): which is which?
_BARE_PAIR = re.compile(r"^\W*\d+\s*/\s*\d+\b")
# A word in brackets saying again what the sentence said ("costs 3 devotion (cost)").
_BRACKETED = re.compile(r"\(([a-z]+)\)")
_ASIDES = re.compile(r"\([^()]*\)|\[[^\]]*\]")
# One player named twice around a verb ("Alena set Alena: deck size 6").
_NAME_TWICE = re.compile(r"\b([A-Z][a-z]+) [a-z]+ \1\b(?!')")


def unlabelled(text: str) -> list[str]:
    """Values a player can't place: a bare "3 / 0", a bracketed word repeating the sentence,
    a player named twice."""
    found = []
    if _BARE_PAIR.search(text):
        found.append(f"{text.strip()[:20]!r}: numbers with no label")
    # Earlier words outside brackets: "Rifleman (sample) blocks Crawler (sample)" says each
    # card's "(sample)" once, and a catalog's "[tactic]" is a column of its own.
    for match in _BRACKETED.finditer(text):
        word = match.group(1)
        before = _ASIDES.sub(" ", text.lower()[: match.start()])
        earlier = re.findall(r"[a-z]+", before)
        if any(len(w) > 2 and (w.startswith(word) or word.startswith(w)) for w in earlier):
            found.append(f"{match.group(0)!r} says again what the text said")
    for match in _NAME_TWICE.finditer(text):
        found.append(f"{match.group(0)!r}: the same player named twice")
    return found


def refusal_problems(text: str) -> list[str]:
    """A refusal is a sentence to a player: it starts with a capital (or a number)."""
    first = text.strip()[:1]
    return [f"the refusal {text[:40]!r} starts in lower case"] if first.islower() else []


def text_problems(text: str) -> list[str]:
    """Every word problem of one player-facing text."""
    return (
        internal_names(text) + missing_values(text) + plural_disagreements(text) + unlabelled(text)
    )
