"""The keys each screen answers to, written as data so that the help overlay
(F1, and ? at a table) lists exactly what the screen declares.

A :class:`KeyHelp` names the keys and what they do by catalogue keys, so the
list is shown in the player's language. Menus and forms share
:data:`MENU_KEYS`; a table lists its game's own keys (``TableScene.table_keys``)
before the keys every table has.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KeyHelp:
    keys: str  # catalogue key of the keys' names, e.g. "help.key_enter"
    does: str  # catalogue key of what they do


#: Every form and menu: the focus moves with Tab and the arrows, Enter or Space presses.
MENU_KEYS = (
    KeyHelp("help.key_tab", "help.do_next_field"),
    KeyHelp("help.key_up_down", "help.do_move_focus"),
    KeyHelp("help.key_left_right", "help.do_change_value"),
    KeyHelp("help.key_enter", "help.do_activate"),
    KeyHelp("help.key_ctrl_a", "help.do_text"),
    KeyHelp("help.key_esc", "help.do_back"),
    KeyHelp("help.key_f11", "help.do_fullscreen"),
    KeyHelp("help.key_help", "help.do_help"),
)

#: A page read by scrolling (the rules).
SCROLL_KEYS = (
    KeyHelp("help.key_up_down", "help.do_scroll"),
    KeyHelp("help.key_page", "help.do_scroll_page"),
    KeyHelp("help.key_home_end", "help.do_scroll_ends"),
)
#: A list whose selection moves (the games played).
LIST_KEYS = (KeyHelp("help.key_up_down", "help.do_list_row"), KeyHelp("help.key_page", "help.do_list_page"))

#: A card dragged to where it is played, unless a table says what dragging does there.
DRAG_KEY = KeyHelp("help.key_drag", "help.do_drag")
#: What every table does with the selection of a move, and how the focus goes from the table to its buttons
#: (``ui/tables/focus.py``), before the table's own corner controls.
TABLE_CHOICE_KEYS = (
    KeyHelp("help.key_right_click", "help.do_put_back"),
    KeyHelp("help.key_arrows", "help.do_choose"),
    KeyHelp("help.key_enter_only", "help.do_take"),
    KeyHelp("help.key_space", "help.do_hurry"),
    KeyHelp("help.key_tab", "help.do_table_focus"),
)
LOG_KEYS = (KeyHelp("help.key_l", "help.do_log"), KeyHelp("help.key_page", "help.do_log_scroll"))
LOOK_BACK_KEY = KeyHelp("help.key_b", "help.do_look_back")
UNDO_KEY = KeyHelp("help.key_undo", "help.do_undo")
#: The last lines at every table.
TABLE_END_KEYS = (
    KeyHelp("help.key_esc", "help.do_menu"),
    KeyHelp("help.key_f11", "help.do_fullscreen"),
    KeyHelp("help.key_help_table", "help.do_help"),
)
