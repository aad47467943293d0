"""Hot-seat: pass the screen to the next player before their cards show."""

from __future__ import annotations

from typing import Callable

from .. import paint
from ..cards import back, card_size
from ..i18n import tr
from ..layout import GOLD, TEXT, TEXT_DIM
from ..widgets import Button, Form
from .form import FormScene


class HandoverScene(FormScene):
    """Opaque, so no one glimpses the previous hand; Enter or a click continues."""

    def __init__(self, app, name: str, game_id: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.game_id = game_id  # the fanned backs are the backs of this game's deck
        self.on_ready = on_ready
        self.ready = Button(lambda: tr("handover.ready", name=self.name), self.go, primary=True)
        self.form = Form([self.ready])

    def go(self) -> None:
        self.app.stack.pop()
        self.on_ready()

    def resize(self, layout):
        super().resize(layout)
        self.ready.rect = layout.centered(60, 9, cy=72)

    def escape(self) -> bool:
        table = self.app.stack.find_by(lambda scene: scene.is_table)
        if table is not None:
            self.app.stack.open("pause", table=table)
        return True

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        w, h = card_size(lay.px(20))
        for i in range(5):
            surface.blit(back(self.game_id, w, h), (lay.width // 2 - w * 1.6 + i * w * 0.55, lay.px(14)))
        paint.title_text(surface, tr("handover.heading", name=self.name), lay.px(7), (lay.width // 2, lay.px(46)),
                         GOLD)
        paint.text(surface, tr("handover.body", name=self.name), lay.font_body, (lay.width // 2, lay.px(56)), TEXT,
                   max_width=lay.width - lay.px(8))
        paint.text(surface, tr("handover.hint"), lay.font_small, (lay.width // 2, lay.px(62)), TEXT_DIM,
                   max_width=lay.width - lay.px(8))
        self.form.draw(surface, lay)
