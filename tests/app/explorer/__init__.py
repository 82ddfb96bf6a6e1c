"""The table explorer (issues 20, 33): plays whole games of every game through the real app's
widgets with seeded choices that move the game on, checks that each gesture made exactly the
action the engine allowed, checks the screens (reading floor, text in its box, no broken
words, no overlaps, facing, players' words, assistants, the app's log), and stops the app as
a tablet's OS would (SIGTERM, kill -9) to check that the resume loses nothing.

    python -m tests.app.explorer --game zeal --players 2 --size 800x1280 --seed 7
    python -m tests.app.explorer --seed random     # one new seed, printed
    python -m tests.app.explorer --seeds 20        # make explore

See docs/app.md ("The table explorer")."""
