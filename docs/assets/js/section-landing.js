/*
 * A link to a section lands on that section, on this page or another.
 *
 * The theme's instant navigation saves the page's scroll offset into the history entry 100 ms
 * after the last scroll, and restores a saved offset in place of going to the link's section.
 * A link followed within those 100 ms (a tap or click while a scroll still glides) gets the
 * old offset written onto the new entry, and she stays where she was (a link to a section of
 * this page: "the deck checker" under the saved cards) or lands at that offset, somewhere in
 * the middle of the new page. So a followed link to a section is noted, and once the theme
 * has done with it (shown the other page, or let this page's saved offset settle), the
 * section is brought into view if it is not on screen.
 * Back and forward are left alone: there the saved offset is the right place.
 */

/* Long enough for the theme's 100 ms offset save after the last scroll to have happened. */
const SETTLE_MS = 250;

let followed = null;  /* the #section of the other page a link was just followed to */

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || link.target || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const url = new URL(link.href, window.location.href);
  const section = url.origin === window.location.origin && url.hash.length > 1 ? url.hash : null;
  if (section && url.pathname === window.location.pathname) {
    followed = null;
    setTimeout(() => bringIntoView(section), SETTLE_MS);
    return;
  }
  followed = section;
}, true);

/* The section of ``hash`` on screen, if the address still names it and it is not. */
function bringIntoView(hash) {
  if (window.location.hash !== hash) return;
  const section = document.getElementById(decodeURIComponent(hash.slice(1)));
  if (!section) return;
  const box = section.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  if (box.top >= 0 && box.top < window.innerHeight / 3) return;  /* a tall section, begun */
  /* Followed as the theme itself goes to a section: a link to it, so it becomes the :target
     and lands below the sticky header (its scroll-margin), not under it. */
  const jump = document.createElement("a");
  jump.href = hash;
  jump.addEventListener("click", (event) => event.stopPropagation());
  jump.click();
}

function landOnSection() {
  const hash = followed;
  followed = null;
  if (hash) requestAnimationFrame(() => bringIntoView(hash));
}

if (window.document$) window.document$.subscribe(landOnSection);
