"""An idle window sleeps: screens say when nothing moves, and the loop then waits for input."""

import threading

import pygame
import pytest

from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.scene import Scene
from fiftyfifty_desktop.ui.wake import WAKE_EVENT


def run_until_timer(app, milliseconds: int) -> list[Scene | None]:
    """Run the real main loop with no input but one timer event; the top scene of every drawn frame."""
    drawn: list[Scene | None] = []

    def on_frame(app) -> None:
        drawn.append(app.stack.top)
        if len(drawn) == 1:
            pygame.time.set_timer(pygame.USEREVENT, milliseconds, loops=1)
        elif pygame.time.get_ticks() - started[0] >= milliseconds:
            app.quit()

    started = [pygame.time.get_ticks()]
    app.on_frame = on_frame
    pygame.event.clear()
    app.loop()
    return drawn


def test_the_title_is_drawn_once_and_then_the_loop_sleeps(driver):
    assert driver.app.stack.resting()
    drawn = run_until_timer(driver.app, 600)
    assert len(drawn) == 2  # the first frame, then the frame the timer's event woke


@pytest.mark.parametrize("game", GAMES)
def test_a_table_rests_only_while_it_waits_for_the_player(driver, game):
    table = driver.new_game(game)
    driver.settle()
    assert driver.top is table, f"{type(driver.top).__name__} is on top of the new table"
    assert table.acting is not None and table.resting()
    driver.app.speed_override = "normal"
    move, _ = table.choices()[0]
    table.choose(move)
    driver.frame()
    assert not driver.app.stack.resting()  # cards move, or computers think, after a move


def test_a_change_made_while_resting_is_drawn(driver):
    """A resting scene that opens another on a quiet wake still gets the new one on screen."""

    class Later(Scene):
        waited = 0.0

        def update(self, dt):
            self.waited += dt
            if self.waited > 0.3 and self.app.stack.top is self:
                self.app.stack.push(Shown(self.app))

        def draw(self, surface):
            surface.fill((0, 0, 0))

    class Shown(Later):
        def update(self, dt):
            self.app.quit()

    driver.app.stack.push(Later(driver.app))
    drawn = run_until_timer(driver.app, 5000)
    assert [type(scene).__name__ for scene in drawn] == ["Later", "Shown"]


def test_a_hint_being_thought_out_wakes_the_resting_table_when_it_comes(driver):
    """A resting window draws nothing new until input or a wake-up comes: the hint's thread wakes it when the
    answer is in, so the hint shows at once, not at the next mouse move."""
    table = driver.new_game("take5")
    driver.settle()
    driver.frame(*pygame.event.get())  # the computers' wake-ups, taken as the loop takes them
    driver.press(table.hint_key, pygame.key.name(table.hint_key))
    assert table.advice is not None and driver.app.stack.resting()
    woken: list[pygame.event.Event] = []
    for _ in range(500):
        woken += pygame.event.get(WAKE_EVENT)
        if woken:
            break
        threading.Event().wait(0.01)
    assert len(woken) == 1
    driver.frame(*woken)
    assert table.hint is not None and table.advice is None and table.resting()


class Shows(Scene):
    """A resting scene that shows a number another thread may change."""

    def __init__(self, app):
        super().__init__(app)
        self.number = 0

    def draw(self, surface):
        surface.fill((self.number, 0, 0))


def run_until_shown(app, scene, wanted: int) -> list[int]:
    """Run the real main loop with no input until a frame shows ``wanted`` (a watchdog closes the window after
    10 s, so a wake-up that never comes fails instead of hanging); the number each drawn frame showed."""
    drawn: list[int] = []
    watchdog = threading.Timer(10.0, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))

    def on_frame(app) -> None:
        drawn.append(scene.number)
        if scene.number == wanted:
            app.quit()

    app.on_frame = on_frame
    pygame.event.clear()
    watchdog.start()
    try:
        app.loop()
    finally:
        watchdog.cancel()
    return drawn


def test_a_change_made_on_another_thread_wakes_the_resting_window_and_is_drawn(driver):
    scene = driver.app.stack.push(Shows(driver.app))

    def change() -> None:
        scene.number = 9
        driver.app.wake()

    threading.Timer(0.3, change).start()
    assert run_until_shown(driver.app, scene, 9) == [0, 9]  # no input at all, and no frame in between


def test_wake_ups_coalesce_while_one_waits_in_the_queue(driver):
    pygame.event.clear()
    callers = [threading.Thread(target=lambda: [driver.app.wake() for _ in range(50)]) for _ in range(4)]
    for caller in callers:
        caller.start()
    for caller in callers:
        caller.join()
    assert len(pygame.event.get(WAKE_EVENT)) == 1
    driver.frame(pygame.event.Event(WAKE_EVENT))  # the loop takes it: the next change wakes it again
    driver.app.wake()
    assert len(pygame.event.get(WAKE_EVENT)) == 1


def test_a_resting_scene_whose_picture_key_changes_on_a_quiet_wake_is_drawn(driver):
    class Polls(Shows):
        """Learns its number by polling on the loop's quiet wakes, as a screen polls a worker's pipe."""

        def update(self, dt):
            self.number = min(self.number + 1, 3)

        def picture_key(self):
            return self.number

    scene = driver.app.stack.push(Polls(driver.app))
    assert run_until_shown(driver.app, scene, 3)[-1] == 3
