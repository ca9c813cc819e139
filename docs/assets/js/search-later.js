/*
 * Holds the theme's search index back until the page has had its turn.
 *
 * Material requests search/search_index.json as soon as its script runs, and its search
 * worker builds the full-text index from it: about 0.6 s of processor time on this project's
 * 2-core test machine, spent exactly while Python boots on a page with calculators (on a
 * phone, the same few cores). On a return visit to western-roses/basic-rolls that build
 * alone held the first live answer back by about 0.4 s. This classic script runs before the
 * theme's (both deferred, in document order) and holds that one request until the first of:
 *
 * - the reader reaches for search: focus lands in the search box, or the search toggle is
 *   switched (a tap on the magnifier, or the theme's keyboard shortcut);
 * - on a page with calculators, a second after Python is up or has failed (calc/runtime.js
 *   dispatches "rpg-python" on window): the answers asked for while it booted go first;
 * - on any other page, the page has loaded and the browser is idle.
 *
 * The theme does the rest as usual, showing "Initializing search" until its index is built.
 * Only the request for the search index is held; every other request goes out untouched.
 *
 * A classic script: the theme override loads it with `defer` just ahead of the theme's own
 * script (build_scripts/overrides/main.html). Its names live in a block, out of the page's
 * global scope.
 */
{
  const INDEX = /\/search\/search_index\.json(\?|#|$)/;
  const AFTER_PYTHON_MS = 1000;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const held = [];
  let released = false;

  /* Methods of the request, so `function`: they are called with the request as `this`. */
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.rpgSearchIndex = INDEX.test(String(url));
    return open.call(this, method, url, ...rest);
  };

  XMLHttpRequest.prototype.send = function (...args) {
    if (!this.rpgSearchIndex || released) return send.apply(this, args);
    held.push(() => {
      try {
        send.apply(this, args);
      } catch (error) {
        /* The theme gave up on the request meanwhile (it aborted it): nothing to send. */
      }
    });
  };

  const release = () => {
    if (released) return;
    released = true;
    held.splice(0).forEach((go) => go());
  };

  document.addEventListener("focusin", (event) => {
    if (event.target.closest && event.target.closest(".md-search")) release();
  }, true);
  document.addEventListener("change", (event) => {
    if (event.target.id === "__search") release();
  }, true);
  window.addEventListener("rpg-python", () => setTimeout(release, AFTER_PYTHON_MS));

  if (!document.querySelector("[data-calc]")) {
    const idle = window.requestIdleCallback || ((go) => setTimeout(go, 0));
    if (document.readyState === "complete") idle(release);
    else window.addEventListener("load", () => idle(release));
  }
}
