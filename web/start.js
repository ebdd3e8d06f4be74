// Before Python boots: timing marks for the benchmarks, and the service worker (offline + updates).
window.kingStats = { readyMs: null, botsReadyMs: null, bot: [], botMain: [], pyReadyMs: null, importedMs: null };
addEventListener("py:ready", function () { window.kingStats.pyReadyMs = window.kingStats.pyReadyMs || performance.now(); });
(function () {
  if (!("serviceWorker" in navigator)) return;
  var sw = navigator.serviceWorker, controlled = !!sw.controller, registered = false;
  function show(id) { var el = document.getElementById(id); if (el) el.hidden = false; }
  function offlineReady() {
    if (sw.controller) { document.documentElement.dataset.offline = "ready"; show("offline"); }
  }
  function updateReady() { document.documentElement.dataset.update = "ready"; show("update-banner"); }
  // A change of controller while one already controlled the page is a new version taking over.
  sw.addEventListener("controllerchange", function () { if (controlled) updateReady(); controlled = true; offlineReady(); });
  function register() {
    if (registered) return;
    registered = true;
    sw.register("./sw.js", { scope: "./" }).then(function (reg) {
      if (reg.waiting && sw.controller) updateReady();
      reg.addEventListener("updatefound", function () {
        var next = reg.installing;
        if (next) next.addEventListener("statechange", function () {
          if (next.state === "installed" && sw.controller) updateReady();
        });
      });
    }).catch(function (err) { console.warn("sw.js:", err); });
    sw.ready.then(offlineReady);
  }
  // Register once the game is playable (the precache then does not compete with the first boot),
  // or after 20 s whatever happens.
  window.addEventListener("king-ready", register);
  setTimeout(register, 20000);
  document.getElementById("btn-reload").addEventListener("click", function () { location.reload(); });
})();
