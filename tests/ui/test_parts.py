"""The pieces under the scenes: translations, tweens, widgets, card art."""

import pygame
import pytest

from fiftyfifty_desktop.config import ConfigError
from fiftyfifty_desktop.ui import cards, i18n
from fiftyfifty_desktop.ui.tween import Animation, AnimationQueue, ease_in_out_cubic, ease_out_back
from fiftyfifty_desktop.ui.widgets import Chooser, Form, TextInput


def test_every_language_has_the_same_keys():
    tables = i18n.load_translations()
    assert set(tables["en"]) == set(tables["de"])
    assert tables["en"]["title.new_game"] == "New game" and tables["de"]["title.new_game"] == "Neues Spiel"


def test_a_key_missing_in_one_language_is_named_in_one_line(i18n_copy):
    path = i18n_copy / "de.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  quit: Beenden\n", ""), encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        i18n.load_translations(i18n_copy)
    assert str(info.value) == "config/i18n/de.yaml: missing the key 'title.quit' that en.yaml has"


def test_corrupt_or_missing_translation_files_give_one_line(i18n_copy):
    (i18n_copy / "en.yaml").write_text("title: [unclosed\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        i18n.load_translations(i18n_copy)
    assert str(info.value).startswith("config/i18n/en.yaml: line ") and "\n" not in str(info.value)
    (i18n_copy / "en.yaml").unlink()
    with pytest.raises(ConfigError, match="en.yaml: file not found"):
        i18n.load_translations(i18n_copy)


def test_translation_fills_in_fields_and_follows_the_language():
    assert i18n.tr("results.winner", names="Ann") == "Ann wins!"
    i18n.set_language("de")
    try:
        assert i18n.tr("results.winner", names="Ann") == "Ann gewinnt!"
    finally:
        i18n.set_language("en")


def test_queue_plays_steps_in_order_and_hands_on_leftover_time():
    log = []
    queue = AnimationQueue("normal")
    queue.add(Animation(0.5, on_start=lambda: log.append("a+"), on_finish=lambda: log.append("a-")))
    queue.add(Animation(0.5, on_start=lambda: log.append("b+"), on_finish=lambda: log.append("b-")))
    queue.update(0.25)
    assert log == ["a+"] and not queue.idle
    queue.update(0.5)
    assert log == ["a+", "a-", "b+"]
    [running] = queue.running()
    assert running.progress == pytest.approx(ease_in_out_cubic(0.5))
    queue.update(1.0)
    assert log == ["a+", "a-", "b+", "b-"] and queue.idle


def test_instant_speed_and_skip_finish_everything_in_order():
    log = []
    for finish in ("instant", "skip"):
        queue = AnimationQueue("instant" if finish == "instant" else "slow")
        for name in "xyz":
            queue.add(Animation(1.0, on_finish=lambda n=name: log.append(n)))
        queue.update(0.0) if finish == "instant" else queue.skip()
        assert queue.idle
    assert log == list("xyzxyz")


def test_a_step_that_opens_a_screen_stops_the_queue_until_it_closes():
    covered = []
    queue = AnimationQueue("instant")
    queue.then(lambda: covered.append(True))
    queue.add(Animation(1.0))
    queue.update(0.0, stop=lambda: bool(covered))
    assert covered and not queue.idle
    covered.clear()
    queue.update(0.0, stop=lambda: bool(covered))
    assert queue.idle


def test_speed_is_read_when_an_animation_is_queued():
    speed = ["slow"]
    queue = AnimationQueue(lambda: speed[0])
    slow = Animation(1.0)
    queue.add(slow)
    speed[0] = "fast"
    fast = Animation(1.0)
    queue.add(fast)
    assert slow.duration > 1.0 > fast.duration
    assert ease_out_back(1.0) == pytest.approx(1.0)


def key(k, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=0, scancode=0)


def test_form_moves_focus_with_tab_and_arrows_and_changes_choosers():
    picked = []
    chooser = Chooser(None, ["a", "b", "c"], str, "a", picked.append)
    name = TextInput(None, "", max_length=4)
    form = Form([chooser, name])
    assert form.focused is chooser
    assert form.handle_event(key(pygame.K_RIGHT)) is None and chooser.value == "b"
    form.handle_event(key(pygame.K_LEFT))
    form.handle_event(key(pygame.K_LEFT))
    assert chooser.value == "c" and picked == ["b", "a", "c"]
    form.handle_event(key(pygame.K_TAB))
    assert form.focused is name
    for ch in "Hello":
        form.handle_event(key(0, ch))
        form.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert name.text == "Hell"  # typed letters are not shortcuts, and the length is capped
    form.handle_event(key(pygame.K_BACKSPACE))
    assert name.text == "Hel"
    form.handle_event(key(pygame.K_UP))
    assert form.focused is chooser


def test_card_faces_are_cached_per_size_and_show_penalty_colours(driver):
    small = cards.face("take5", 55, *cards.card_size(60))
    assert cards.face("take5", 55, *cards.card_size(60)) is small
    big = cards.face("take5", 55, *cards.card_size(300))
    assert big.get_size() == cards.card_size(300)
    centre_of_55 = big.get_at((big.get_width() // 2, int(big.get_height() * 0.93)))
    centre_of_1 = cards.face("take5", 1, *cards.card_size(300)).get_at(
        (big.get_width() // 2, int(big.get_height() * 0.93)))
    assert tuple(centre_of_55)[:3] != tuple(centre_of_1)[:3]
