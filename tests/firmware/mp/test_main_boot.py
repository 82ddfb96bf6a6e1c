# main.py on the VM: with the pair button held at reset it stays in the REPL (the documented
# way back), before touching the serial port or the radio. This VM's micropython module has no
# kbd_intr, so had main.py gone on into run mode, the import below would raise.
import sys


def test_pair_button_held_at_boot_keeps_the_repl():
    import main  # noqa: F401  (runs main() as the board does at boot)

    assert "main" in sys.modules and "altarfw.boot" in sys.modules


def test_a_locked_player_build_never_allows_the_repl():
    from altarfw.boot import repl_allowed

    assert repl_allowed({}, True) and not repl_allowed({}, False)
    assert not repl_allowed({"locked": True}, True), "the held button is no way in"
