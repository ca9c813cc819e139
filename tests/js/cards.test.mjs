/* Adding a card to a deck's entries (docs/assets/js/calc/cards.js). */
import assert from "node:assert/strict";
import { test } from "node:test";

import { addCopy } from "../../docs/assets/js/calc/cards.js";

const SEAL = { name: "Fantasy Seal", type: "bomb", dice: 3 };

test("a card not in the deck is a new entry of one copy", () => {
  const deck = [];
  assert.equal(addCopy(deck, SEAL), null);
  assert.deepEqual(deck, [{ card: SEAL, copies: 1 }]);
});

test("the same card again is one more copy of its entry, which is returned", () => {
  const deck = [{ card: { ...SEAL }, copies: 2 }];
  const entry = addCopy(deck, SEAL);
  assert.equal(entry, deck[0]);
  assert.deepEqual(deck, [{ card: SEAL, copies: 3 }]);
});

test("an entry with no readable copy count held one copy", () => {
  const deck = [null, { card: SEAL, copies: "many" }];
  addCopy(deck, SEAL);
  assert.equal(deck[1].copies, 2);
});

test("a card that differs in any field is another entry", () => {
  const deck = [{ card: SEAL, copies: 1 }];
  addCopy(deck, { ...SEAL, dice: 4 });
  assert.equal(deck.length, 2);
  assert.deepEqual(deck.map((e) => e.copies), [1, 1]);
});
