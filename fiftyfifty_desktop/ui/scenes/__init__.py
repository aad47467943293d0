"""The screens around the table: title, setup, settings, rules, pause,
hand-over, round summary and results."""
