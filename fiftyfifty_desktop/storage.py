"""Settings, the games in progress and a seat taken at a network table, on disk.

Settings live in the user's config folder, the games in progress (a file per
game, see ``games_in_progress.py``) in the user's data folder (both found with platformdirs). ``FIFTYFIFTY_HOME`` puts
both under one folder instead, which tests and portable installs use.

Every write goes to a temporary file that is flushed to the disk and then
replaces the old one, and the folder is flushed too, so a crash or a power
cut never leaves half a file; a write that fails removes its temporary file.
When the game cannot be saved, the storage keeps the newest record and the
reason (:attr:`Storage.unsaved`) until a later save succeeds, so the window
can say plainly that the game is not being saved and ask before it is
dropped. A file that cannot be read is renamed aside (never deleted or
overwritten) and the problem is returned as one line for the title screen.
"""

from __future__ import annotations

import json
import locale
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Mapping

from .engine import GameError
from .engine.errors import brief
from .engine.strict_json import loads
from .engine.text import bad_character, name_problem
from .games_in_progress import GamesInProgress
from .profile import Profile, ProfileError, profile_from
from .storage_files import UNCOUNTED_FOLDER, SetAside, StorageError, write_file
from .textfiles import (SETTINGS_LIMIT, FileReadError, first_line, keep_aside, read_text,
                        remove_stale_temporaries)

APP_NAME = "fiftyfifty_desktop"
HOME_VARIABLE = "FIFTYFIFTY_HOME"
SPEEDS = ("slow", "normal", "fast", "instant")
LANGUAGES = ("en", "de", "fr", "it")
#: The text sizes offered, in percent of the usual one.
TEXT_SCALES = (90, 100, 115, 130, 150)
#: The effects' volume in percent; an older settings file's ``"sound": false`` reads as 0, ``true`` as the default.
VOLUMES = tuple(range(0, 101, 10))
DEFAULT_VOLUME = 80
MIN_WINDOW = (960, 540)
MAX_WINDOW = (7680, 4320)
#: Most seats a remembered setup may hold, and the longest name or player id in it.
SETUP_SEATS = 10
SETUP_TEXT_LIMIT = 40
#: The longest folder path the settings keep.
FOLDER_LIMIT = 4096


@dataclass(frozen=True)
class SavedSetup:
    """The last setup chosen for one game, so its set-up screen opens as it was left.

    Checked here for its shape only; whether the game still accepts it (its options,
    its opponents) is the set-up screen's question, which drops it when not."""

    players: int
    options: dict[str, str | int | bool]
    seats: tuple[tuple[str, str], ...]  # (name, player) per seat
    allow_twice: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "options": dict(self.options),
                "seats": [{"name": name, "player": player} for name, player in self.seats],
                "allow_twice": self.allow_twice}


@dataclass(frozen=True)
class Settings:
    """What the player chose on the settings screen; kept across runs."""

    speed: str = "normal"
    fullscreen: bool = False
    window: tuple[int, int] = (1280, 720)
    #: Where the window's top left corner was on the desktop (None: centred); checked against the displays
    #: when the window opens, since a display may have gone since.
    window_position: tuple[int, int] | None = None
    language: str = "en"
    volume: int = DEFAULT_VOLUME  # percent, one of VOLUMES; 0 is silent
    high_contrast: bool = False
    text_scale: int = 100  # percent, one of TEXT_SCALES
    confirm_move: bool = False  # a chosen move waits for a second press (hot-seat has no undo)
    play_forced: bool = False  # a person's only legal move is played for them
    setups: dict[str, SavedSetup] = field(default_factory=dict)  # by game id
    file_folder: str = ""  # the folder a record file was last saved to or opened from; empty: none yet
    profile: Profile = Profile()  # the person at this screen across games (``profile.py``)

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > SETUP_TEXT_LIMIT:
        raise StorageError(f"{what} must be a text of 1 to {SETUP_TEXT_LIMIT} characters, not {brief(value)}")
    bad = bad_character(value)
    if bad is not None:
        raise StorageError(f"{what} holds {bad}, which cannot be shown")
    return value


def _setup_from(data: Any) -> SavedSetup:
    """Check one remembered setup; raises ``StorageError`` naming the field."""
    if not isinstance(data, dict):
        raise StorageError(f"a setup must be a JSON object, not {brief(data)}")
    unknown = sorted(set(data) - {"players", "options", "seats", "allow_twice"})
    if unknown:
        raise StorageError(f"unknown setup field {brief(unknown[0])}")
    missing = sorted({"players", "options", "seats"} - set(data))
    if missing:
        raise StorageError(f"the setup lacks {brief(missing[0])}")
    players = data["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= SETUP_SEATS:
        raise StorageError(f"players must be a whole number from 1 to {SETUP_SEATS}, not {brief(players)}")
    options = data["options"]
    if not isinstance(options, dict):
        raise StorageError(f"options must be a JSON object, not {brief(options)}")
    for name, value in options.items():
        if not isinstance(value, (str, int)) or (isinstance(value, str) and len(value) > SETUP_TEXT_LIMIT):
            raise StorageError(f"option {brief(name)} must be a short text, a whole number or true/false, "
                               f"not {brief(value)}")
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != players:
        raise StorageError(f"seats must be a list of {players} seats, not {brief(seats)}")
    read = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) != {"name", "player"}:
            raise StorageError(f"seat {i} must be an object with a name and a player, not {brief(seat)}")
        name = _text(seat["name"], f"seat {i} name")
        problem = name_problem(name)
        if problem is not None:
            raise StorageError(f"seat {i} name: {problem}")
        read.append((name, _text(seat["player"], f"seat {i} player")))
    allow_twice = data.get("allow_twice", False)
    if not isinstance(allow_twice, bool):
        raise StorageError(f"allow_twice must be true or false, not {brief(allow_twice)}")
    return SavedSetup(players, dict(options), tuple(read), allow_twice)


def _settings_from(data: Any) -> tuple[Settings, tuple[DroppedSetup, ...], str | None]:
    """Check the JSON of a settings file; raises ``StorageError`` naming the field.

    A remembered setup or a profile that does not pass is left out and returned with its reason,
    so it costs only itself, not every other setting."""
    if not isinstance(data, dict):
        raise StorageError("the top level must be a JSON object")
    known = {"speed", "fullscreen", "window", "window_position", "language", "sound", "volume", "high_contrast",
             "text_scale", "confirm_move", "play_forced", "setups", "file_folder", "profile"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise StorageError(f"unknown setting {brief(unknown[0])}")
    settings = Settings()
    if "speed" in data:
        if data["speed"] not in SPEEDS:
            raise StorageError(f"speed must be one of {', '.join(SPEEDS)}, not {brief(data['speed'])}")
        settings = replace(settings, speed=data["speed"])
    for flag in ("fullscreen", "sound", "high_contrast", "confirm_move", "play_forced"):
        if flag in data:
            if not isinstance(data[flag], bool):
                raise StorageError(f"{flag} must be true or false, not {brief(data[flag])}")
            if flag == "sound":  # the on/off switch before the volume
                settings = replace(settings, volume=DEFAULT_VOLUME if data[flag] else 0)
            else:
                settings = replace(settings, **{flag: data[flag]})
    for name, allowed in (("text_scale", TEXT_SCALES), ("volume", VOLUMES)):
        if name in data:
            value = data[name]
            if isinstance(value, bool) or value not in allowed:
                raise StorageError(f"{name} must be one of {', '.join(map(str, allowed))}, not {brief(value)}")
            settings = replace(settings, **{name: value})
    if "language" in data:
        if data["language"] not in LANGUAGES:
            raise StorageError(f"language must be one of {', '.join(LANGUAGES)}, not {brief(data['language'])}")
        settings = replace(settings, language=data["language"])
    if "window" in data:
        window = data["window"]
        ok = (isinstance(window, list) and len(window) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in window))
        if not ok:
            raise StorageError(f"window must be [width, height], not {brief(window)}")
        settings = replace(settings, window=clamp_window(window[0], window[1]))
    if data.get("window_position") is not None:
        position = data["window_position"]
        ok = (isinstance(position, list) and len(position) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10**6 for v in position))
        if not ok:
            raise StorageError(f"window_position must be [x, y], not {brief(position)}")
        settings = replace(settings, window_position=(position[0], position[1]))
    if "file_folder" in data:
        folder = data["file_folder"]
        if not isinstance(folder, str) or len(folder) > FOLDER_LIMIT or bad_character(folder) is not None:
            raise StorageError(f"file_folder must be a folder's path, not {brief(folder)}")
        settings = replace(settings, file_folder=folder)
    dropped: list[DroppedSetup] = []
    if "setups" in data:
        if not isinstance(data["setups"], dict):
            raise StorageError(f"setups must be a JSON object, not {brief(data['setups'])}")
        setups = {}
        for game, setup in data["setups"].items():
            try:
                setups[_text(game, "a setup's game")] = _setup_from(setup)
            except StorageError as exc:
                dropped.append(DroppedSetup(game, first_line(exc)))
        settings = replace(settings, setups=setups)
    profile_problem = None
    if "profile" in data:
        try:
            settings = replace(settings, profile=profile_from(data["profile"]))
        except ProfileError as exc:
            profile_problem = first_line(exc)
    return settings, tuple(dropped), profile_problem


#: Windows names a locale's language in English ("French_France").
_WINDOWS_LANGUAGE_NAMES = {"english": "en", "german": "de", "french": "fr", "italian": "it"}


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the system's locale if the program speaks it, else English.

    Decides the language at first start only; after that the settings file holds it.
    """
    environ = os.environ if environ is None else environ
    names = [environ.get(var, "") for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")]
    try:
        names.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for name in names:
        for part in name.split(":"):
            code = part.split(".")[0].split("_")[0].split("-")[0].lower()
            code = _WINDOWS_LANGUAGE_NAMES.get(code, code)
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                return "en"
    return "en"


def clamp_window(width: int, height: int) -> tuple[int, int]:
    """A window size within what the table can lay out."""
    return (min(max(width, MIN_WINDOW[0]), MAX_WINDOW[0]), min(max(height, MIN_WINDOW[1]), MAX_WINDOW[1]))


@dataclass(frozen=True)
class JoinedSeat:
    """A seat taken at a friend's table: where the table is, its code, the seat's token, the name and game."""

    address: str
    code: str
    token: str
    name: str
    game: str

    @classmethod
    def from_json(cls, data: Any) -> JoinedSeat:
        """Raises ``StorageError`` for anything but an object of short texts with exactly these fields."""
        names = [f for f in cls.__dataclass_fields__]
        if not isinstance(data, dict) or sorted(data) != sorted(names):
            raise StorageError(f"expected an object with the fields {', '.join(names)}")
        for name in names:
            value = data[name]
            if not isinstance(value, str) or not value or len(value) > 200 or bad_character(value):
                raise StorageError(f"{name}: expected a short text, got {brief(value)}")
        return cls(**data)


@dataclass(frozen=True)
class DroppedSetup:
    """A remembered setup that could not be read: left out of the settings, and why."""

    game: str
    reason: str

    def __str__(self) -> str:
        return f"the last setup of {self.game} could not be read ({self.reason}); it was forgotten"


class Storage(GamesInProgress):
    """The files the program keeps: ``settings.json``, the games in progress in ``saved-games/`` (a slot per game,
    see ``games_in_progress.py``) and the seat taken at a network table."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None) -> None:
        home = os.environ.get(HOME_VARIABLE)
        if config_dir is None or data_dir is None:
            if home:
                config_dir = config_dir or Path(home) / "config"
                data_dir = data_dir or Path(home) / "data"
            else:
                import platformdirs

                config_dir = config_dir or Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
                data_dir = data_dir or Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
        self.settings_path = Path(config_dir) / "settings.json"
        self.data_dir = Path(data_dir)  # also holds the statistics database (stats_db.py)
        super().__init__(self.data_dir)
        self.joined_path = self.data_dir / "joined-table.json"
        #: Remembered setups the last ``load_settings`` left out, for the window to report.
        self.dropped_setups: tuple[DroppedSetup, ...] = ()
        #: The settings as this storage last read or wrote them: what a later save compares with (save_settings).
        self._settings_known: Settings | None = None
        #: Why the last ``load_settings`` left the profile out (None: it was read, or there was none).
        self.dropped_profile: str | None = None

    # ----- settings ------------------------------------------------------
    def load_settings(self) -> tuple[Settings, SetAside | None]:
        """The saved settings (defaults when there are none) and the unreadable file set aside, if any."""
        if not self.settings_path.exists():
            self._settings_known = Settings(language=system_language())
            return self._settings_known, None
        try:
            settings, self.dropped_setups, self.dropped_profile = self._read_settings()
        except (FileReadError, GameError, StorageError) as exc:
            kept = keep_aside(self.settings_path)
            self._settings_known = Settings()
            return self._settings_known, SetAside("settings", first_line(exc), kept.name)
        self._settings_known = settings
        return settings, None

    def saved_profile(self) -> tuple[Profile, str | None]:
        """The profile in the settings file and why it could not be used (None: it could), read without
        changing anything: the command line reads it beside a window that may be writing it."""
        if not self.settings_path.exists():
            return Profile(), None
        try:
            settings, _, dropped = self._read_settings()
        except (FileReadError, GameError, StorageError) as exc:
            return Profile(), f"the settings cannot be read ({first_line(exc)})"
        return settings.profile, None if dropped is None else f"the profile cannot be used ({dropped})"

    def _read_settings(self) -> tuple[Settings, tuple[DroppedSetup, ...], str | None]:
        return _settings_from(loads(read_text(self.settings_path, SETTINGS_LIMIT, self.settings_path.name)))

    def save_settings(self, settings: Settings) -> Settings:
        """Keep ``settings``; returns what was written. The file is read again first and what this storage did
        not change since it last read or wrote it is taken from there (a remembered setup counts by its game), so
        a window that writes later never undoes another window's change."""
        merged = self._merged(settings)
        data = asdict(replace(merged, setups={}))
        data["window"] = list(merged.window)
        data["window_position"] = list(merged.window_position) if merged.window_position is not None else None
        data["setups"] = {game: setup.to_json() for game, setup in merged.setups.items()}
        data["profile"] = merged.profile.to_json()
        self._write(self.settings_path, json.dumps(data, indent=1) + "\n")
        self._settings_known = merged
        return merged

    def _merged(self, settings: Settings) -> Settings:
        """``settings`` with every field this storage left as it found it taken from the file as it is now."""
        known = self._settings_known
        if known is None:
            return settings
        try:
            now, _, _ = self._read_settings()
        except (FileReadError, GameError, StorageError):
            return settings  # gone or unreadable since: what this window has is all there is
        taken: dict[str, Any] = {}
        for name in (f.name for f in fields(Settings)):
            if name == "setups":
                games = set(settings.setups) | set(known.setups) | set(now.setups)
                chosen = {game: (settings if settings.setups.get(game) != known.setups.get(game) else now).setups
                          for game in games}
                taken[name] = {game: chosen[game][game] for game in sorted(games) if game in chosen[game]}
            elif getattr(settings, name) == getattr(known, name):
                taken[name] = getattr(now, name)
        return replace(settings, **taken)
    # ----- a seat taken at a friend's table ------------------------------
    def save_joined(self, seat: JoinedSeat) -> None:
        """Keep the seat this window took at a network table, so it can be taken again after a crash."""
        self._write(self.joined_path, json.dumps(asdict(seat), indent=1, ensure_ascii=False) + "\n", durable=False)

    def load_joined(self) -> tuple[JoinedSeat | None, SetAside | None]:
        """The seat kept by :meth:`save_joined`; a bad file is kept aside and reported."""
        if not self.joined_path.exists():
            return None, None
        try:
            return JoinedSeat.from_json(loads(read_text(self.joined_path, SETTINGS_LIMIT, self.joined_path.name))), None
        except (FileReadError, GameError, StorageError) as exc:
            kept = keep_aside(self.joined_path)
            return None, SetAside("joined_seat", first_line(exc), kept.name)

    def forget_joined(self) -> None:
        """The game at that table is over (or its seat is gone): nothing to take again."""
        try:
            self.joined_path.unlink()
        except OSError:
            pass  # a file left behind is refused by the table at the next try, and forgotten then

    _write = staticmethod(write_file)

    def remove_stale_temporaries(self) -> None:
        """Remove what writes killed midway (a crash, ``kill -9``) left in the program's own folders."""
        for folder in (self.settings_path.parent, self.data_dir, self.saves_dir, self.data_dir / UNCOUNTED_FOLDER):
            remove_stale_temporaries(folder)
