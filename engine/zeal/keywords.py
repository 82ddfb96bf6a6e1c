"""Keywords as code, once each (rules: Keywords). Card data only names them."""

from __future__ import annotations

from engine.zeal.cards import Card
from engine.zeal.state import GameState, Permanent

# What dealt damage or made an effect, for Immune ("Can't be dealt damage, targeted,
# reanimated or killed by whatever it's immune to").
SPELL = "spells"
CHARACTER = "characters"
DEVICE = "devices"
COMBAT = "combat"
MANUAL = "manual"


def immune_to(keywords: tuple[str, ...], source: str) -> bool:
    """Immune: combat damage is dealt by characters, so immune:characters covers it too."""
    if source == MANUAL:
        return False
    if "immune:all" in keywords or f"immune:{source}" in keywords:
        return True
    return source == COMBAT and "immune:characters" in keywords


def can_be_damaged(perm: Permanent, source: str) -> bool:
    """Invincible: can't be damaged; Immune: can't be dealt damage by what it's immune to."""
    return not perm.has("invincible") and not immune_to(perm.keywords, source)


def can_be_killed(perm: Permanent, source: str) -> bool:
    return not perm.has("invincible") and not immune_to(perm.keywords, source)


def can_block(blocker: Permanent, attacker: Permanent) -> bool:
    """Fly: can't be blocked or flanked except by other characters with fly."""
    # is_character and has(), inlined: asked for every pair of characters in every combat
    return blocker.kind == "character" and (
        "fly" not in attacker.keywords or "fly" in blocker.keywords
    )


def cost_to_play(state: GameState, seat: int, card: Card, zeal: bool, x: int = 0) -> int:
    """The devotion a card costs now: its Zeal cost with Zeal, plus X for an X card; Dirac
    Archmage makes your spells cost 1 less each, never below 0."""
    cost = card.cost_with(zeal) + (x if card.x_cost else 0)
    if card.type == "spell":
        discount = sum(1 for p in state.players[seat].in_play if p.has("spell_discount"))
        cost = max(0, cost - discount)
    return cost


def zeal_for_card(state: GameState, seat: int, card: Card) -> bool:
    """Whether ``card`` has Zeal for ``seat`` now (a card not yet in play: any of its cult)."""
    if card.cult is None or card.zeal_cost is None and not _has_zeal_side(card):
        return False
    player = state.players[seat]
    if card.cult in player.spell_cults:
        return True
    return any(p.cult == card.cult for p in player.in_play)


def _has_zeal_side(card: Card) -> bool:
    return (
        card.zeal_cost is not None
        or card.zeal_combat is not None
        or bool(card.zeal_keywords)
        or bool(card.zeal_abilities)
        or bool(card.zeal_text)
    )
