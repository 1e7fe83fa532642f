/*
 * Runs first in a SCORM package's launch file (added by the Worker, routes/scorm.ts): puts
 * scorm-again's CrossFrameAPI where the package looks for the LMS (window.API for SCORM 1.2,
 * window.API_1484_11 for 2004), talking by postMessage to the player page that holds the real
 * runtime. Its cache is primed with the launch data the Worker put on this script tag, so the
 * package's first synchronous reads (suspend data, location, entry) already see the learner's
 * saved state. The package runs sandboxed without same-origin: it never sees the platform's
 * storage, and it can only message the player, whose origin is given here.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || typeof window.CrossFrameAPI !== 'function') return;
  var origin = script.getAttribute('data-origin') || '';
  var cmi = {};
  try {
    cmi = JSON.parse(script.getAttribute('data-cmi') || '{}') || {};
  } catch (e) {
    cmi = {};
  }
  var api = new window.CrossFrameAPI(origin, window.parent, { timeout: 15000 });
  var cache = api._cache;
  if (cache && typeof cache.set === 'function') {
    for (var key in cmi) if (Object.prototype.hasOwnProperty.call(cmi, key)) cache.set(key, String(cmi[key]));
  }
  window.API = api;
  window.API_1484_11 = api;
})();
