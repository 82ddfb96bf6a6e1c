"""What a card on the battlefield is now: its keywords, attack and defense ("Cards",
"Permanent Abilities Glossary"), and what it may do (attack, block, be targeted)."""

from __future__ import annotations

from engine.deeds.cards import Card, Catalog
from engine.deeds.state import DeedsState, InPlay, holds_any, nothing_attached


def card_of(catalog: Catalog, x: InPlay) -> Card:
    return catalog.get(x.card_id)


def keywords(state: DeedsState, catalog: Catalog, x: InPlay) -> frozenset[str]:
    """Its own keywords and those of the cards attached to it (equipment, upgrades, a unit
    aboard a vehicle): an equipped card has what its equipment gives (README: readings)."""
    own = catalog.keyword_sets[x.card_id]
    on = x.id  # read for every card of every listing: most have nothing on them
    if nothing_attached(state.cards, on):
        return own
    attached = [y for y in state.cards if y.attached_to == on]
    get = catalog.get
    return own.union(*(get(y.card_id).keywords for y in attached))


def has(state: DeedsState, catalog: Catalog, x: InPlay, keyword: str) -> bool:
    return keyword in keywords(state, catalog, x)


def _auras(state: DeedsState, catalog: Catalog, x: InPlay) -> tuple[int, int]:
    """How many Leadership and how many Motivator cards ``x``'s owner has on the battlefield
    ("Your units gain ... while deployed"; they stack, "Effects ... always stack"), if ``x``
    is a unit on its own; in one look at the battlefield."""
    if not is_free_unit(catalog, x):
        return 0, 0
    if not holds_any(state.cards, catalog.aura_cards):
        return 0, 0  # (most battles: no aura at all)
    return auras_of(state, catalog, x.owner)


def auras_of(state: DeedsState, catalog: Catalog, owner: int) -> tuple[int, int]:
    """How many cards ``owner`` has on the battlefield that print Leadership, and Motivator."""
    get = catalog.get
    leadership = motivator = 0
    for y in state.cards:
        if y.owner == owner:
            printed = get(y.card_id).keywords
            if printed:
                leadership += "leadership" in printed
                motivator += "motivator" in printed
    return leadership, motivator


def is_free_unit(catalog: Catalog, x: InPlay) -> bool:
    """A unit on its own (not aboard a vehicle): auras reach it."""
    return x.attached_to is None and catalog.get(x.card_id).is_unit


def attack_of(state: DeedsState, catalog: Catalog, x: InPlay) -> int:
    kws = keywords(state, catalog, x)
    return attack_from(catalog, x, kws, state.attached(x.id), _auras(state, catalog, x))


def fighter_numbers(
    state: DeedsState, catalog: Catalog, x: InPlay
) -> tuple[int, int, frozenset[str]]:
    """Its attack, its health (defense left) and its keywords, each worked out once (a
    battle reads all three of every fighter)."""
    kws = keywords(state, catalog, x)
    on = state.attached(x.id)
    auras = _auras(state, catalog, x)
    attack = attack_from(catalog, x, kws, on, auras)
    return attack, defense_from(catalog, x, kws, on, auras) - x.damage, kws


def attack_from(
    catalog: Catalog,
    x: InPlay,
    kws: frozenset[str],
    on: tuple[InPlay, ...],
    auras: tuple[int, int],
) -> int:
    """Its attack from its keywords ``kws``, the cards ``on`` it and its owner's ``auras``."""
    if "crippled" in kws:  # Crippled: "Card's Attack is reduced to 0"
        return 0
    value = catalog.get(x.card_id).attack + x.attack_mod
    if on:  # (most cards: nothing attached)
        value += sum(catalog.get(y.card_id).attack + y.attack_mod for y in on)
    if "mounting_aggression" in kws:  # +1/+0 for every token
        value += x.tokens
    if "rampage" in kws:  # +5/+0
        value += 5
    leadership, motivator = auras
    return max(0, value + leadership + motivator)


def defense_of(state: DeedsState, catalog: Catalog, x: InPlay) -> int:
    """Its full defense, before damage."""
    kws = keywords(state, catalog, x)
    return defense_from(catalog, x, kws, state.attached(x.id), _auras(state, catalog, x))


def defense_from(
    catalog: Catalog,
    x: InPlay,
    kws: frozenset[str],
    on: tuple[InPlay, ...],
    auras: tuple[int, int],
) -> int:
    """Its full defense from its keywords ``kws``, the cards ``on`` it and its owner's
    ``auras``."""
    value = catalog.get(x.card_id).defense + x.defense_mod
    if on:  # (most cards: nothing attached)
        value += sum(catalog.get(y.card_id).defense + y.defense_mod for y in on)
    if "defense_gain" in kws:  # +0/+1 for every token
        value += x.tokens
    return max(0, value + auras[0])  # Leadership: +1/+1; Motivator adds attack only


def health_of(state: DeedsState, catalog: Catalog, x: InPlay) -> int:
    """Defense left after this round's damage."""
    return defense_of(state, catalog, x) - x.damage


def can_die(catalog: Catalog, x: InPlay) -> bool:
    """Units, fortifications and vehicles are retired at 0 defense; equipment and upgrades
    go with what they are on, and a unit aboard a vehicle goes with the vehicle."""
    return x.attached_to is None and x.card_id in catalog.fighting


def fights(catalog: Catalog, x: InPlay) -> bool:
    """Can take part in a battle at all: a unit or a vehicle or fortification, not attached."""
    return can_die(catalog, x)


def why_cannot_attack(state: DeedsState, catalog: Catalog, x: InPlay) -> str | None:
    card = catalog.get(x.card_id)
    if not fights(catalog, x):
        if x.attached_to is not None:
            return f"{card.name} is equipped to another card and does not attack on its own"
        return f"{card.name} is equipment: it attacks only as part of what it equips"
    if card.subtype == "fortification":
        return f"{card.name} is a fortification: fortifications may block but not attack"
    if not x.ready:
        return f"{card.name} is utilized: only ready cards attack"
    if card.is_unit and x.deployed_round == state.round:
        return f"{card.name} came into play this round: units may not attack on that round"
    kws = keywords(state, catalog, x)
    if "crippled" in kws:
        return f"{card.name} is Crippled: it may not attack"
    if "pacifist" in kws:
        return f"{card.name} is a Pacifist: it may not attack"
    return None


def attack_keywords(
    state: DeedsState, catalog: Catalog, x: InPlay, bare: bool = False
) -> frozenset[str] | None:
    """The keywords of a card able to attack now, or None if it is not: ``why_cannot_attack``'s
    tests without the words (the legal actions ask every card of the attacker's, and then
    whether it must, by Rage or Rampage). ``bare``: nothing is attached to anything on the
    battlefield, so its keywords are its own."""
    if x.attached_to is not None or not x.ready:
        return None
    card = catalog.get(x.card_id)
    if card.type == "unit":
        if x.deployed_round == state.round:
            return None
    elif card.subtype != "vehicle":  # equipment, upgrades and fortifications don't attack
        return None
    kws = catalog.keyword_sets[x.card_id] if bare else keywords(state, catalog, x)
    if "crippled" in kws or "pacifist" in kws:
        return None
    return kws


def may_block(catalog: Catalog, blocker: InPlay) -> bool:
    """``why_cannot_block``'s tests of the blocker: it fights (on its own), and it is ready."""
    return blocker.ready and blocker.attached_to is None and blocker.card_id in catalog.fighting


def blockable_by(state: DeedsState, catalog: Catalog, attacker: InPlay, seat: int) -> bool:
    """``why_cannot_block``'s tests of the attacker, against ``seat``'s blockers: Unblockable,
    and Disguise against 2 or more Survivors in their pool."""
    kws = keywords(state, catalog, attacker)
    if "unblockable" in kws:
        return False
    return not ("disguise" in kws and state.players[seat].pool.survivors >= 2)


def must_attack(state: DeedsState, catalog: Catalog, x: InPlay) -> bool:
    """Rage and Rampage: it must attack in its owner's attack phase if it is able."""
    if x.owner != state.attacker:
        return False
    kws = keywords(state, catalog, x)
    if "rage" not in kws and "rampage" not in kws:
        return False
    return why_cannot_attack(state, catalog, x) is None


def why_cannot_block(
    state: DeedsState, catalog: Catalog, blocker: InPlay, attacker: InPlay
) -> str | None:
    card = catalog.get(blocker.card_id)
    if not fights(catalog, blocker):
        return f"{card.name} can't block: it is not a unit, vehicle or fortification on its own"
    if not blocker.ready:
        return f"{card.name} is utilized: only ready cards block"
    kws = keywords(state, catalog, attacker)
    name = catalog.get(attacker.card_id).name
    if "unblockable" in kws:
        return f"{name} is Unblockable: it can't be blocked"
    if "disguise" in kws and state.players[blocker.owner].pool.survivors >= 2:
        return (
            f"{name} has Disguise: it can't be blocked by a player with 2 or more Survivors"
            " in their resource pool"
        )
    return None


def why_not_target(state: DeedsState, catalog: Catalog, x: InPlay) -> str | None:
    """Hidden: the card can't be targeted unless utilized."""
    if x.ready and has(state, catalog, x, "hidden"):
        return f"{catalog.get(x.card_id).name} is Hidden: it can't be targeted unless utilized"
    return None
