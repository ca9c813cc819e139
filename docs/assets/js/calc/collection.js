/*
 * A player's characters, beside a widget whose calculator declares a `collection` in Python
 * (data-calc-collection="character"): several characters per calculator, each saved under its
 * name input as she types, listed and switched with one tap, deleted after asking; a roll log
 * kept with each; a share link and a one-page print of the sheet.
 *
 * Every change of inputs is saved to the character open now, valid or not (nothing she typed is
 * lost; the sheet itself keeps its last valid answer, marked out of date). Inputs that came
 * from a link and are not one of her characters are not saved over any of them: she adds them
 * with one tap. Rolls are the answer's [data-roll-entry] element (written by Python); each
 * new roll (by its data-roll-key) is appended once to the log of the character it was rolled
 * for. Nothing here computes a rule.
 *
 * A new character starts from the rules' starting point (the calculator's blank, rendered by
 * Python into data-calc-blank), not from the page's example, which stays one tap away ("Open
 * the example") and is named as the example at the top of the page (data-example-notice).
 *
 * Records that keep a log (a battle: the collection declares a RecordLog in Python, as
 * data-calc-log) have one identity wherever they go: each record's id travels in the address
 * with its inputs (./url-state.js, compact) and in its file (Export, one record in the site's
 * saved-data form), and a link or an imported file naming a record kept here is folded into
 * it the same way (fold): it updates the kept one when its log goes on from it, opens the
 * kept one when it holds nothing new (its log behind, or the same), and keeps a log that
 * parts from it as a copy under its own name, saying which it did. The inputs the answer
 * keeps beside the log (calc:kept: a battle file's format, rules and digests of its lines)
 * are kept with the record as part of it, not as a change, and follow the log. Reopening the
 * page opens the record changed last; the list shows each one's summary (the answer's
 * data-record-summary: a battle's round and whose turn) and when it last changed.
 *
 * Tabs: each tab has its own character open; every change is made to the stored records as
 * they are now (storage.js updateCollection), one record at a time with a newer stamp, so a
 * tab never writes back what it read earlier. When another tab changes the character open
 * here, this tab shows her newest sheet and says so.
 */

import { button, confirmDelete, el } from "./dom.js";
import { printOnly } from "./print-card.js";
import { changedWhen, copyName, logRelation } from "./record-log.js";
import { download, filePicker, readSavedFile } from "./saved-file.js";
import { MAX_LOG, MAX_RECORDS, exportRecords, loadCollection, newRecordId, nextStamp,
         updateCollection, watchCollection } from "./storage.js";
import { readUrlRecord, readUrlState } from "./url-state.js";
import { sameState } from "./widget.js";

class Collection {
  constructor(widget) {
    this.widget = widget;
    this.calc = widget.name;
    this.noun = widget.root.dataset.calcCollection;
    /* How the panel speaks of a record ("her sheet", "its whole log"), declared with the
       collection in Python (calculators/saved_words.py). */
    this.words = JSON.parse(widget.root.dataset.calcCollectionWords);
    /* {input, own}: the input holding a record's log, and those a device keeps its own. */
    this.recordLog = widget.root.dataset.calcLog ? JSON.parse(widget.root.dataset.calcLog) : null;
    this.linkId = "";  /* the id a link gave the record shown while it is none of hers */
    this.data = loadCollection(this.calc);
    this.currentId = this.data.current;  /* this tab's character (another tab may have another) */
    this.looseLog = [];  /* the log of inputs that are none of her characters */
    const blank = JSON.parse(widget.root.dataset.calcBlank || "{}");
    /* Every input a new character has: the blank's, and none of the example's left over. */
    this.blank = Object.assign({}, ...Object.keys(widget.initial).map((key) => ({ [key]: "" })), blank);
    this.notice = document.querySelector('[data-example-notice="' + widget.id + '"]');

    this.status = el("p", { className: "calc-status", role: "status", "data-collection-status": "" });
    this.heading = el("h3", {});
    this.list = el("ul", { className: "calc-card-list", "data-collection-list": "" });
    this.loose = el("div", { className: "calc-prompt", hidden: "" });
    const fresh = button("New " + this.noun, { "data-collection-new": "" });
    fresh.addEventListener("click", () => this.create());
    const share = button("Copy a link to this " + this.noun, { "data-collection-share": "" });
    share.addEventListener("click", () => this.share());
    const print = button(this.words.print, { "data-collection-print": "" });
    print.addEventListener("click", () => printOnly(widget.root, "printSheet"));
    const example = button("Open the example", { "data-collection-example": "" });
    example.addEventListener("click", () => this.openExample());
    /* A record with a log travels as a file too: this one exported, any imported by id. */
    const files = [];
    if (this.recordLog) {
      const exported = button("Export this " + this.noun + " (a file)", { "data-collection-export": "" });
      exported.addEventListener("click", () => this.exportCurrent());
      files.push(exported, filePicker("Import " + this.noun + "s from a file", { "data-collection-import": "" },
                                      (file) => this.importFile(file)));
    }
    this.logHeading = el("h3", {});
    this.log = el("ol", { className: "calc-roll-log", reversed: "", "data-roll-log": "" });
    const clearLog = button("Clear the log", { "data-roll-log-clear": "" });
    clearLog.addEventListener("click", () => this.clearLog());
    this.logSection = el("section", { className: "calc-roll-log-section", "aria-label": "Roll log" },
      this.logHeading, this.log, clearLog);
    this.panel = el("section", { className: "calc-collection", "aria-label": "Your " + this.noun + "s" },
      this.heading, this.loose, this.list,
      el("div", { className: "calc-actions" }, fresh, example, share, print, ...files), this.status, this.logSection);
    widget.root.after(this.panel);

    this.adopt();
    if (this.recordLog) widget.writeAddress();  /* the address names the record it is */
    widget.root.addEventListener("calc:change", () => this.onChange());
    widget.root.addEventListener("calc:answer", () => this.onAnswer());
    widget.root.addEventListener("calc:kept", (event) => this.onKept(event.detail));
    this.stopWatching = watchCollection(this.calc, () => this.onStored());
    this.render();
    this.onAnswer();  /* a roll already in the pre-rendered answer (a shared link) is logged */
  }

  current() {
    return this.data.records.find((r) => r.id === this.currentId) || null;
  }

  /* This tab's record (null for inputs that are none of hers); a record that keeps a log
     writes its id into the address with the inputs (a link's own id while none of hers). */
  get currentId() {
    return this.openId;
  }

  set currentId(id) {
    this.openId = id;
    if (this.recordLog) this.widget.recordId = id || this.linkId || "";
  }

  /* Change the stored records as they are now: `change(collection)` edits them (giving each
     record it edits a newer stamp); this tab's character becomes the one to open next time. */
  store(change) {
    const { collection, saved } = updateCollection(this.calc, (stored) => {
      if (change) change(stored);
      if (this.currentId && stored.records.some((r) => r.id === this.currentId)) stored.current = this.currentId;
    });
    this.data = collection;
    if (!saved) this.say("This browser would not save (storage is full or switched off).");
  }

  /* Change the stored record of this tab's character (when it is still there). */
  storeCurrent(change) {
    this.store((stored) => {
      const record = stored.records.find((r) => r.id === this.currentId);
      if (!record) return;
      change(record);
      record.stamp = nextStamp(record.stamp);
    });
  }

  /* Another tab changed the records: list them as they are, and if it changed the character
     open here, show her newest sheet (or, deleted there, keep her inputs as none of hers). */
  onStored() {
    if (!this.widget.root.isConnected) { this.stopWatching(); return; }
    const before = this.current();
    this.data = loadCollection(this.calc);
    const now = this.current();
    if (before && !now) {
      this.currentId = null;
      this.say("Another tab deleted \u201c" + before.name + "\u201d: add " + this.words.it + " back with one tap to keep " + this.words.it + ".");
    } else if (now && before && now.stamp > before.stamp && !sameState(now.state, this.widget.state)) {
      this.widget.setInputs(now.state, true);
      this.say("Another tab changed \u201c" + now.name + "\u201d: this is " + this.words.newest + ". Undo brings back what was here.");
    }
    this.render();
  }

  say(text) {
    this.status.textContent = text;
  }

  nameOf(state) {
    return (state.name || "").trim() || "Unnamed " + this.noun;
  }

  /* Settle which character the inputs on screen are: the one open last time, or (inputs from
     an import with no widget state) load it, or inputs from a link: none of hers. */
  adopt() {
    const shown = this.widget.state;
    const fromLink = Object.keys(readUrlState(this.widget.id)).length > 0;
    if (this.recordLog && fromLink && this.adoptLinked(shown)) return;
    if (this.recordLog && !fromLink) this.currentId = this.lastChanged();
    const record = this.current();
    if (record && sameState(record.state, shown)) return;
    if (record && !fromLink) {
      /* Her last character, with anything typed before the page's script ran on top. */
      this.widget.setInputs(Object.assign({}, record.state, this.widget.typed), true);
      return;
    }
    const match = this.data.records.find((r) => sameState(r.state, shown));
    if (match) {
      this.currentId = match.id;
      this.store();
    } else if (!this.data.records.length && !sameState(shown, this.widget.initial)) {
      this.add(shown, null, this.linkId);  /* her first character: what she has entered so far */
    } else {
      this.currentId = null;
    }
  }

  /* The id of the record changed last (null when there is none). */
  lastChanged() {
    const newest = this.data.records.reduce((best, r) => (!best || r.stamp > best.stamp ? r : best), null);
    return newest ? newest.id : null;
  }

  /* A link naming a record kept here (by its id): settle it against the kept one and open
     the result, saying what was done (fold). False when it names none kept here (a battle
     new to this device, or an old link with no id): the link's inputs are then as any
     link's, and keep its id if she adds them. */
  adoptLinked(shown) {
    const id = readUrlRecord(this.widget.id);
    const kept = id && this.data.records.find((r) => r.id === id);
    this.linkId = id && !kept ? id : "";
    if (!kept) return false;
    const { record, said } = this.fold(kept, shown, "link");
    this.openFolded(record, said);
    return true;
  }

  /* Fold `state` (the inputs of a record with the id of `kept`, brought by a link or a file:
     `source`) into the records kept here: nothing changes when it holds nothing new (the same
     log and other inputs, or its log behind), `kept` takes it when its log goes on from the
     kept one (each device keeping its own inputs, her seat), and a log that parts from it, or
     the same log with other inputs, is kept as a named copy. The inputs the answer keeps
     beside the log follow it, so they alone make no difference. Returns {record, said}: the
     record to open, and what was done in words. */
  fold(kept, state, source) {
    const input = this.recordLog.input;
    const own = {};
    this.recordLog.own.forEach((key) => { own[key] = kept.state[key] || ""; });
    const theirs = Object.assign({}, state, own);
    const { relation, count, at } = logRelation(kept.state[input] || "", theirs[input] || "");
    const events = (n) => (n === 1 ? "1 event" : n + " events");
    const besideLog = (inputs) => {
      const rest = Object.assign({}, inputs, { [input]: "" });
      this.recordLog.kept.forEach((key) => { rest[key] = ""; });
      return rest;
    };
    const yours = "your saved \u201c" + kept.name + "\u201d";
    if (relation === "behind" || (relation === "same" && sameState(besideLog(theirs), besideLog(kept.state)))) {
      return { record: kept, said: relation === "same" ? "Opened " + yours + ": the " + source + " holds nothing new."
        : "This " + source + " is " + events(count) + " behind " + yours + ", which is open." };
    }
    if (relation === "extends") {
      this.store((stored) => {
        const mine = stored.records.find((r) => r.id === kept.id);
        if (!mine) return;
        mine.state = theirs;
        mine.name = this.nameOf(theirs);
        mine.stamp = nextStamp(mine.stamp);
      });
      return { record: kept, said: "Updated " + yours + " from the " + source + ": " + events(count) + " more." };
    }
    const name = copyName(this.nameOf(kept.state), this.data.records.map((r) => r.name), 60);
    const copy = this.add(Object.assign({}, theirs, { name: name }), [], newRecordId());
    return { record: copy, said: (relation === "same"
      ? "This " + source + "'s " + this.noun + " has the log of " + yours + " but other inputs"
      : "This " + source + "'s log parts from " + yours + " at event " + (at + 1))
      + ": it is kept as \u201c" + name + "\u201d, and yours is unchanged." };
  }

  /* Open `record` as it is stored now (a fold's result), saying `said`. */
  openFolded(record, said) {
    this.currentId = record.id;
    this.store();
    const stored = this.current() || record;
    if (!sameState(stored.state, this.widget.state)) this.widget.setInputs(stored.state, true);
    this.say(said);
  }

  add(state, log, id) {
    const taken = this.data.records.some((r) => r.id === id);
    const record = { id: id && !taken ? id : newRecordId(), name: this.nameOf(state), state: Object.assign({}, state),
                     log: log || this.looseLog.slice(-MAX_LOG), stamp: nextStamp(0) };
    if (!log) this.looseLog = [];
    this.currentId = record.id;
    this.store((stored) => stored.records.push(record));
    return this.current() || record;
  }

  /* What the status asks of a new record until she names it. */
  askName() {
    return "A new " + this.noun + ": give " + this.words.it + " a name above.";
  }

  onChange() {
    const state = this.widget.state;
    const record = this.current();
    if ((state.name || "").trim() && this.status.textContent === this.askName()) this.say("");
    if (record) {
      this.storeCurrent((stored) => {
        stored.state = Object.assign({}, state);
        stored.name = this.nameOf(state);
      });
    } else if (!this.data.records.length) {
      this.add(state);
    } else {
      const match = this.data.records.find((r) => sameState(r.state, state));
      if (match) { this.currentId = match.id; this.store(); }
    }
    this.render();
  }

  onAnswer() {
    this.keepSummary();
    const entry = this.widget.output.querySelector("[data-roll-entry]");
    if (!entry || this.widget.root.dataset.calcState === "error") return;
    const key = entry.dataset.rollKey || "";
    const record = this.current();
    const log = record ? record.log : this.looseLog;
    if (log.length && log[log.length - 1].key === key) return;
    const line = { key: key, text: entry.dataset.rollEntry, at: new Date().toISOString() };
    /* A new roll is brought into view: the sheet may show it far from the button tapped. */
    entry.scrollIntoView({ block: "nearest" });
    const append = (into) => {
      into.push(line);
      if (into.length > MAX_LOG) into.splice(0, into.length - MAX_LOG);
    };
    if (record) this.storeCurrent((stored) => append(stored.log));
    else append(log);
    this.renderLog();
  }

  /* Inputs the answer keeps beside the log (calc:kept, `values`) go into the record open
     here as part of it, not as a change (its stamp stays, so no other tab is told to take
     it), and only while the record stored is what this tab shows but them. */
  onKept(values) {
    const record = this.current();
    if (!record) return;
    this.store((stored) => {
      const mine = stored.records.find((r) => r.id === record.id);
      if (mine && sameState(Object.assign({}, mine.state, values), this.widget.state)) Object.assign(mine.state, values);
    });
  }

  /* What the answer says of the record open now (a battle's round and whose turn), kept with
     it for the list; not a change of the record (its stamp stays). */
  keepSummary() {
    const said = this.widget.output.querySelector("[data-record-summary]");
    const record = this.current();
    if (!said || !record || this.widget.root.dataset.calcState === "error") return;
    const summary = said.dataset.recordSummary.slice(0, 120);
    if (record.summary === summary) return;
    this.store((stored) => {
      const mine = stored.records.find((r) => r.id === record.id);
      if (mine) mine.summary = summary;
    });
    this.render();
  }

  open(record) {
    this.currentId = record.id;
    this.store();
    this.widget.setInputs(record.state, true);
    this.say("Opened \u201c" + record.name + "\u201d.");
    this.render();
    this.widget.root.scrollIntoView({ block: "start" });
  }

  /* A new character from the rules' starting point (nothing spent, no name to start with). */
  create() {
    const state = Object.assign({}, this.blank);
    this.linkId = "";
    this.add(state, [], newRecordId());
    this.widget.setInputs(state, true);
    this.say(this.askName());
    this.render();
    const field = this.widget.form.querySelector('[name="name"]');
    if (field) field.focus();
  }

  /* The page's example on the sheet, as none of her characters (she may add her). */
  openExample() {
    this.linkId = "";
    this.currentId = null;
    this.widget.setInputs(this.widget.initial, true);
    this.say("The example is open: changes to " + this.words.it + " are not saved until you add " + this.words.it + ".");
    this.render();
    this.widget.root.scrollIntoView({ block: "start" });
  }

  keepLoose() {
    const record = this.add(this.widget.state, null, this.linkId);
    this.say("Added \u201c" + record.name + "\u201d to your " + this.noun + "s.");
    this.render();
  }

  remove(record, item) {
    confirmDelete(item, "Delete \u201c" + record.name + "\u201d" + this.words.deleteAlso + " from this device?",
                  this.words.keep, { "data-collection-delete-ok": "" }, "[data-collection-delete]",
                  () => {
                    if (this.currentId === record.id) this.currentId = null;
                    this.store((stored) => {
                      stored.records = stored.records.filter((r) => r.id !== record.id);
                      if (stored.current === record.id) stored.current = null;
                    });
                    this.say("Deleted \u201c" + record.name + "\u201d from this device.");
                    this.render();
                  }, () => this.render());
  }

  /* Copy the address of the inputs shown (written afresh: a compact one is written
     asynchronously, and an anchor followed since may have replaced it). */
  share() {
    this.widget.writeAddress().then((url) => {
      const done = () => this.say("Copied a link to this " + this.noun + ": " + this.words.shared + ".");
      const fallback = () => this.say("Copy this link: " + url);
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, fallback);
      else fallback();
    });
  }

  /* Download the record open now as a file (one record in the site's saved-data form, its id
     kept, so importing it again here or on another device folds it into the same one). */
  exportCurrent() {
    const record = this.current();
    if (!record) {
      this.say("This " + this.noun + " is not one of yours: add " + this.words.it + " first, then export " + this.words.it + ".");
      return;
    }
    const slug = record.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || this.noun;
    const doc = exportRecords(this.calc, [record]);
    download(doc, this.noun + "-" + slug + "-" + doc.exported.slice(0, 10) + ".json");
    this.say("Exported \u201c" + record.name + "\u201d as a file: import it here or on another device to open or update " + this.words.it + ".");
  }

  /* Import the records of this collection in a file (an Export of one, or the home page's
     export of everything): each folded by its id into the one kept here (fold), or added
     when none is; the last one opened, and what was done said. */
  importFile(file) {
    readSavedFile(file).then((checked) => {
      if (checked.problem) { this.say(checked.problem + " Nothing was imported."); return; }
      const given = checked.doc.collections[this.calc];
      if (!given || !given.records.length) {
        this.say("This file holds no " + this.noun + "s of this page. Nothing was imported.");
        return;
      }
      this.data = loadCollection(this.calc);
      const said = [];
      let last = null;
      given.records.forEach((record) => {
        const kept = this.data.records.find((r) => r.id === record.id);
        if (!kept && this.data.records.length >= MAX_RECORDS) {
          said.push("\u201c" + record.name + "\u201d is not imported: this device keeps at most " + MAX_RECORDS + " " + this.noun + "s.");
          return;
        }
        const done = kept ? this.fold(kept, record.state, "file")
          : { record: this.add(record.state, record.log, record.id), said: "Added \u201c" + record.name + "\u201d from the file." };
        said.push(done.said);
        last = done.record;
      });
      if (last) this.openFolded(last, said.join(" "));
      else this.say(said.join(" "));
      this.render();
    });
  }

  clearLog() {
    const record = this.current();
    if (record) this.storeCurrent((stored) => { stored.log = []; }); else this.looseLog = [];
    this.renderLog();
    this.say("The roll log is empty.");
  }

  render() {
    const records = this.data.records;
    const record = this.current();
    this.heading.textContent = records.length
      ? "Your " + this.noun + "s (" + records.length + ")"
      : "Your " + this.noun + "s: none yet. Change anything above and " + this.words.she + " is saved on this device.";
    this.loose.hidden = !!record || !records.length;
    const example = !record && sameState(this.widget.state, this.widget.initial);
    if (!this.loose.hidden) {
      const keep = button("Add to my " + this.noun + "s", { className: "md-button md-button--primary",
                                                            "data-collection-keep": "" });
      keep.addEventListener("click", () => this.keepLoose());
      this.loose.replaceChildren(
        el("p", { text: "The " + this.noun + " shown (" + (example ? "the page's example" : "from a link")
                        + ") is not one of yours; changes to " + this.words.it + " are not saved until you add " + this.words.it + "." }),
        keep);
    }
    this.renderNotice(record, example);
    this.list.replaceChildren(...records.map((r) => {
      const item = el("li", { "data-collection-id": r.id });
      if (r === record) {
        item.append(el("strong", { className: "calc-card-name", text: r.name }), el("span", { text: " (open now) " }));
      } else {
        const open = button("Open \u201c" + r.name + "\u201d", { "data-collection-open": "" });
        open.addEventListener("click", () => this.open(r));
        item.append(open, " ");
      }
      if (this.recordLog) {
        const when = changedWhen(r.stamp, Date.now());
        const said = [r.summary, when].filter(Boolean).join(" · ");
        if (said) item.append(el("span", { className: "calc-record-summary", text: said + " ", "data-collection-summary": "" }));
      }
      const del = button("Delete", { "data-collection-delete": "", "aria-label": "Delete " + r.name });
      del.addEventListener("click", () => this.remove(r, item));
      item.append(del);
      return item;
    }));
    this.renderLog();
  }

  /* The line at the top of the page: the example (as rendered), one of hers, or a link's. */
  renderNotice(record, example) {
    if (!this.notice) return;
    const text = this.notice.querySelector("[data-example-notice-text]");
    const link = this.notice.querySelector("[data-example-notice-link]");
    if (!this.noticeAsRendered) {
      this.noticeAsRendered = [Array.from(text.childNodes), link.textContent];
      keepNoticeHeight(this.notice, text, link);
    }
    if (example || (!record && !this.data.records.length)) {
      text.replaceChildren(...this.noticeAsRendered[0]);
      link.textContent = this.noticeAsRendered[1];
    } else if (record) {
      text.textContent = "Your " + this.noun + " \u201c" + record.name + "\u201d is open below.";
      link.textContent = this.words.goTo;
    } else {
      text.textContent = "The " + this.noun + " below came with a link and is not one of yours yet.";
      link.textContent = "Go to the " + this.noun + " form";
    }
  }

  renderLog() {
    const record = this.current();
    const log = record ? record.log : this.looseLog;
    this.logHeading.textContent = this.words.rollLog + (record ? " \u2014 " + record.name : "")
      + (log.length ? "" : ": " + this.words.noRolls);
    this.log.replaceChildren(...log.slice().reverse().map((entry) =>
      el("li", { text: entry.text, title: new Date(entry.at).toLocaleString() })));
    this.logSection.querySelector("[data-roll-log-clear]").hidden = !log.length;
  }
}

/* Keep the notice at the top of the page at least as tall as it was rendered (the example's
   text, the longest it says while the sheet is worked): the first Roll or Use on the example
   makes her a saved character and rewrites the notice, and a notice that shrank or grew would
   move the whole sheet under the button just tapped. The live text and link are laid over an
   invisible copy of the rendered ones (one grid cell), so the height follows the screen's width. */
function keepNoticeHeight(notice, text, link) {
  const line = el("span", { className: "calc-example-notice-line" });
  text.before(line);
  line.append(text, " ", link);
  const sizer = el("span", { className: "calc-example-notice-sizer", "aria-hidden": "true" },
    el("span", {}, ...Array.from(text.childNodes).map((node) => node.cloneNode(true))), " ",
    el("span", { className: link.className, text: link.textContent }));
  notice.append(sizer);
  notice.classList.add("calc-example-notice--steady");
}

/* Mount the characters panel beside each collection widget of the page shown, once. */
export function mountCollections() {
  document.querySelectorAll("[data-calc-collection]").forEach((root) => {
    if (!root.calcWidget || root.dataset.collectionBound) return;
    root.dataset.collectionBound = "1";
    new Collection(root.calcWidget);
  });
}
