"""The window follows its network table: the invitation field takes a long paste."""

from __future__ import annotations

import pygame

from fiftyfifty_desktop.ui import audit
from fiftyfifty_desktop.ui.layout import GOLD
from fiftyfifty_desktop.ui.scenes.network import JoinScene


# ----- the invitation field ----------------------------------------------------------------
def test_the_join_screen_opens_on_the_invitation_field_and_a_long_paste_scrolls_to_the_caret(
        driver, monkeypatch) -> None:
    invitation = "wss://192.168.178.20:8455/river-owl-lamp#" + "9f" * 32
    monkeypatch.setattr("fiftyfifty_desktop.ui.widgets.clipboard_text", lambda: invitation)
    driver.click_button("Play over the network")
    driver.click_button("Join a table")
    join = driver.top
    assert isinstance(join, JoinScene) and join.form.focused is join.address
    driver.press(pygame.K_v, "\x16", pygame.KMOD_CTRL)
    assert join.address.text == invitation  # in place of the address offered
    field = join.address.box

    def caret() -> int:
        """Where the caret is drawn across the middle of the field (inside its edges)."""
        row = [x for x in range(field.x + 4, field.right - 4)
               if tuple(driver.app.screen.get_at((x, field.centery)))[:3] == tuple(GOLD)[:3]]
        assert row, "no caret inside the field"
        return row[0]

    with audit.recording(driver.app.screen.get_size()) as recorder:
        driver.frame()
    [shown] = [d for d in recorder.drawn if d.kind == audit.TEXT and d.words == invitation]
    assert field.contains(pygame.Rect(shown.rect))  # the text stays in its field, scrolled
    assert caret() > field.centerx  # to the caret at the end of the paste
    driver.press(pygame.K_HOME)
    assert caret() < field.centerx  # and back to its start
