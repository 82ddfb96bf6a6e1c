"""A quick burst of taps on one counter merges into one change with a preview."""

from companion_app.session.burst import BurstMerger


def test_taps_accumulate_and_preview_shows_change_and_result() -> None:
    m = BurstMerger()
    for _ in range(3):
        change = m.nudge((0, "devotion", 0), current=4, delta=1)
    assert change.result == 7
    assert change.preview() == "+3 = 7"
    (only,) = m.take_all()
    assert (only.start, only.result) == (4, 7)
    assert m.take_all() == []


def test_a_burst_never_goes_below_zero_and_turns_back_at_once() -> None:
    m = BurstMerger()
    m.nudge((1, "devotion", 0), current=1, delta=-5)
    change = m.nudge((1, "devotion", 0), current=1, delta=-1)
    assert change.result == 0
    # One "+" after hitting the floor moves off it immediately: no hidden debt.
    change = m.nudge((1, "devotion", 0), current=1, delta=1)
    assert change.result == 1 and change.preview() == "+0 = 1"


def test_separate_counters_stay_separate() -> None:
    m = BurstMerger()
    m.nudge((0, "devotion", 0), 2, 1)
    m.nudge((0, "base_damage", 3), 0, 2)
    m.nudge((1, "devotion", 0), 5, -1)
    results = {c.key: c.result for c in m.take_all()}
    assert results == {(0, "devotion", 0): 3, (0, "base_damage", 3): 2, (1, "devotion", 0): 4}


def test_upper_bound_is_respected() -> None:
    m = BurstMerger()
    change = m.nudge((0, "devotion", 0), 12, 5, high=13)
    assert change.result == 13
