/*
 * Saved spellcards beside a character's deck field (the Western Roses character builder):
 * "Add to deck" writes one copy of a saved card into the deck JSON through the widget's own
 * setInputs, so the address, the saved character and Undo follow as for any change.
 *
 * The card's own caster is left out: in a character's deck the character is the caster, and
 * Python prices the card for her. Nothing here checks a rule; the builder's answer does.
 */

import { addCopy } from "./cards.js";
import { button, el } from "./dom.js";
import { loadCards, watchCards } from "./storage.js";

/* Widgets whose `deck` input is a list of {card, copies} entries. */
const DECK_WIDGETS = ['[data-calc="wr-character"]'];
const BUILDER_PAGE = "../spellcards/#card-builder";

function withoutCaster(card) {
  const copy = Object.assign({}, card);
  delete copy.caster;
  return copy;
}

class DeckCards {
  constructor(widget, field) {
    this.widget = widget;
    this.status = el("span", { className: "calc-status", "aria-live": "polite" });
    this.list = el("ul", { className: "calc-card-list" });
    this.heading = el("p", { className: "calc-deck-line" });
    this.panel = el("section", { className: "calc-saved-cards calc-deck-cards", "aria-label": "Your saved spellcards" },
      this.heading, this.list, this.status);
    field.after(this.panel);
    this.render();
    /* Cards saved in another tab are listed here at once. */
    const stop = watchCards(() => (widget.root.isConnected ? this.render() : stop()));
  }

  say(text) {
    this.status.textContent = text;
  }

  /* The deck in the field as a list, [] when blank, or null when it cannot be read. */
  currentDeck() {
    const text = (this.widget.state.deck || "").trim();
    if (!text) return [];
    try {
      const deck = JSON.parse(text);
      return Array.isArray(deck) ? deck : null;
    } catch (error) {
      return null;
    }
  }

  add(saved) {
    const deck = this.currentDeck();
    if (deck === null) {
      this.say("The deck field does not hold a list of cards; fix or empty it, then add.");
      return;
    }
    const entry = addCopy(deck, withoutCaster(saved.card));
    this.widget.setInputs({ deck: JSON.stringify(deck) });
    this.say("Added \u201c" + saved.name + "\u201d to her deck" + (entry ? " (" + entry.copies + " copies)." : "."));
  }

  render() {
    const cards = loadCards();
    this.heading.replaceChildren(cards.length
      ? "Your saved spellcards (" + cards.length + "): add them to her deck, priced for her."
      : "No saved spellcards yet: ", ...(cards.length ? [] : [
        el("a", { href: BUILDER_PAGE, text: "save cards in the spellcard builder" }),
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

/* Mount the saved cards beside the deck field of each character widget on the page, once. */
export function mountDeckCards() {
  DECK_WIDGETS.forEach((selector) => {
    document.querySelectorAll(selector).forEach((root) => {
      const field = root.querySelector('.calc-field [name="deck"]');
      if (!root.calcWidget || !field || root.dataset.deckCardsBound) return;
      root.dataset.deckCardsBound = "1";
      new DeckCards(root.calcWidget, field.closest(".calc-field"));
    });
  });
}
