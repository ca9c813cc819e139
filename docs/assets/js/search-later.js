/*
 * Holds the theme's search index back until the reader reaches for search.
 *
 * Material requests search/search_index.json as soon as its script runs, and its search
 * worker builds the full-text index from it (lunr, over about 630 KB of text): 0.5-0.6 s of
 * processor time on this project's 2-core test machine on every page load, 60-70% of a rules
 * page's whole load, and four times that on a processor slowed as a cheap phone's is. A
 * reader who never searches gains nothing from it. So the index is fetched only when the
 * reader reaches for search: focus lands in the search box, the search toggle is switched (a
 * tap on the magnifier, or the theme's keyboard shortcut, which switches it too), or a finger
 * or pointer comes down on the magnifier, a moment before its tap. The theme shows
 * "Initializing search" until the index is built, then runs what she typed meanwhile.
 * Instant navigation keeps the theme's search worker, so that is once a visit, not once a
 * page.
 *
 * Only the request for the search index is held; every other request goes out untouched.
 *
 * A classic script: the theme override loads it with `defer` just ahead of the theme's own
 * script (build_scripts/overrides/main.html). Its names live in a block, out of the page's
 * global scope.
 */
{
  const INDEX = /\/search\/search_index\.json(\?|#|$)/;
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

  /* The search box, its results, or a magnifier (a label of the search toggle). */
  const reachesForSearch = (event) => Boolean(event.target.closest
    && event.target.closest(".md-search, label[for='__search']"));
  document.addEventListener("focusin", (event) => {
    if (reachesForSearch(event)) release();
  }, true);
  document.addEventListener("pointerdown", (event) => {
    if (reachesForSearch(event)) release();
  }, true);
  document.addEventListener("change", (event) => {
    if (event.target.id === "__search") release();
  }, true);
}
