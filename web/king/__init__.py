"""The King page's modules (loaded into Pyodide through PyScript's ``files`` config by the build).

``dom`` the element builder; ``words`` the catalog and number formats; ``render/`` pure functions from the
view model (``kingcore.web``) to nodes; ``store`` saves, preferences and tabs; ``worker`` the bots' worker;
``app`` the application (state, intents, the bots' loop, drawing into the document). ``web/main.py`` wires
them to the page.
"""
