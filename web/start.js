// Before Python boots: timing marks for the benchmarks, and the service worker (offline + updates).
window.kingStats = { readyMs: null, botsStartedMs: null, botsReadyMs: null, bot: [], botMain: [], botTook: {}, botMoves: [], pyReadyMs: null,
                     importedMs: null, botsSpeed: null, refusedPython: [] };
// The top bar before Python runs (king/barmenu.py fits it from then on, folding buttons into its "⋯" menu): the
// buttons that do not fit are left out meanwhile, the most foldable first (data-fold), so that nothing runs off a
// phone's screen while the game loads — a bar wider than the screen also pushed the welcome's Play off it. Done
// again on a resize and in another language, until barmenu.py takes the bar over (data-fitted).
function kingPrefit() {
  var nav = document.getElementById("bar-actions");
  if (!nav || nav.dataset.fitted) return;
  var items = Array.prototype.filter.call(nav.children, function (n) { return n.hasAttribute("data-fold") && !n.hidden; });
  items.forEach(function (n) { n.classList.remove("is-prefolded"); });
  items.sort(function (a, b) { return Number(b.dataset.fold) - Number(a.dataset.fold); });
  for (var i = 0; i < items.length && nav.scrollWidth > nav.clientWidth; i++) items[i].classList.add("is-prefolded");
}
addEventListener("resize", kingPrefit);
// The page's language before Python starts (the loading text, the service worker's banners): the words
// of index.html's data-t codes in every catalog and the browser-language map, written here by the build
// (sitebuild/catalogs.py page_words); main.py then picks the same language (kingcore.web.pick_language).
(function () {
  var data = /*__KING_PAGE_WORDS__*/{}, words = data.words || {}, browser = data.browser || {}, lang = null;
  var path = location.pathname, base = "king:" + (path.slice(0, path.lastIndexOf("/") + 1) || "/");
  var prefs = null, saved = true, stored = false; // saved: no welcome if unsure; stored: a save was read
  try {
    var text = localStorage.getItem(base + ":prefs");
    prefs = text && text.length <= 16384 ? JSON.parse(text) : null;
    if (prefs && typeof prefs.lang === "string" && words.hasOwnProperty(prefs.lang)) lang = prefs.lang;
    saved = stored = localStorage.getItem(base + ":save") !== null;
  } catch (e) { lang = null; }
  var tags = navigator.languages || [navigator.language || ""];
  for (var i = 0; i < tags.length && !lang; i++) {
    var sub = String(tags[i]).split("-")[0].split("_")[0].trim().toLowerCase();
    if (browser.hasOwnProperty(sub)) lang = browser[sub];
  }
  function translate(lang) { // index.html's words in ``lang`` (main.py's Catalog does the same once it runs,
    // unless data-words says they are already in its language)
    document.documentElement.lang = lang;
    document.documentElement.dataset.words = lang;
    var w = words[lang] || {};
    document.querySelectorAll("[data-t]").forEach(function (node) {
      if (w.hasOwnProperty(node.dataset.t)) node.textContent = w[node.dataset.t];
    });
    ["title", "aria-label", "content"].forEach(function (attr) {
      document.querySelectorAll("[data-t-" + attr + "]").forEach(function (node) {
        var code = node.getAttribute("data-t-" + attr);
        if (w.hasOwnProperty(code)) node.setAttribute(attr, w[code]);
      });
    });
    ["lang", "welcome-lang"].forEach(function (id) { var pick = document.getElementById(id); if (pick) pick.value = lang; });
    kingPrefit();
  }
  lang = lang || "en";
  // A friend's invite or table link: the page's first words say it looks for the table (or connects), not
  // that it shuffles a deck of its own (data-t-room, data-t-join: the loading text's and the status line's)
  // — and a reload with a game stored, that it restores that game (data-t-saved), not that it shuffles
  var link = /^#(join|room)=/.exec(location.hash), said = link ? link[1] : stored ? "saved" : null;
  if (said) document.querySelectorAll("[data-t-" + said + "]").forEach(function (node) {
    node.dataset.t = node.getAttribute("data-t-" + said);
  });
  translate(lang);
  // A first visit (issue 30): no game stored and the welcome never answered — it is shown at once, with the
  // first paint (king/welcome.py takes it over once Python runs). Not on a friend's invite or table link (its
  // join screen is that page's first screen); browser tests skip it (window.kingNoWelcome) but the welcome's own.
  var welcome = document.getElementById("welcome");
  if (welcome && !saved && !(prefs && prefs.welcomed === true) && !/^#(join|room)=/.test(location.hash)
      && !window.kingNoWelcome) {
    document.getElementById("welcome-lang").addEventListener("change", function (e) { translate(e.target.value); });
    document.getElementById("welcome-level").addEventListener("change", function (e) { // its note: the level in full
      var picked = e.target.selectedOptions[0], note = document.getElementById("welcome-level-note");
      if (picked && note) { note.dataset.t = picked.dataset.tTitle; note.textContent = picked.title; }
    });
    welcome.addEventListener("cancel", function (e) { e.preventDefault(); }); // Escape: Play does it (welcome.py)
    document.getElementById("welcome-form").addEventListener("submit", function (e) {
      if (window.kingWelcomeReady) return; // welcome.py plays
      e.preventDefault(); // Python is still starting: it plays the choices as soon as it runs
      document.body.dataset.welcome = "play";
      document.getElementById("welcome-play").disabled = true;
      document.getElementById("welcome-wait").hidden = false; // why Play waits: the game is still loading
    });
    welcome.showModal();
    document.body.dataset.welcome = "open";
    window.kingStats.welcomeMs = performance.now(); // with the first paint: before Python (bench-web, tests)
  }
})();
// Defence in depth against injected PyScript markup (issue 22 item 7). The CSP stops injected JavaScript,
// but PyScript runs Python from markup: any <script type="py"> (or "mpy", "pyodide", … — every script type
// that is not JavaScript), <py-script>/<mpy-script> (any "*-script" or "*-config" element) or "py-*" event
// attribute added to the document would run with full access to `window`; so would a frame whose own
// document (srcdoc inherits this origin) loads PyScript: frames, objects and embeds are refused too. This observer is made before
// PyScript's (core.js is a deferred module; this runs while the page is parsed), and the browser calls
// observers in the order they were made, so it sees each addition first and neutralises it — type, src,
// config, worker and text removed, the element taken out — before PyScript looks. The page's own Python is
// what the parser put in index.html, plus the bots' workers, which king/worker.py vouches for with
// kingAllowPython(node) (a function markup cannot call). Each refusal is counted in kingStats.refusedPython.
(function () {
  var allowed = new WeakSet(), js = /^(|module|importmap|(text|application)\/(x-)?(java|ecma)script)$/i;
  var attr = /^(m?py|pyodide|micropython)-/i, tag = /-(script|config)$/i, frame = /^(i?frame|object|embed)$/;
  window.kingAllowPython = function (node) { allowed.add(node); };
  function refuse(node, what) {
    ["type", "src", "srcdoc", "data", "config", "worker", "name", "target"].forEach(function (a) {
      node.removeAttribute(a);
    });
    if (node.localName === "script") node.type = "text/x-king-refused";
    node.textContent = "";
    node.remove();
    window.kingStats.refusedPython.push(what);
    console.warn("king: injected Python refused: " + what);
  }
  function check(node) {
    if (node.nodeType !== 1 || allowed.has(node)) return;
    var name = node.localName;
    if (name === "script" && !js.test((node.getAttribute("type") || "").trim())) {
      refuse(node, "script[type=" + node.getAttribute("type") + "]");
      return;
    }
    if (tag.test(name) || frame.test(name)) { refuse(node, name); return; } // a frame: a document of its own
    for (var i = node.attributes.length - 1; i >= 0; i--) {
      var a = node.attributes[i].name;
      if (attr.test(a)) { node.removeAttribute(a); window.kingStats.refusedPython.push("@" + a); }
    }
    var inner = node.querySelectorAll ? node.querySelectorAll("*") : [];
    for (var j = 0; j < inner.length; j++) check(inner[j]);
  }
  var observer = new MutationObserver(function (records) {
    if (document.readyState === "loading") return; // the parser: index.html's own markup
    records.forEach(function (r) {
      if (r.type === "attributes") { if (attr.test(r.attributeName)) check(r.target); return; }
      r.addedNodes.forEach(check);
    });
  });
  function watch(root) { observer.observe(root, { childList: true, subtree: true, attributes: true }); return root; }
  watch(document);
  var attach = Element.prototype.attachShadow; // PyScript observes shadow roots too: so does this, first
  Element.prototype.attachShadow = function (init) { return watch(attach.call(this, init)); };
})();
addEventListener("py:ready", function () { window.kingStats.pyReadyMs = window.kingStats.pyReadyMs || performance.now(); });
(function () {
  if (!("serviceWorker" in navigator)) return;
  var sw = navigator.serviceWorker, controlled = !!sw.controller, asked = false;
  function show(id) { var el = document.getElementById(id); if (el) el.hidden = false; }
  function offlineReady() {
    document.documentElement.dataset.offline = "ready";
    // not on a friend's page (a table's link): its game is the host's, over the network, stored or not
    if (!/^#(room|join)=/.test(location.hash)) show("offline");
    window.dispatchEvent(new Event("king-offline-ready"));
  }
  function updateReady() { document.documentElement.dataset.update = "ready"; show("update-banner"); }
  // The service worker stores each file as the page loads it; once the game is playable (or after 20 s
  // whatever happens) the page asks it for the rest, and it answers "offline-ready" when all is stored.
  function precache() { asked = true; if (sw.controller) sw.controller.postMessage("precache"); }
  sw.addEventListener("message", function (e) { if (e.data === "offline-ready") offlineReady(); });
  // boot.mjs starts Pyodide once this resolves: when the worker controls the page (its first visit:
  // the runtime's downloads then pass through it, once) or no worker is about to (at most 3 s).
  var take;
  window.kingControlled = new Promise(function (resolve) { take = resolve; setTimeout(resolve, 3000); });
  if (controlled) take();
  // A change of controller while one already controlled the page is a new version taking over.
  sw.addEventListener("controllerchange", function () {
    if (controlled) updateReady();
    controlled = true;
    take();
    if (asked) precache();
  });
  sw.register("./sw.js", { scope: "./" }).then(function (reg) {
    if (!reg.installing && !reg.waiting) take(); // nothing will take over (a hard reload): do not wait
    if (reg.waiting && sw.controller) updateReady();
    reg.addEventListener("updatefound", function () {
      var next = reg.installing;
      if (next) next.addEventListener("statechange", function () {
        if (next.state === "installed" && sw.controller) updateReady();
      });
    });
  }).catch(function (err) { take(); console.warn("sw.js:", err); });
  window.addEventListener("king-ready", precache);
  setTimeout(function () { if (!asked) precache(); }, 20000);
  sw.startMessages();
  document.getElementById("btn-reload").addEventListener("click", function () { location.reload(); });
})();
// the result panel says there is more of it below while there is (issue 30: a new user took the review's cut first
// sentence for the panel's end): data-more on #center-panel while it can scroll further down, set as it scrolls and
// whenever its content or size changes; the style sheet fades its last words into its buttons then. Nothing
// animates (a scroll-driven animation crashed Chromium's renderer).
(function () {
  var panel = document.getElementById("center-panel");
  if (!panel) return;
  function more() {
    panel.toggleAttribute("data-more", !panel.hidden && panel.scrollHeight - panel.scrollTop - panel.clientHeight > 1);
  }
  panel.addEventListener("scroll", more, { passive: true });
  addEventListener("resize", more);
  new ResizeObserver(more).observe(panel);
  new MutationObserver(more).observe(panel, { childList: true, subtree: true, characterData: true,
                                              attributes: true, attributeFilter: ["hidden", "open"] });
})();
