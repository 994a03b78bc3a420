"""Five Hundred (500): the Australian partnership card game, played in the terminal.

The package is split into a pure rules engine (``five_hundred.engine``), computer
players (``five_hundred.bots``) and a Textual user interface (``five_hundred.ui``).
"""

__version__ = "0.1.0"
