"""The rules of each game, one module (or small package) per game.

``fiftyfifty_desktop.registry`` lists them with everything else a game has.
"""
