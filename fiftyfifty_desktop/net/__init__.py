"""Network play: a table server that holds the match and clients that join its seats.

Nothing here imports pygame: the headless ``serve`` and ``join`` commands,
the tests and the benchmark use it without a window, and the app feeds a
table from :class:`~fiftyfifty_desktop.net.client.RemoteMatch` as it would
from a local match.
"""
