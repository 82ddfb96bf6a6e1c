"""Each viewer gets every table's newest view, at most N messages a second, coalesced: a slow
or fast feed costs one pending view per table, never a backlog (clock moved by the test)."""

from companion_app.broadcast.viewer_feed import ViewerFeed


def test_views_faster_than_the_rate_are_coalesced_to_the_newest() -> None:
    feed = ViewerFeed(per_second=10)
    feed.offer("view:1", {"seq": 1})
    assert feed.due(100.0) == [{"seq": 1}]
    for seq in range(2, 50):  # a burst between two sends
        feed.offer("view:1", {"seq": seq})
    assert feed.due(100.05) == []  # within the 0.1 s the rate allows: nothing yet
    assert feed.wait(100.05) > 0
    assert feed.due(100.1) == [{"seq": 49}]  # only the newest
    assert feed.coalesced == 47 and feed.sent == 2


def test_every_table_gets_its_newest_view_in_one_send() -> None:
    feed = ViewerFeed(per_second=2)
    for table in range(32):
        feed.offer(f"view:{table}", {"table": table})
    sent = feed.due(0.0)
    assert sorted(m["table"] for m in sent) == list(range(32))
    assert feed.pending == {}


def test_nothing_pending_sends_nothing_and_waits_nothing() -> None:
    feed = ViewerFeed()
    assert feed.due(5.0) == [] and feed.wait(5.0) == 0.0
