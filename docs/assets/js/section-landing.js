/*
 * A link to a section of another page lands on that section.
 *
 * The theme's instant navigation saves the page's scroll offset into the history entry 100 ms
 * after the last scroll, and restores a saved offset in place of going to the link's section.
 * A link followed within those 100 ms (a tap or click while a scroll still glides) gets the
 * old page's offset written onto the new page's entry, and she lands at that offset, somewhere
 * in the middle of the new page. So a followed link to a section of another page is noted, and
 * once the theme has shown that page, the section is brought into view if it is not on screen.
 * Back and forward are left alone: there the saved offset is the right place.
 */

let followed = null;  /* the #section of the other page a link was just followed to */

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || link.target || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const url = new URL(link.href, window.location.href);
  const elsewhere = url.origin === window.location.origin && url.pathname !== window.location.pathname;
  followed = elsewhere && url.hash.length > 1 ? url.hash : null;
}, true);

function landOnSection() {
  const hash = followed;
  followed = null;
  if (!hash || window.location.hash !== hash) return;
  requestAnimationFrame(() => {
    const section = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!section) return;
    const box = section.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    /* Followed as the theme itself goes to a section: a link to it, so it becomes the :target
       and lands below the sticky header (its scroll-margin), not under it. */
    const jump = document.createElement("a");
    jump.href = hash;
    jump.addEventListener("click", (event) => event.stopPropagation());
    jump.click();
  });
}

if (window.document$) window.document$.subscribe(landOnSection);
