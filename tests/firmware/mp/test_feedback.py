# Feedback parts: the LED pattern, NeoPixel colour and buzzer tone for each FEEDBACK kind.
import wire
from altarfw.feedback import Feedback
from sim_quadrature import SimPin

OK = wire.FEEDBACK_OK
REFUSE = wire.FEEDBACK_REFUSE
ATTENTION = wire.FEEDBACK_ATTENTION


class Pixel:
    def __init__(self):
        self.colour = None
        self.writes = 0
        self._c = [(0, 0, 0)]

    def __setitem__(self, i, c):
        self._c[i] = c

    def write(self):
        self.colour = self._c[0]
        self.writes += 1


class Pwm:
    def __init__(self):
        self.f = 0
        self.duty = 0

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        self.duty = d


def timeline(fb, led, until=1000):
    levels = []
    for t in range(0, until, 10):
        fb.update(t)
        levels.append(led.level)
    return levels


def test_ok_lights_once_refuse_blinks_three_times():
    led = SimPin(0)
    fb = Feedback(led)
    fb.show(OK, 0)
    lv = timeline(fb, led)
    assert lv[0] == 1 and lv[-1] == 0
    assert sum(1 for i in range(1, len(lv)) if lv[i] and not lv[i - 1]) == 0
    fb.show(REFUSE, 0)
    lv = timeline(fb, led)
    rises = sum(1 for i in range(1, len(lv)) if lv[i] and not lv[i - 1])
    assert lv[0] == 1 and rises == 2 and lv[-1] == 0, lv  # on at 0, then two more blinks


def test_pixel_colour_and_buzzer_tone_follow_the_kind():
    px = Pixel()
    bz = Pwm()
    fb = Feedback(None, px, bz)
    fb.show(REFUSE, 0)
    assert px.colour[0] > 0 and px.colour[1] == 0, "refuse is red"
    assert bz.duty > 0 and bz.f == 440
    for t in range(0, 1000, 10):
        fb.update(t)
    assert px.colour == (0, 0, 0) and bz.duty == 0, "everything off at the end"
    fb.show(OK, 2000)
    assert px.colour[1] > 0 and px.colour[0] == 0, "ok is green"
    assert fb.show(ATTENTION, 3000)
    assert not fb.show(9, 4000), "an unknown kind does nothing"
