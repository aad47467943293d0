"""The pygame-ce table: scenes, widgets, card art, tweens and layout."""
