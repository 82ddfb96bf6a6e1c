"""The table explorer (issue 20): plays every game through the real app's widgets with
seeded random legal actions, checks that each gesture made exactly the action the engine
allowed, and checks every screen after every step (reading floor, text in its box, no broken
words, no overlaps, facing, players' words, assistants, the app's log).

    python -m tests.app.explorer --game zeal --players 2 --size 800x1280 --seed 7 --steps 40
    python -m tests.app.explorer --long          # every game, both sizes, thousands of steps

See docs/app.md ("The table explorer")."""
