/*
 * Saved spellcards, beside the widget whose answer is a card (the spellcard builder, declared
 * `SavedCards(saves=True)` in Python: data-cards-saves): save the card being built under its
 * name, open, rename or delete a saved card, and add it to the deck of the widget its
 * declaration names (data-cards-deck, the deck checker, on the same page), whose JSON input
 * (data-cards-deck-param) holds the deck, so it stays an import too; the line under the list
 * links that deck's section (data-cards-deck-section).
 *
 * Nothing here computes a rule: a card's document and cost come from the builder's answer
 * (rendered in Python, in data-card and data-cost), and the deck is checked by Python.
 */

import { button, confirmDelete, cssEscape, el } from "./dom.js";
import { loadCards, newRecordId, saveCards, watchCards } from "./storage.js";

const UNTITLED = "Untitled card";

function sameCard(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/* Add one copy of `card` to a deck's `entries` ([{card, copies}]): one more copy of the same
   card, else a new entry. Returns the entry it added to, or null for a new one. */
export function addCopy(entries, card) {
  const entry = entries.find((e) => e && sameCard(e.card, card));
  if (entry) entry.copies = (Number(entry.copies) || 1) + 1;
  else entries.push({ card: card, copies: 1 });
  return entry || null;
}

class SavedCards {
  constructor(builder) {
    this.builder = builder;
    const { cardsDeck, cardsDeckParam, cardsDeckSection } = builder.root.dataset;
    this.deckName = cardsDeck || "";
    this.deckParam = cardsDeckParam || "";
    this.deckSection = cardsDeckSection || "";
    this.cards = loadCards();
    this.saveWhenLive = false;
    this.refused = false;  /* "Fix the card first" is shown, to clear once the card is fixed */
    this.status = el("span", { className: "calc-status", "aria-live": "polite" });
    this.list = el("ul", { className: "calc-card-list" });
    this.heading = el("h4", {});
    this.deckLine = el("p", { className: "calc-deck-line" });
    const save = button("Save this card", { className: "md-button md-button--primary", "data-card-save": "" });
    save.addEventListener("click", () => this.save());
    /* Save sits with Reset and Undo, under the controls, so a phone need not scroll past the
       answer to reach it; the list of cards follows the builder. It comes first in that row:
       the press that takes the focus from the field just typed in commits the field, which
       shows Undo and changes the builder's status line, and a Save after them moved under
       the finger between press and release, so the tap was lost. */
    const actions = builder.root.querySelector(".calc-actions");
    actions.prepend(save);
    actions.append(this.status);
    /* What keeps the card from being saved, beside Save: each refusal Python gives, named by
       its control and linked to it (where the same message also shows), until it is fixed. */
    this.refusals = el("div", { className: "calc-card-refusals", "data-card-refusals": "", hidden: "" });
    actions.after(this.refusals);
    builder.root.addEventListener("calc:errors", (event) => this.showRefusals(event.detail));
    this.panel = el("section", { className: "calc-saved-cards", "aria-label": "Your saved cards" },
      this.heading, this.list, this.deckLine);
    builder.root.after(this.panel);
    builder.root.addEventListener("calc:answer", () => {
      this.showRefusals([]);
      if (this.refused) { this.refused = false; this.say(""); }
      if (this.saveWhenLive) { this.saveWhenLive = false; this.save(); }
    });
    const deck = this.deck();
    if (deck) deck.root.addEventListener("calc:change", () => this.showDeck());
    this.render();
    /* Cards saved, renamed or deleted in another tab: list what is kept now, and say so. */
    const stop = watchCards(() => {
      if (!builder.root.isConnected) { stop(); return; }
      const cards = loadCards();
      if (JSON.stringify(cards) === JSON.stringify(this.cards)) return;
      this.cards = cards;
      this.render();
      this.say("Your saved cards were changed in another tab: this is the list now.");
    });
  }

  /* The widget of the deck saved cards are added to, when it is on this page. */
  deck() {
    const root = this.deckName && document.querySelector('[data-calc="' + cssEscape(this.deckName) + '"]');
    return root && root.calcWidget;
  }

  say(text) {
    this.status.textContent = text;
  }

  store() {
    if (!saveCards(this.cards)) this.say("This browser would not save (storage is full or switched off).");
  }

  /* Save the builder's card once its answer is for the inputs shown. */
  save() {
    const root = this.builder.root;
    const state = root.dataset.calcState;
    if (state === "error") {
      this.refused = true;
      this.say("Fix the card first: what is wrong is listed below, and beside each control.");
      return;
    }
    const result = this.builder.output.querySelector("[data-card]");
    if (state === "pending" || !result) {
      this.saveWhenLive = true;
      this.say("Saving once the cost is worked out…");
      return;
    }
    const card = JSON.parse(result.dataset.card);
    const name = (this.builder.state.name || "").trim() || UNTITLED;
    const entry = { id: newRecordId(), name: name, state: Object.assign({}, this.builder.state),
                    card: card, cost: Number(result.dataset.cost) };
    const index = this.cards.findIndex((c) => c.name === name);
    if (index >= 0) {
      entry.id = this.cards[index].id;
      this.cards[index] = entry;
      this.say("Updated \u201c" + name + "\u201d.");
    } else {
      this.cards.push(entry);
      this.say("Saved \u201c" + name + "\u201d.");
    }
    this.store();
    this.render();
  }

  /* List the builder's refusals under Save ([] clears them). */
  showRefusals(errors) {
    const form = this.builder.form;
    this.refusals.replaceChildren(...(errors.length ? [
      el("p", { text: "This card cannot be saved yet:" }),
      el("ul", {}, ...errors.map((error) => {
        const field = error.field && form.querySelector('[name="' + error.field + '"]');
        const label = field && form.querySelector('label[for="' + field.id + '"]');
        const item = el("li", { "data-refusal-for": error.field || "" });
        if (label) item.append(el("a", { href: "#" + field.id, text: label.textContent.trim() }), ": ");
        item.append(error.message);
        return item;
      }))] : []));
    this.refusals.hidden = !errors.length;
  }

  open(card) {
    this.builder.setInputs(card.state, true);
    this.say("Opened \u201c" + card.name + "\u201d in the builder.");
    this.builder.root.scrollIntoView({ block: "start" });
  }

  /* The deck document in the deck checker's field, or a new one for `card`'s caster when the
     field holds the page's example or no readable deck. */
  currentDeck(card) {
    const deck = this.deck();
    const text = deck.state[this.deckParam] || "";
    if (text !== deck.initial[this.deckParam]) {
      try {
        const doc = JSON.parse(text);
        if (doc && typeof doc === "object" && Array.isArray(doc.cards)) return doc;
      } catch (error) { /* not a deck: start one */ }
    }
    return { caster: card.card.caster, cards: [] };
  }

  addToDeck(card) {
    const deck = this.deck();
    if (!deck) return;
    const doc = this.currentDeck(card);
    addCopy(doc.cards, card.card);
    deck.setInputs({ [this.deckParam]: JSON.stringify(doc) });
    this.say("Added \u201c" + card.name + "\u201d to the deck.");
  }

  newDeck() {
    const deck = this.deck();
    if (!deck) return;
    deck.setInputs({ [this.deckParam]: "" });
    this.say("The deck is empty: add saved cards with \u201cAdd to deck\u201d.");
  }

  rename(card, item) {
    const field = el("input", { type: "text", maxlength: "80", "aria-label": "New name for " + card.name });
    field.value = card.name;
    const ok = button("Rename", { "data-card-rename-ok": "" });
    const cancel = button("Cancel", {});
    const form = el("form", { className: "calc-card-rename" }, field, ok, cancel);
    form.addEventListener("submit", (event) => { event.preventDefault(); ok.click(); });
    ok.addEventListener("click", () => {
      const name = field.value.trim();
      if (!name) { this.say("A card needs a name."); field.focus(); return; }
      if (this.cards.some((c) => c !== card && c.name === name)) {
        this.say("Another saved card is called \u201c" + name + "\u201d."); field.focus(); return;
      }
      const before = card.card;
      card.name = name;
      card.state = Object.assign({}, card.state, { name: name });
      card.card = Object.assign({ name: name }, before, { name: name });
      this.renameInDeck(before, card.card);
      this.store();
      this.say("Renamed to \u201c" + name + "\u201d.");
      this.render();
    });
    cancel.addEventListener("click", () => this.render());
    item.replaceChildren(form);
    field.focus();
  }

  /* A renamed card keeps its place in the deck, under its new name. */
  renameInDeck(before, after) {
    const deck = this.deck();
    if (!deck) return;
    try {
      const doc = JSON.parse(deck.state[this.deckParam] || "");
      const entries = (doc && Array.isArray(doc.cards) ? doc.cards : []).filter((e) => e && sameCard(e.card, before));
      if (!entries.length) return;
      entries.forEach((e) => { e.card = after; });
      deck.setInputs({ [this.deckParam]: JSON.stringify(doc) });
    } catch (error) { /* the deck is not readable JSON: leave it to its own messages */ }
  }

  remove(card, item) {
    confirmDelete(item, "Delete \u201c" + card.name + "\u201d from this device?", "Keep it",
                  { "data-card-delete-ok": "" }, "[data-card-action=delete]", () => {
                    this.cards = this.cards.filter((c) => c !== card);
                    this.store();
                    this.say("Deleted \u201c" + card.name + "\u201d.");
                    this.render();
                  }, () => this.render());
  }

  render() {
    this.heading.textContent = this.cards.length
      ? "Your saved cards (" + this.cards.length + ")"
      : "Your saved cards: none yet. Name a card above and save it.";
    this.list.replaceChildren(...this.cards.map((card) => {
      const item = el("li", { "data-card-id": card.id });
      const actions = [["Open", () => this.open(card), "open"],
                       ["Add to deck", () => this.addToDeck(card), "add"],
                       ["Rename", () => this.rename(card, item), "rename"],
                       ["Delete", () => this.remove(card, item), "delete"]];
      item.append(el("strong", { className: "calc-card-name", text: card.name }),
                  el("span", { text: " \u2014 " + card.cost + " spell power " }));
      actions.forEach(([label, action, kind]) => {
        const b = button(label, { "data-card-action": kind });
        b.addEventListener("click", action);
        item.append(b);
      });
      return item;
    }));
    this.showDeck();
  }

  showDeck() {
    const deck = this.deck();
    if (!deck) { this.deckLine.hidden = true; return; }
    const text = deck.state[this.deckParam] || "";
    let words;
    let count = null;
    if (text === deck.initial[this.deckParam]) {
      words = "Your deck: the deck checker below shows the page's example; \u201cAdd to deck\u201d starts your own. ";
    } else if (!text.trim()) {
      words = "Your deck is empty: add saved cards with \u201cAdd to deck\u201d. ";
    } else {
      try {
        const doc = JSON.parse(text);
        count = doc.cards.reduce((sum, e) => sum + (Number(e && e.copies) || 1), 0);
        words = "Your deck: " + count + (count === 1 ? " card" : " cards") + ", checked in ";
      } catch (error) {
        words = "Your deck: the deck checker's field does not hold a readable deck. ";
      }
    }
    const parts = [words];
    if (count !== null) parts.push(el("a", { href: this.deckSection, text: "the deck checker" }), ". ");
    if (text.trim()) {
      const fresh = button("Start a new deck", { "data-card-new-deck": "" });
      fresh.addEventListener("click", () => this.newDeck());
      parts.push(fresh);
    }
    this.deckLine.replaceChildren(...parts);
  }
}

/* Mount the saved cards beside the builder of the page shown, once. */
export function mountCards() {
  const root = document.querySelector("[data-calc][data-cards-saves]");
  if (!root || !root.calcWidget || root.dataset.cardsBound) return;
  root.dataset.cardsBound = "1";
  new SavedCards(root.calcWidget);
}
