"""The King page's modules (loaded into Pyodide through PyScript's ``files`` config by the build).

``dom`` the element builder; ``words`` the catalog and number formats; ``render/`` pure functions from the
view model (``kingcore.web``) to nodes; ``store`` saves, preferences and tabs; ``worker`` the bots' worker;
``state`` the one state flow (the session and the page's own state; every change applied, saved and told to
its subscribers): ``screen`` draws it, ``botloop`` plays the bots, ``assist`` undo, auto-play and sounds,
``hints`` the hint and the review, ``saves`` games and their saves, ``stats`` the statistics; ``app`` wires
them and holds the player's intents. ``web/main.py`` wires them to the page.
"""
