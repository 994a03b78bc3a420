"""Learn to play (issue 25): short interactive lessons at built positions on the real
table, checked against the engine. No presentation here: the data (``data.py``), a
lesson under way (``run.py``), the progress file (``progress.py``) and the words that
explain a computer's bid in the guided deal (``explain.py``)."""
