// Before Python boots: timing marks for the benchmarks, and the service worker (offline + updates).
window.kingStats = { readyMs: null, botsStartedMs: null, botsReadyMs: null, bot: [], botMain: [], pyReadyMs: null, importedMs: null };
// The page's language before Python starts (the loading text, the service worker's banners): the words
// of index.html's data-t codes in every catalog and the browser-language map, written here by the build
// (sitebuild/catalogs.py page_words); main.py then picks the same language (kingcore.web.pick_language).
(function () {
  var data = /*__KING_PAGE_WORDS__*/{}, words = data.words || {}, browser = data.browser || {}, lang = null;
  try {
    var path = location.pathname, text = localStorage.getItem("king:" + (path.slice(0, path.lastIndexOf("/") + 1) || "/") + ":prefs");
    var prefs = text && text.length <= 16384 ? JSON.parse(text) : null;
    if (prefs && typeof prefs.lang === "string" && words.hasOwnProperty(prefs.lang)) lang = prefs.lang;
  } catch (e) { lang = null; }
  var tags = navigator.languages || [navigator.language || ""];
  for (var i = 0; i < tags.length && !lang; i++) {
    var sub = String(tags[i]).split("-")[0].split("_")[0].trim().toLowerCase();
    if (browser.hasOwnProperty(sub)) lang = browser[sub];
  }
  lang = lang || "en";
  document.documentElement.lang = lang;
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
  var pick = document.getElementById("lang");
  if (pick) pick.value = lang;
})();
addEventListener("py:ready", function () { window.kingStats.pyReadyMs = window.kingStats.pyReadyMs || performance.now(); });
(function () {
  if (!("serviceWorker" in navigator)) return;
  var sw = navigator.serviceWorker, controlled = !!sw.controller, asked = false;
  function show(id) { var el = document.getElementById(id); if (el) el.hidden = false; }
  function offlineReady() {
    document.documentElement.dataset.offline = "ready";
    show("offline");
    window.dispatchEvent(new Event("king-offline-ready")); // boot.mjs then keeps a start-up snapshot
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
