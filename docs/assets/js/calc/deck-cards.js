/*
 * A deck of spellcards edited as a list: the form field of a JSON input declared
 * `editor="card-list"` in Python (data-calc-editor="card-list"; the Western Roses character's
 * deck, a list of {card, copies}). Each entry shows its name and copies with − / +, Remove,
 * and "Open in the builder" (the link the sheet's answer gives that card); the JSON text box
 * stays, folded, to import or export the whole deck. Below the list, the spellcards saved in
 * the builder, each with "Add to deck" (one copy, without the card's own caster: in a
 * character's deck the character is the caster, and Python prices the card for her). While
 * none are saved, it links where cards are made (data-cards-made-at, declared with the
 * calculator in Python: `SavedCards(made_at=...)`).
 *
 * A builder link that names the builder's input linking a saved record (data-link-record,
 * written by Python) gets the id of the character open now, so the builder opens with her as
 * its caster. Every change goes through the widget's setInputs, so the address, the saved character and
 * Undo follow as for any change. Nothing here checks a rule: the answer does.
 */

import { addCopy } from "./cards.js";
import { button, el } from "./dom.js";
import { loadCards, loadCollection, watchCards } from "./storage.js";
import { withParam } from "./url-state.js";

/* The controls of a deck entry, as the attribute each carries. */
const CONTROLS = ["data-deck-fewer", "data-deck-more", "data-deck-remove", "data-deck-builder"];

function withoutCaster(card) {
  const copy = Object.assign({}, card);
  delete copy.caster;
  return copy;
}

function nameOf(entry, index) {
  const name = entry && entry.card && typeof entry.card.name === "string" ? entry.card.name.trim() : "";
  return name || "Card " + (index + 1);
}

export class DeckCards {
  constructor(widget, box) {
    this.widget = widget;
    this.name = box.querySelector("[name]").name;
    this.status = el("span", { className: "calc-status", "aria-live": "polite" });
    this.entries = el("ol", { className: "calc-card-list calc-deck-list", "data-deck-list": "" });
    this.title = el("p", { className: "calc-deck-title" });
    /* The JSON box, its label and help, folded: import and export only. */
    const json = el("details", { className: "calc-deck-json" },
      el("summary", { text: "Import or export the deck as JSON" }));
    box.querySelectorAll("label, textarea, .calc-help").forEach((node) => json.append(node));
    box.prepend(this.title, this.entries, this.status, json);
    this.list = el("ul", { className: "calc-card-list" });
    this.heading = el("p", { className: "calc-deck-line" });
    this.panel = el("section", { className: "calc-saved-cards calc-deck-cards", "aria-label": "Your saved spellcards" },
      this.heading, this.list);
    box.after(this.panel);
    /* The sheet's own builder links get her too, as they are followed. */
    widget.output.addEventListener("click", (event) => {
      const link = event.target.closest("a[data-link-record]");
      if (link) link.setAttribute("href", this.withRecord(link));
    }, true);
    widget.root.addEventListener("calc:change", () => this.renderDeck());
    widget.root.addEventListener("calc:answer", () => this.renderDeck());
    this.render();
    /* Cards saved in another tab are listed here at once. */
    const stop = watchCards(() => (widget.root.isConnected ? this.render() : stop()));
  }

  say(text) {
    this.status.textContent = text;
  }

  /* The deck in the field as a list, [] when blank, or null when it cannot be read. */
  currentDeck() {
    const text = (this.widget.state[this.name] || "").trim();
    if (!text) return [];
    try {
      const deck = JSON.parse(text);
      return Array.isArray(deck) ? deck : null;
    } catch (error) {
      return null;
    }
  }

  store(deck, message) {
    this.widget.setInputs({ [this.name]: deck.length ? JSON.stringify(deck) : "" });
    this.say(message);
  }

  add(saved) {
    const deck = this.currentDeck();
    if (deck === null) {
      this.say("The deck's JSON is not a list of cards; fix or empty it, then add.");
      return;
    }
    const entry = addCopy(deck, withoutCaster(saved.card));
    this.store(deck, "Added \u201c" + saved.name + "\u201d to her deck" + (entry ? " (" + entry.copies + " copies)." : "."));
  }

  /* One copy more (+1) or fewer (-1) of entry `index`; never below one (Remove takes it out). */
  step(index, by) {
    const deck = this.currentDeck();
    const entry = deck && deck[index];
    if (!entry || typeof entry !== "object") return;
    const copies = Math.max(1, (Number(entry.copies) || 1) + by);
    entry.copies = copies;
    this.store(deck, nameOf(entry, index) + ": " + copies + (copies === 1 ? " copy." : " copies."));
  }

  remove(index) {
    const deck = this.currentDeck();
    if (!deck || !deck[index]) return;
    const name = nameOf(deck[index], index);
    deck.splice(index, 1);
    this.store(deck, "Removed \u201c" + name + "\u201d from her deck.");
  }

  /* The link that opens entry `index` in the builder: the one the live answer gives that card
     (the answer numbers its cards from 1, in the deck's order). */
  builderLink(index) {
    if (this.widget.root.dataset.calcState !== "live" || !this.widget.isCurrent()) return null;
    const link = this.widget.output.querySelector('[data-deck-open="' + (index + 1) + '"]');
    return link ? this.withRecord(link) : null;
  }

  /* A link's address with the id of the record open now in the input it names (unchanged
     when this widget keeps no records or none is open). */
  withRecord(link) {
    const href = link.getAttribute("href");
    const param = link.dataset.linkRecord;
    const id = this.widget.root.dataset.calcCollection ? loadCollection(this.widget.name).current : null;
    return param && id ? withParam(href, param, id) : href;
  }

  renderDeck() {
    const deck = this.currentDeck();
    if (deck === null) {
      this.title.textContent = "Her deck's JSON cannot be read as a list of cards: fix it below, or empty it.";
      this.entries.replaceChildren();
      return;
    }
    const count = deck.reduce((sum, e) => sum + (Number(e && e.copies) || 1), 0);
    this.title.textContent = deck.length
      ? "Her deck: " + count + (count === 1 ? " card" : " cards") + " of " + deck.length
        + (deck.length === 1 ? " kind." : " kinds.")
      : "Her deck is empty: add saved spellcards below.";
    /* Each entry is redrawn only when it changed: an answer that changes nothing in it leaves
       its controls in place, so a tap landing as the answer arrives still reaches them. */
    const place = this.focusedPlace();
    const items = Array.from(this.entries.children);
    deck.forEach((entry, index) => {
      const key = JSON.stringify(entry);
      let item = items[index];
      if (!item || item.dataset.deckKey !== key) {
        const fresh = this.entryItem(entry, index);
        fresh.dataset.deckKey = key;
        if (item) item.replaceWith(fresh); else this.entries.append(fresh);
        item = fresh;
      }
      this.placeBuilderLink(item, this.builderLink(index));
    });
    items.slice(deck.length).forEach((item) => item.remove());
    this.refocus(place);
  }

  /* One entry of the list: its name, copies, − / + and Remove. */
  entryItem(entry, index) {
    const name = nameOf(entry, index);
    const copies = Number(entry && entry.copies) || 1;
    const fewer = button("\u2212", { "data-deck-fewer": "", "aria-label": "One copy fewer of " + name });
    fewer.disabled = copies <= 1;
    fewer.addEventListener("click", () => this.step(index, -1));
    const more = button("+", { "data-deck-more": "", "aria-label": "One more copy of " + name });
    more.addEventListener("click", () => this.step(index, 1));
    const remove = button("Remove", { "data-deck-remove": "", "aria-label": "Remove " + name + " from her deck" });
    remove.addEventListener("click", () => this.remove(index));
    return el("li", { "data-deck-entry": String(index + 1) },
      el("strong", { className: "calc-card-name", text: name }),
      el("span", { className: "calc-deck-copies", "data-deck-copies": "", text: " \u00d7 " + copies + " " }),
      fewer, more, remove);
  }

  /* The entry's "Open in the builder" link at `href`, or none while the answer has none. */
  placeBuilderLink(item, href) {
    let link = item.querySelector("[data-deck-builder]");
    if (!href) {
      if (link) link.remove();
      return;
    }
    if (!link) {
      link = el("a", { className: "calc-deck-open", "data-deck-builder": "", text: "Open in the builder" });
      item.append(link);
    }
    if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  }

  /* The entry and the kind of control that has the focus in the list, if any: the list is
     redrawn on every change and answer, and a keyboard or screen reader would otherwise be
     thrown back to the top of the page after each − / + / Remove. */
  focusedPlace() {
    const active = document.activeElement;
    const item = this.entries.contains(active) && active.closest("[data-deck-entry]");
    if (!item) return null;
    const kind = CONTROLS.find((name) => active.hasAttribute(name));
    return kind ? { entry: Number(item.dataset.deckEntry), kind: kind } : null;
  }

  /* The focus back on the same control of the same entry (the last entry's when hers was
     removed), or on its + when − is now disabled. */
  refocus(place) {
    if (!place) return;
    const items = this.entries.querySelectorAll("[data-deck-entry]");
    const item = items[Math.min(place.entry, items.length) - 1];
    if (!item) return;
    const same = item.querySelector("[" + place.kind + "]");
    const target = same && !same.disabled ? same : item.querySelector("[data-deck-more]");
    if (target) target.focus({ preventScroll: true });
  }

  render() {
    this.renderDeck();
    const cards = loadCards();
    this.heading.replaceChildren(cards.length
      ? "Your saved spellcards (" + cards.length + "): add them to her deck, priced for her."
      : "No saved spellcards yet: ", ...(cards.length ? [] : [
        el("a", { href: this.widget.root.dataset.cardsMadeAt, text: "save cards in the spellcard builder" }),
        ", then add them here."]));
    this.list.replaceChildren(...cards.map((saved) => {
      const add = button("Add to deck", { "data-deck-add": saved.id,
                                          "aria-label": "Add " + saved.name + " to her deck" });
      add.addEventListener("click", () => this.add(saved));
      return el("li", { "data-card-id": saved.id },
        el("strong", { className: "calc-card-name", text: saved.name }),
        el("span", { text: " \u2014 " + saved.cost + " spell power (as saved) " }), add);
    }));
  }
}
