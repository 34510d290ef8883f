"""Colour schemes (issue 25.13 and its dark mode): every text colour of each
scheme is readable on its ground (WCAG 2, 4.5:1)."""

import pytest

from bigcity_desktop.scene import style as S


@pytest.mark.parametrize("name", S.SCHEME_NAMES)
@pytest.mark.parametrize(("text", "ground"), S.TEXT_PAIRS)
def test_text_colours_have_wcag_contrast(name, text, ground):
    sc = S.SCHEMES[name]
    ratio = S.contrast_ratio(getattr(sc, text), getattr(sc, ground))
    assert ratio >= 4.5, f"{name}: {text} on {ground} is {ratio:.2f}:1"


def test_contrast_ratio_is_wcags():
    assert S.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert S.contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def test_switching_the_scheme_changes_the_board_colours():
    try:
        S.set_scheme("dark")
        assert S.TABLE.lightness() < 60 and S.NUMBER_TEXT.lightness() > 200
        assert S.scheme().name == "dark"
        S.set_scheme("nonsense")
        assert S.scheme().name == "light" and S.TABLE.name() == "#efe9dc"
    finally:
        S.set_scheme("light")
