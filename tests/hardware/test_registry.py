"""The tag registry: UID to card, on-tag references first, deck enrolment with progress."""

from __future__ import annotations

from pathlib import Path

from hardware.registry import TagRegistry, unknown_tag_prompt

A = bytes.fromhex("04a1b2c3d4e5f6")
B = bytes.fromhex("04a1b2c3d4e5f7")
C = bytes.fromhex("08123456")


def test_unknown_tag_is_none_not_an_error_and_has_a_prompt() -> None:
    assert TagRegistry(":memory:").card_for(A) is None
    prompt = unknown_tag_prompt(A)
    assert "e5f6" in prompt and "not a known card" in prompt and "by hand" in prompt


def test_enrolled_uid_and_on_tag_reference_which_wins() -> None:
    reg = TagRegistry(":memory:")
    reg.enrol(A, "zeal/ember-acolyte")
    assert reg.card_for(A) == "zeal/ember-acolyte"
    # A friend's deck: the reference on the tag wins over this table's enrolment.
    assert reg.card_for(A, "z042") == "z042"
    reg.add_reference("z042", "zeal/tidal-oracle")
    assert reg.card_for(A, "z042") == "zeal/tidal-oracle"
    reg.forget(A)
    assert reg.card_for(A) is None


def test_registry_persists_in_its_file(tmp_path: Path) -> None:
    path = str(tmp_path / "tags.sqlite")
    reg = TagRegistry(path)
    reg.enrol(B, "zeal/ash")
    reg.close()
    assert TagRegistry(path).card_for(B) == "zeal/ash"


def test_deck_enrolment_walks_the_list_with_progress() -> None:
    reg = TagRegistry(":memory:")
    reg.enrol(C, "old/card")
    session = reg.enrolment(["zeal/a", "zeal/b", "zeal/c"])
    assert session.next_card == "zeal/a" and session.progress == (0, 3)
    step = session.tap(A)
    assert step.ok and step.done == 1 and "Next: zeal/b" in step.message
    again = session.tap(A)
    assert not again.ok and "already used" in again.message and session.progress == (1, 3)
    session.skip()
    step = session.tap(C)
    assert step.ok and "(it was old/card)" in step.message and "deck is enrolled" in step.message
    assert session.next_card is None and session.progress == (3, 3)
    assert reg.card_for(A) == "zeal/a" and reg.card_for(C) == "zeal/c"
    assert reg.uids_for("zeal/b") == []
    assert not session.tap(B).ok
