"""Starting the program prints nothing of its libraries: no pygame greeting, no sound library's warnings."""

import os
import subprocess
import sys

import pygame

from fiftyfifty_desktop.ui import sound
from fiftyfifty_desktop.ui.sound import Sounds, native_stderr_silenced


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


def test_no_pygame_greeting_on_import():
    done = run_python("import fiftyfifty_desktop.__main__, pygame; print('done')")
    assert done.stdout == "done\n", done.stdout
    assert "pygame" not in done.stderr


def test_native_writes_to_stderr_are_silenced_then_restored():
    done = run_python(
        "import os\n"
        "from fiftyfifty_desktop.ui.sound import native_stderr_silenced\n"
        "with native_stderr_silenced():\n"
        "    os.write(2, b'ALSA lib pcm.c: Unknown PCM default\\n')\n"
        "os.write(2, b'after\\n')\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "after\n"


def test_no_sound_device_is_one_line(monkeypatch, capfd):
    def no_device(*args, **kwargs):
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound.pygame.mixer, "init", no_device)
    sounds = Sounds(80)
    sounds.play("card")  # silent, and no error
    err = capfd.readouterr().err
    assert err == "sound is off: ALSA: Couldn't open audio device: No such file or directory\n"


def test_silencing_without_a_stderr_file_still_runs(monkeypatch):
    monkeypatch.setattr(sound.os, "dup", lambda fd: (_ for _ in ()).throw(OSError("no stderr")))
    ran = []
    with native_stderr_silenced():
        ran.append(True)
    assert ran == [True]
