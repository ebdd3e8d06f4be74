// Before Python boots: timing marks for the benchmarks, and the service worker (offline + updates).
window.kingStats = { readyMs: null, botsReadyMs: null, bot: [], botMain: [], pyReadyMs: null, importedMs: null };
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
