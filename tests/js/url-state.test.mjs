/* The widget inputs in the page address (docs/assets/js/calc/url-state.js). */
import assert from "node:assert/strict";
import { test } from "node:test";

import { stateFromSearch, withParam, withWidgetState } from "../../docs/assets/js/calc/url-state.js";

test("a widget reads only the inputs under its own id, decoded", () => {
  const search = "?wr-check.dice=4&wr-check.target=2%200&wr-check-2.dice=9&other=1";
  assert.deepEqual(stateFromSearch(search, "wr-check"), { dice: "4", target: "2 0" });
  assert.deepEqual(stateFromSearch(search, "wr-check-2"), { dice: "9" });
  assert.deepEqual(stateFromSearch("", "wr-check"), {});
});

test("the address keeps only the inputs that differ from the page's, in name order", () => {
  const href = withWidgetState("https://x.test/a/?keep=1#wr-check", "wr-check",
                               { target: "19", dice: "5", modifier: "0" },
                               { target: "25", dice: "4", modifier: "0" });
  assert.equal(href, "https://x.test/a/?keep=1&wr-check.dice=5&wr-check.target=19#wr-check");
});

test("inputs back at the page's values leave the widget's part of the address", () => {
  const href = withWidgetState("https://x.test/a/?wr-check.dice=5&mb-check.stat=3", "wr-check",
                               { dice: "4" }, { dice: "4" });
  assert.equal(href, "https://x.test/a/?mb-check.stat=3");
});

test("an input the page does not set is written unless it is blank", () => {
  assert.equal(withWidgetState("https://x.test/", "w", { note: "" }, {}), "https://x.test/");
  assert.equal(withWidgetState("https://x.test/", "w", { note: "a&b" }, {}),
               "https://x.test/?w.note=a%26b");
});

test("what the address holds reads back as the state written", () => {
  const state = { name: "Reimu Hakurei", deck: '[{"card":{"name":"Fantasy Seal"},"copies":2}]' };
  const href = withWidgetState("https://x.test/c/", "wr-character", state, {});
  assert.deepEqual(stateFromSearch(new URL(href).search, "wr-character"), state);
});

test("a link gets a parameter ahead of its fragment, once", () => {
  assert.equal(withParam("../spellcards/?a=1#spellcard-builder", "caster_record", "c1 2"),
               "../spellcards/?a=1&caster_record=c1%202#spellcard-builder");
  assert.equal(withParam("../spellcards/", "caster_record", "c1"), "../spellcards/?caster_record=c1");
  assert.equal(withParam("x/?caster_record=c9#y", "caster_record", "c1"), "x/?caster_record=c9#y");
});
