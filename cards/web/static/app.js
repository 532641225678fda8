// Kartotéka: keeps the deck and the user's own spells in this browser (localStorage) and sends
// them with every request; the server decides everything else and renders the fragments.
"use strict";

(function () {
  const DECK_KEY = "kartoteka.deck";
  const BREW_KEY = "kartoteka.homebrew";
  const deckState = document.getElementById("deck-state");
  const brewName = document.getElementById("homebrew-name");
  const brewText = document.getElementById("homebrew-text");

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

  function labels() {
    return Array.from(deckState.querySelectorAll("input")).map((input) => input.value);
  }

  function setLabels(list) {
    deckState.replaceChildren(
      ...list.map((label) => {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = "spells";
        input.value = label;
        return input;
      })
    );
    write(DECK_KEY, list);
  }

  function changeDeck(list) {
    setLabels(list);
    document.body.dispatchEvent(new Event("deck-changed"));
  }

  function syncChecks() {
    const chosen = new Set(labels());
    document.querySelectorAll("#results input[data-label]").forEach((box) => {
      box.checked = chosen.has(box.dataset.label);
    });
  }

  // The deck at start: a share link's list wins over the stored one (and is stored).
  if (document.getElementById("deck").dataset.shared) {
    setLabels(labels());
  } else {
    setLabels(read(DECK_KEY, []));
  }
  const brew = read(BREW_KEY, null);
  if (brew && brew.text) {
    brewName.value = brew.name;
    brewText.value = brew.text;
    document.getElementById("homebrew-remove").hidden = false;
  }

  document.body.addEventListener("htmx:afterSwap", (event) => {
    const body = document.getElementById("deck-body");
    if (event.target.id === "deck" && body) {
      setLabels(JSON.parse(body.dataset.spells));
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

  function post(url, fields, target) {
    return htmx.ajax("POST", url, { target: target, values: fields, swap: "innerHTML" });
  }

  function previewValues(label) {
    const values = { label: label };
    new FormData(document.getElementById("print-form")).forEach((value, key) => {
      values[key] = value;
    });
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
      changeDeck(list);
      refocus(other, button.dataset.move === "-1" ? "-1" : "1");
    } else if (button.dataset.remove) {
      list.splice(Number(button.dataset.remove), 1);
      changeDeck(list);
      refocus(Math.min(Number(button.dataset.remove), list.length - 1), "remove");
    } else if (button.dataset.preview) {
      post("/nahled", withBrew(previewValues(button.dataset.preview)), "#preview").then(() => {
        document.getElementById("preview").focus();
      });
    } else if (button.dataset.preset) {
      presetDeck(button.dataset.preset);
    } else if (button.id === "preset-class-button") {
      presetDeck(document.getElementById("preset-class").value);
    } else if (button.id === "add-shown") {
      const shown = Array.from(document.querySelectorAll("#results input[data-label]"));
      const chosen = new Set(list);
      shown.forEach((box) => {
        if (!chosen.has(box.dataset.label)) list.push(box.dataset.label);
      });
      changeDeck(list);
      syncChecks();
    } else if (button.id === "deck-clear") {
      changeDeck([]);
      syncChecks();
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
      kind === "remove" ? `[data-remove="${index}"]` : `[data-move="${kind}"][data-index="${index}"]`;
    const target =
      document.querySelector(`#deck ${selector}:not([disabled])`) ||
      document.querySelector(`#deck [data-index="${index}"]:not([disabled])`) ||
      document.getElementById("deck-count");
    if (target) target.focus();
  });

  function withBrew(values) {
    values.homebrew_name = brewName.value;
    values.homebrew = brewText.value;
    return values;
  }

  function presetDeck(preset) {
    const values = withBrew({ preset: preset });
    new FormData(document.getElementById("print-form")).forEach((value, key) => {
      values[key] = value;
    });
    htmx.ajax("POST", "/balicek", { target: "#deck", values: values, swap: "innerHTML" });
  }

  function deckFields(data) {
    labels().forEach((label) => data.append("spells", label));
    data.append("homebrew_name", brewName.value);
    data.append("homebrew", brewText.value);
    return data;
  }

  // Downloads go through fetch so that a refusal shows as a message on the page.
  const message = document.getElementById("print-message");
  async function download(url, data) {
    message.textContent = "";
    let response;
    try {
      response = await fetch(url, { method: "POST", body: data });
    } catch (error) {
      message.textContent = "Server neodpovídá. Běží ještě „cards serve“?";
      return;
    }
    if (!response.ok) {
      message.textContent = await response.text();
      return;
    }
    const disposition = response.headers.get("Content-Disposition") || "";
    const match = /filename="([^"]+)"/.exec(disposition);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = match ? match[1] : "kartoteka";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  document.getElementById("print-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const button = event.submitter;
    const url = button && button.formAction ? button.formAction : event.target.action;
    message.textContent = "Připravuji soubor…";
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
      const values = withBrew({ list_text: text, list_name: name });
      values.spells = labels(); // htmx sends an array as repeated fields
      new FormData(document.getElementById("print-form")).forEach((value, key) => {
        values[key] = value;
      });
      htmx.ajax("POST", "/balicek", { target: "#deck", values: values, swap: "innerHTML" });
    });
  });

  document.getElementById("homebrew-file").addEventListener("change", (event) => {
    readFile(event.target, (name, text) => {
      htmx
        .ajax("POST", "/vlastni", {
          target: "#homebrew-result",
          values: { name: name, text: text },
          swap: "innerHTML",
        })
        .then(() => {
          const result = document.querySelector("#homebrew-result [data-accepted]");
          if (result && result.dataset.accepted === "yes") {
            write(BREW_KEY, { name: name, text: text });
            brewName.value = name;
            brewText.value = text;
            document.getElementById("homebrew-remove").hidden = false;
            document.body.dispatchEvent(new Event("homebrew-changed"));
          }
        });
    });
  });
})();
