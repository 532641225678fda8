// Kartotéka: keeps the player's decks (each with its list and print settings), the undo steps
// and the user's own spells in this browser (localStorage) and sends them with every request;
// the server decides everything else (names, filters, counts, print options) and renders the
// fragments. Texts come from the message catalogue (the page's #page-texts block).
"use strict";

(function () {
  const STORE_KEY = "kartoteka.decks";
  const UNDO_KEY = "kartoteka.undo";
  const OLD_DECK_KEY = "kartoteka.deck"; // the one deck of earlier versions
  const BREW_KEY = "kartoteka.homebrew";
  const UNDO_LIMIT = 50; // steps "Zpět" can take back
  const EXPORT_FORMAT = "kartoteka-balicky";
  const TEXTS = JSON.parse(document.getElementById("page-texts").textContent);
  const deckState = document.getElementById("deck-state");
  const brewName = document.getElementById("homebrew-name");
  const brewText = document.getElementById("homebrew-text");
  const printForm = document.getElementById("print-form");
  const deckChoice = document.getElementById("deck-choice");
  const deckName = document.getElementById("deck-name");
  const undoButton = document.getElementById("undo");

  function t(key, fields) {
    return (TEXTS[key] || key).replace(/\{(\w+)\}/g, (whole, name) =>
      fields && name in fields ? String(fields[name]) : whole
    );
  }

  function read(key, fallback) {
    try {
      const value = JSON.parse(localStorage.getItem(key));
      return value === null ? fallback : value;
    } catch (error) {
      return fallback;
    }
  }

  function write(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (error) {
      // Private mode or a full store: the page still works for this visit.
    }
  }

  function note(text) {
    document.getElementById("deck-note").textContent = text;
  }

  // --- print settings: the print form's fields, kept per deck -----------------------------

  function formSettings() {
    const settings = {};
    Array.from(printForm.elements).forEach((field) => {
      if (!field.name) return;
      if (field.type === "checkbox") settings[field.name] = field.checked ? field.value : "";
      else if (field.type === "radio") {
        if (field.checked) settings[field.name] = field.value;
      } else settings[field.name] = field.value;
    });
    return settings;
  }

  function applySettings(settings) {
    Array.from(printForm.elements).forEach((field) => {
      if (!field.name || !(field.name in settings)) return;
      const value = settings[field.name];
      if (field.type === "checkbox") field.checked = Boolean(value);
      else if (field.type === "radio") field.checked = field.value === value;
      else field.value = value;
    });
  }

  const DEFAULTS = formSettings();

  // --- the decks ------------------------------------------------------------------------

  function newId() {
    return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
  }

  function uniqueName(name) {
    const taken = new Set(store ? store.decks.map((deck) => deck.name) : []);
    if (!taken.has(name)) return name;
    let n = 2;
    while (taken.has(`${name} (${n})`)) n += 1;
    return `${name} (${n})`;
  }

  function makeDeck(name, spells, settings) {
    return {
      id: newId(),
      name: uniqueName(name),
      spells: Array.isArray(spells) ? spells.filter((s) => typeof s === "string") : [],
      settings: Object.assign({}, DEFAULTS, settings || {}),
    };
  }

  let store = null;
  function loadStore() {
    const saved = read(STORE_KEY, null);
    if (saved && Array.isArray(saved.decks) && saved.decks.length) return saved;
    const old = read(OLD_DECK_KEY, []);
    const deck = makeDeck(t("first_deck"), old, DEFAULTS);
    return { current: deck.id, decks: [deck] };
  }
  store = loadStore();

  function current() {
    return store.decks.find((deck) => deck.id === store.current) || store.decks[0];
  }

  function save() {
    write(STORE_KEY, store);
  }

  // --- undo: a copy of every deck before each change ------------------------------------

  function remember(what) {
    const steps = read(UNDO_KEY, []);
    steps.push({ what: what, store: JSON.parse(JSON.stringify(store)) });
    while (steps.length > UNDO_LIMIT) steps.shift();
    write(UNDO_KEY, steps);
    showUndo();
  }

  function showUndo() {
    const steps = read(UNDO_KEY, []);
    undoButton.disabled = steps.length === 0;
    undoButton.textContent = steps.length
      ? t("undo", { what: steps[steps.length - 1].what })
      : t("undo_none");
  }

  function undo() {
    const steps = read(UNDO_KEY, []);
    const step = steps.pop();
    if (!step) return;
    write(UNDO_KEY, steps);
    store = step.store;
    save();
    showDeck();
    showUndo();
    note(t("undone", { what: step.what }));
  }

  // --- showing the current deck -----------------------------------------------------------

  function labels() {
    return Array.from(deckState.querySelectorAll("input")).map((input) => input.value);
  }

  function fillState(list) {
    deckState.replaceChildren(
      ...list.map((label) => {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = "spells";
        input.value = label;
        return input;
      })
    );
  }

  function showChoices() {
    deckChoice.replaceChildren(
      ...store.decks.map((deck) => {
        const option = document.createElement("option");
        option.value = deck.id;
        option.textContent = deck.name;
        option.selected = deck.id === store.current;
        return option;
      })
    );
  }

  function showMeta() {
    const deck = current();
    deckName.value = deck.name;
    document.getElementById("bar-name").textContent = deck.name;
    document.getElementById("deck-name-state").value = deck.name;
    document.getElementById("deck-id-state").value = deck.id;
  }

  // Show the current deck: its list, name and print settings; the server draws the rest.
  function showDeck() {
    const deck = current();
    store.current = deck.id;
    fillState(deck.spells);
    applySettings(Object.assign({}, DEFAULTS, deck.settings));
    showChoices();
    showMeta();
    syncChecks();
    document.body.dispatchEvent(new Event("deck-changed"));
  }

  // Per deck, its stored spells this browser lacks (own spells not loaded here): an edit keeps
  // them, only a replacing action (empty, class deck, list upload) lets them go, and that one
  // can be undone.
  const absent = {};
  let replacing = false; // a class deck or a list upload is on its way: it replaces the deck

  function kept(list) {
    return list.concat(absent[current().id] || []);
  }

  function changeDeck(list, what, replace) {
    remember(what || t("step_change"));
    if (replace) delete absent[current().id];
    current().spells = kept(list);
    save();
    fillState(list);
    document.body.dispatchEvent(new Event("deck-changed"));
  }

  function syncChecks() {
    const chosen = new Set(labels());
    document.querySelectorAll("#results input[data-label]").forEach((box) => {
      box.checked = chosen.has(box.dataset.label);
    });
  }

  // --- start: the stored decks; a share link's deck opens beside them -------------------

  const shared = document.getElementById("shared-deck");
  let sharedOwn = ""; // a share link's own spells, merged once this browser's are read
  if (shared) {
    const link = JSON.parse(shared.textContent);
    remember(t("step_shared"));
    const deck = makeDeck(link.name, link.spells, link.settings);
    store.decks.push(deck);
    store.current = deck.id;
    save();
    history.replaceState(null, "", location.pathname); // a reload keeps the edited deck
    note(t("shared_opened", { name: deck.name }));
    sharedOwn = link.homebrew || "";
  }
  fillState(current().spells);
  applySettings(Object.assign({}, DEFAULTS, current().settings));
  showChoices();
  showMeta();
  showUndo();
  save();

  const brew = read(BREW_KEY, null);
  if (brew && brew.text) {
    brewName.value = brew.name;
    brewText.value = brew.text;
    document.getElementById("homebrew-remove").hidden = false;
    document.getElementById("homebrew-result").textContent = t("brew_loaded", { name: brew.name });
  }
  if (sharedOwn) mergeShared(sharedOwn);

  // The class deck takes the class chosen in the filters.
  const presetClass = document.getElementById("preset-class");
  function followClass() {
    const wanted = "class:" + document.getElementById("class").value;
    if (Array.from(presetClass.options).some((option) => option.value === wanted)) {
      presetClass.value = wanted;
    }
  }
  document.getElementById("class").addEventListener("change", followClass);
  followClass();

  // Keyboard: "/" jumps to the search; Enter there adds the first spell found to the deck.
  const query = document.getElementById("q");
  let addWhenFound = null;
  function addFirst() {
    const count = document.getElementById("results-count");
    if (!count || count.dataset.query !== query.value) {
      addWhenFound = query.value;
      return false;
    }
    addWhenFound = null;
    const box = document.querySelector("#results input[data-label]");
    if (box && !box.checked) {
      box.checked = true;
      box.dispatchEvent(new Event("change", { bubbles: true }));
    }
    query.select();
    return true;
  }
  query.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (!addFirst()) htmx.trigger("#search-form", "submit");
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, select, textarea");
    if (event.key === "/" && !typing && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      query.focus();
      query.select();
    }
  });
  document.querySelectorAll("a[data-focus]").forEach((link) => {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      document.getElementById(link.dataset.focus).focus();
    });
  });

  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (event.target.id === "results" && addWhenFound !== null && addWhenFound === query.value) {
      addFirst();
    }
    const body = document.getElementById("deck-body");
    if (event.target.id === "deck" && body) {
      if (body.dataset.deck && body.dataset.deck !== current().id) return; // an earlier deck's
      const list = JSON.parse(body.dataset.spells);
      // Spells this browser lacks (own spells not loaded) stay in the stored deck.
      if (replacing) {
        replacing = false;
        current().spells = list; // the names not found are said in the deck's problems
        save();
      } else if (body.dataset.missing === "0") {
        current().spells = kept(list);
        save();
      } else {
        absent[current().id] = current().spells.filter((label) => !list.includes(label));
      }
      fillState(list);
      syncChecks();
    } else if (event.target.id === "results") {
      syncChecks();
    }
  });

  // Ticking a result adds it at the end of the deck; unticking removes it.
  document.addEventListener("change", (event) => {
    const box = event.target;
    if (box.matches && box.matches("#results input[data-label]")) {
      const list = labels().filter((label) => label !== box.dataset.label);
      if (box.checked) list.push(box.dataset.label);
      changeDeck(list);
    }
  });

  // A filter changed (its fields may have been drawn again since the page came): search.
  document.getElementById("search-form").addEventListener("change", (event) => {
    if (event.target.classList.contains("filter")) htmx.trigger("#search-form", "filters-changed");
  });

  printForm.addEventListener("change", () => {
    current().settings = formSettings();
    save();
  });

  // The deck's order: sorted by the server on every change, or the player's own.
  const deckSort = document.getElementById("deck-sort");
  deckSort.addEventListener("change", () => {
    remember(t("step_sort"));
    current().settings = formSettings();
    save();
    document.body.dispatchEvent(new Event("deck-changed"));
  });

  // A spell moved by hand: the deck keeps the player's own order from now on.
  function moveDeck(list) {
    if (deckSort.value !== "own") {
      deckSort.value = "own";
      current().settings = formSettings();
    }
    changeDeck(list);
  }

  function moved(list, from, to) {
    const [item] = list.splice(from, 1);
    list.splice(to, 0, item);
    return list;
  }

  // Drag and drop in the deck (the ⤒ ↑ ↓ ⤓ buttons do the same from the keyboard).
  let dragged = null;
  const deckBox = document.getElementById("deck");
  deckBox.addEventListener("dragstart", (event) => {
    const item = event.target.closest && event.target.closest("ol.deck li");
    if (!item) return;
    dragged = Number(item.dataset.place);
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", String(dragged));
  });
  deckBox.addEventListener("dragover", (event) => {
    if (dragged !== null && event.target.closest("ol.deck li")) event.preventDefault();
  });
  deckBox.addEventListener("drop", (event) => {
    const item = event.target.closest("ol.deck li");
    if (dragged === null || !item) return;
    event.preventDefault();
    const to = Number(item.dataset.place);
    if (to !== dragged) moveDeck(moved(labels(), dragged, to));
    dragged = null;
  });
  deckBox.addEventListener("dragend", () => {
    dragged = null;
  });

  deckChoice.addEventListener("change", () => {
    store.current = deckChoice.value;
    save();
    showDeck();
  });

  let renaming = false;
  deckName.addEventListener("input", () => {
    if (!renaming) remember(t("step_rename"));
    renaming = true;
    current().name = deckName.value;
    document.getElementById("deck-name-state").value = deckName.value;
    document.getElementById("bar-name").textContent = deckName.value;
    deckChoice.selectedOptions[0].textContent = deckName.value;
    save();
  });
  deckName.addEventListener("change", () => {
    renaming = false;
    const name = deckName.value.trim() || t("first_deck");
    current().name = name;
    save();
    showChoices();
    showMeta();
    document.body.dispatchEvent(new Event("deck-changed")); // the share link holds the name
  });

  function post(url, fields, target) {
    const busy = target === "#deck" ? document.querySelectorAll("#deck-busy, #bar-busy") : [];
    busy.forEach((element) => element.classList.add("htmx-request")); // "Počítám karty…"
    return htmx
      .ajax("POST", url, { target: target, values: fields, swap: "innerHTML" })
      .finally(() => busy.forEach((element) => element.classList.remove("htmx-request")));
  }

  // The fields of a request about the current deck: print options, own spells, deck name.
  function deckValues(values) {
    new FormData(printForm).forEach((value, key) => {
      values[key] = value;
    });
    values.homebrew_name = brewName.value;
    values.homebrew = brewText.value;
    values.deck_name = current().name;
    values.deck_id = current().id;
    return values;
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const list = labels();
    if (button.dataset.move) {
      const index = Number(button.dataset.index);
      const other = index + Number(button.dataset.move);
      [list[index], list[other]] = [list[other], list[index]];
      moveDeck(list);
      refocus(other, button.dataset.move === "-1" ? "-1" : "1");
    } else if (button.dataset.moveTo) {
      const from = Number(button.dataset.at);
      const to = button.dataset.moveTo === "top" ? 0 : list.length - 1;
      moveDeck(moved(list, from, to));
      refocus(to, button.dataset.moveTo);
    } else if (button.dataset.swap) {
      list[Number(button.dataset.at)] = button.dataset.swap;
      changeDeck(list);
    } else if (button.dataset.remove) {
      list.splice(Number(button.dataset.remove), 1);
      changeDeck(list);
      refocus(Math.min(Number(button.dataset.remove), list.length - 1), "remove");
    } else if (button.dataset.preview) {
      const values = deckValues({ label: button.dataset.preview, ratio: devicePixelRatio });
      post("/nahled", values, "#preview").then(() => {
        document.getElementById("preview").focus();
      });
    } else if (button.id === "sheet-preview") {
      const values = deckValues({ ratio: devicePixelRatio });
      values.spells = labels(); // htmx sends an array as repeated fields
      post("/arch", values, "#preview").then(() => {
        document.getElementById("preview").focus();
      });
    } else if (button.dataset.preset) {
      presetDeck(button.dataset.preset);
    } else if (button.id === "preset-class-button") {
      presetDeck(presetClass.value);
    } else if (button.id === "add-shown") {
      const shown = Array.from(document.querySelectorAll("#results input[data-label]"));
      const chosen = new Set(list);
      shown.forEach((box) => {
        if (!chosen.has(box.dataset.label)) list.push(box.dataset.label);
      });
      changeDeck(list);
      syncChecks();
    } else if (button.id === "deck-clear") {
      changeDeck([], t("step_clear"), true);
      syncChecks();
    } else if (button.dataset.query) {
      const box = document.getElementById("q");
      box.value = button.dataset.query;
      box.focus();
      htmx.trigger("#search-form", "submit");
    } else if (button.id === "undo") {
      undo();
    } else if (button.id === "deck-new") {
      remember(t("step_new"));
      const deck = makeDeck(t("new_deck", { n: store.decks.length + 1 }), [], formSettings());
      store.decks.push(deck);
      store.current = deck.id;
      save();
      showDeck();
      deckName.focus();
    } else if (button.id === "deck-copy") {
      remember(t("step_copy"));
      const from = current();
      const deck = makeDeck(t("copy", { name: from.name }), from.spells, from.settings);
      store.decks.push(deck);
      store.current = deck.id;
      save();
      showDeck();
    } else if (button.id === "deck-delete") {
      const gone = current();
      remember(t("step_delete", { name: gone.name }));
      store.decks = store.decks.filter((deck) => deck.id !== gone.id);
      if (!store.decks.length) store.decks.push(makeDeck(t("first_deck"), [], DEFAULTS));
      store.current = store.decks[0].id;
      save();
      showDeck();
    } else if (button.id === "editor-save") {
      saveEditor();
    } else if (button.id === "editor-txt" || button.id === "editor-json") {
      const data = new FormData(document.getElementById("editor-form"));
      data.append("format", button.id === "editor-json" ? "json" : "txt");
      download("/editor/export", data, document.getElementById("editor-message"));
    } else if (button.id === "decks-export") {
      exportDecks();
    } else if (button.id === "list-save") {
      download("/seznam", deckFields(new FormData()));
    } else if (button.id === "homebrew-remove") {
      localStorage.removeItem(BREW_KEY);
      brewName.value = "";
      brewText.value = "";
      button.hidden = true;
      document.getElementById("homebrew-result").replaceChildren();
      document.body.dispatchEvent(new Event("homebrew-changed"));
    }
  });

  // After a move or removal the deck is redrawn: keep the keyboard focus on the same spot.
  let focusAfterSwap = null;
  function refocus(index, kind) {
    focusAfterSwap = { index: index, kind: kind };
  }
  document.body.addEventListener("htmx:afterSettle", (event) => {
    if (event.target.id !== "deck" || !focusAfterSwap) return;
    const { index, kind } = focusAfterSwap;
    focusAfterSwap = null;
    const selector =
      kind === "remove"
        ? `[data-remove="${index}"]`
        : kind === "top" || kind === "bottom"
          ? `[data-move-to="${kind === "top" ? "bottom" : "top"}"][data-at="${index}"]`
          : `[data-move="${kind}"][data-index="${index}"]`;
    const target =
      document.querySelector(`#deck ${selector}:not([disabled])`) ||
      document.querySelector(`#deck [data-index="${index}"]:not([disabled])`) ||
      document.getElementById("deck-count");
    if (target) target.focus();
  });

  function presetDeck(preset) {
    remember(t("step_preset"));
    delete absent[current().id];
    replacing = true;
    post("/balicek", deckValues({ preset: preset }), "#deck");
  }

  function deckFields(data) {
    labels().forEach((label) => data.append("spells", label));
    data.append("homebrew_name", brewName.value);
    data.append("homebrew", brewText.value);
    data.append("deck_name", current().name);
    return data;
  }

  // --- all decks as one file --------------------------------------------------------------

  function saveBlob(blob, name) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  function exportDecks() {
    const file = {
      format: EXPORT_FORMAT,
      version: 1,
      decks: store.decks.map((deck) => ({
        name: deck.name,
        spells: deck.spells,
        settings: deck.settings,
      })),
      homebrew: brewText.value ? { name: brewName.value, text: brewText.value } : null,
    };
    const text = JSON.stringify(file, null, 1) + "\n";
    saveBlob(new Blob([text], { type: "application/json" }), t("export_name"));
  }

  function importDecks(name, text) {
    let file = null;
    try {
      file = JSON.parse(text);
    } catch (error) {
      file = null;
    }
    if (!file || file.format !== EXPORT_FORMAT || !Array.isArray(file.decks)) {
      note(t("import_bad", { name: name }));
      return;
    }
    remember(t("step_import"));
    const added = file.decks
      .filter((deck) => deck && typeof deck.name === "string")
      .map((deck) => makeDeck(deck.name, deck.spells, deck.settings));
    added.forEach((deck) => store.decks.push(deck));
    if (added.length) store.current = added[0].id;
    save();
    let message = t("imported", { count: added.length });
    const own = file.homebrew;
    if (own && typeof own.text === "string" && own.text !== brewText.value) {
      if (brewText.value) {
        message += " " + t("brew_kept", { name: own.name, own: brewName.value });
      } else {
        acceptBrew(String(own.name || ""), own.text);
      }
    }
    showDeck();
    note(message);
  }

  // The editor's spell joins the browser's own spells (the server merges the files).
  document.getElementById("editor-ratio").value = String(devicePixelRatio);
  document.getElementById("editor-form").addEventListener("submit", (event) => {
    event.preventDefault(); // Enter in a field: the preview follows the typing anyway
  });
  async function saveEditor() {
    const shown = document.getElementById("editor-message");
    const data = new FormData(document.getElementById("editor-form"));
    data.append("homebrew", brewText.value);
    data.append("homebrew_name", brewName.value);
    let response;
    try {
      response = await fetch("/editor/ulozit", { method: "POST", body: data });
    } catch (error) {
      shown.textContent = t("server_down");
      return;
    }
    const answer = await response.json();
    if (!response.ok) {
      shown.textContent = answer.error;
      return;
    }
    acceptBrew(answer.name, answer.text);
    document.getElementById("homebrew-result").textContent = t("brew_loaded", { name: answer.name });
    shown.textContent = t("editor_saved", { name: answer.spell });
  }

  // Downloads go through fetch so that a refusal shows as a message on the page.
  const printMessage = document.getElementById("print-message");
  async function download(url, data, message = printMessage) {
    message.textContent = "";
    let response;
    try {
      response = await fetch(url, { method: "POST", body: data });
    } catch (error) {
      message.textContent = t("server_down");
      return;
    }
    if (!response.ok) {
      message.textContent = await response.text();
      return;
    }
    const disposition = response.headers.get("Content-Disposition") || "";
    const match = /filename="([^"]+)"/.exec(disposition);
    saveBlob(await response.blob(), match ? match[1] : "kartoteka");
  }

  printForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = event.submitter;
    const url =
      (button && button.getAttribute("formaction")) || event.target.getAttribute("action");
    printMessage.textContent = t("preparing");
    download(url, deckFields(new FormData(event.target)));
  });

  function readFile(input, then) {
    const file = input.files[0];
    if (!file) return;
    file.text().then((text) => {
      then(file.name, text);
      input.value = "";
    });
  }

  document.getElementById("list-file").addEventListener("change", (event) => {
    readFile(event.target, (name, text) => {
      remember(t("step_upload"));
      delete absent[current().id];
      replacing = true;
      deckSort.value = "own"; // a list file keeps its own order, as `cards deck FILE` prints it
      current().settings = formSettings();
      const values = deckValues({ list_text: text, list_name: name });
      values.spells = labels(); // htmx sends an array as repeated fields
      post("/balicek", values, "#deck");
    });
  });

  document.getElementById("decks-file").addEventListener("change", (event) => {
    readFile(event.target, importDecks);
  });

  // A share link's own spells join this browser's (spells of names it has stay its own).
  async function mergeShared(incoming) {
    const data = new FormData();
    data.append("homebrew", brewText.value);
    data.append("homebrew_name", brewName.value);
    data.append("incoming", incoming);
    const response = await fetch("/vlastni/spojit", { method: "POST", body: data });
    if (!response.ok) return;
    const merged = await response.json();
    if (merged.added.length) acceptBrew(merged.name, merged.text);
  }

  function acceptBrew(name, text) {
    write(BREW_KEY, { name: name, text: text });
    brewName.value = name;
    brewText.value = text;
    document.getElementById("homebrew-remove").hidden = false;
    document.body.dispatchEvent(new Event("homebrew-changed"));
  }

  document.getElementById("homebrew-file").addEventListener("change", (event) => {
    readFile(event.target, (name, text) => {
      post("/vlastni", { name: name, text: text }, "#homebrew-result").then(() => {
        const result = document.querySelector("#homebrew-result [data-accepted]");
        if (result && result.dataset.accepted === "yes") acceptBrew(name, text);
      });
    });
  });
})();
