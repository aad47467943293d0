"""The scene lifecycle: which scene hears what, in which order, when the stack changes."""

from types import SimpleNamespace

import pytest

from fiftyfifty_desktop.ui.scene import Scene, SceneStack


class Recorder(Scene):
    """A scene that writes each lifecycle call into a shared log."""

    def __init__(self, app, name: str, log: list[str]) -> None:
        super().__init__(app)
        self.name = name
        self.log = log

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def resize(self, layout):
        super().resize(layout)
        self.log.append(f"{self.name}.resize")

    def draw(self, surface):
        pass


@pytest.fixture
def log():
    return []


@pytest.fixture
def app():
    return SimpleNamespace(size=(960, 540))


@pytest.fixture
def make(app, log):
    return lambda name: Recorder(app, name, log)


def test_push_pauses_the_covered_scene_before_the_new_one_enters(app, log, make):
    stack = SceneStack(app)
    stack.push(make("a"))
    stack.push(make("b"))
    assert log == ["a.resize", "a.enter", "a.pause", "b.resize", "b.enter"]


def test_pop_exits_the_top_then_resumes_the_uncovered_scene(app, log, make):
    stack = SceneStack(app)
    stack.push(make("a"))
    stack.push(make("b"))
    log.clear()
    stack.pop()
    assert log == ["b.exit", "a.resume"]
    log.clear()
    stack.pop()
    assert log == ["a.exit"]


def test_replace_leaves_the_covered_scene_paused(app, log, make):
    stack = SceneStack(app)
    stack.push(make("a"))
    stack.push(make("b"))
    log.clear()
    stack.replace(make("c"))
    assert log == ["b.exit", "c.resize", "c.enter"]
    assert len(stack) == 2 and stack.top.name == "c"


def test_reset_exits_every_scene_top_first_and_resumes_none(app, log, make):
    stack = SceneStack(app)
    for name in "abc":
        stack.push(make(name))
    log.clear()
    stack.reset(make("d"))
    assert log == ["c.exit", "b.exit", "a.exit", "d.resize", "d.enter"]
    assert len(stack) == 1


def test_every_scene_that_leaves_is_exited_exactly_once(app, log, make):
    stack = SceneStack(app)
    stack.push(make("a"))
    stack.push(make("b"))
    stack.replace(make("c"))
    stack.push(make("d"))
    stack.pop()
    stack.reset(make("e"))
    stack.push(make("f"))
    stack.clear()
    exits = [entry.split(".")[0] for entry in log if entry.endswith(".exit")]
    assert sorted(exits) == list("abcdef")


def test_quitting_the_application_exits_every_scene_once(driver, log):
    for name in ("table", "pause"):
        driver.app.stack.push(Recorder(driver.app, name, log))
    log.clear()
    driver.app.quit()
    assert log == ["pause.exit", "table.exit"]
    assert not driver.app.running and len(driver.app.stack) == 0 and driver.top is None
    driver.app.quit()
    assert log == ["pause.exit", "table.exit"]


def test_find_by_returns_the_topmost_match(app, make):
    stack = SceneStack(app)
    for name in ("a", "b", "a"):
        stack.push(make(name))
    found = stack.find_by(lambda scene: scene.name == "a")
    assert found is stack.top
    assert stack.find_by(lambda scene: scene.name == "z") is None


def test_an_error_in_the_main_loop_still_exits_every_scene(driver, log):
    class Failing(Recorder):
        def update(self, dt):
            raise RuntimeError("broken")

    driver.app.stack.push(Recorder(driver.app, "table", log))
    with pytest.raises(RuntimeError):
        driver.app.run(Failing(driver.app, "failing", log))
    assert log[-2:] == ["failing.exit", "table.exit"] and len(driver.app.stack) == 0
