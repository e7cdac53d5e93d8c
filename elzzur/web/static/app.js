(function () {
  const $ = function (id) { return document.getElementById(id); };
  const board = $("board"), arrows = $("arrows"), boardBox = $("board-box");
  const paths = elzzurPaths(board, arrows);
  // as on the static page (PATH_SCRIPT's elzzurStickyBoard): the board stays in view
  const sticky = elzzurStickyBoard(boardBox, $("side"), paths);
  const keepBoardInView = sticky.inView;
  // the sticky board's layout, and the badges of tiles too small for them left out
  function layout() {
    sticky.layout();
    const one = board.querySelector(".tile");
    board.classList.toggle("tiny", !!one && one.offsetWidth < 40);
  }
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const RECENT = "elzzur-recent-boards";
  const state = {
    rules: {}, languages: {}, bonuses: [], rows: 4, cols: 4,
    cells: [],          // the entry: {letters, bonus} per cell
    result: null,       // the last /api/solve answer
    solution: {},       // word -> [score, path]
    mode: "solve",      // solve, play, check
    tileFilter: null, sort: "score", reverse: false,
    round: null,        // {entered, seen, score, ends, timer}
    uncertain: {},      // cell -> what the photo reader was unsure of ("E or F?")
    warned: false,      // Solve pressed once with uncertain tiles left
    loaded: null,       // the tokens of a board the page loaded (random, a match's, a recent
                        // one): its bonuses are that board's, dropped when other letters are typed
  };

  // --- talking to the server ---------------------------------------------------------------
  function api(path, body) {
    return send(path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  }
  // A question to the server: its JSON answer, or an Error with its message. A fetch that
  // fails (no network, the server stopped) rejects with a TypeError: the page says the server
  // cannot be reached, as it does when the service worker answers from its cache
  // (X-Elzzur-Cached: the page itself, the languages, the rules).
  function send(path, options) {
    return fetch(path, options).then(function (response) {
      reachable(!response.headers.get("X-Elzzur-Cached"));
      // an answer that is not JSON (a proxy's error page) is an error too, with its status
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok || data === null || typeof data !== "object") {
          const error = new Error((data && data.error) || ("the server answered " + response.status +
                                                           (response.statusText ? " " + response.statusText : "")));
          error.status = response.status;
          throw error;
        }
        return data;
      });
    }, function (e) {
      reachable(false);
      const error = new Error(offlineText(e));
      error.offline = true;
      throw error;
    });
  }
  function offlineText(e) {
    return e instanceof TypeError ? "The server cannot be reached: check the connection, " +
      "or that elzzur serve still runs." : e.message;
  }
  function reachable(yes) {
    $("offline").hidden = yes;
    document.body.dataset.server = yes ? "reachable" : "unreachable";
  }
  function plural(n, what) { return n + " " + what + (n === 1 ? "" : "s"); }
  function say(text, error) {
    $("message").textContent = text || "";
    $("message").classList.toggle("error", !!error);
  }

  // --- the entry: letters typed or pasted fill the tiles in order ---------------------------
  function language() { return $("language").value; }
  function rulesName() { return $("rules").value; }
  function rules() { return state.rules[rulesName()] || { min_length: 2, max_length: 0 }; }

  // "STARELINPORGAMES", "STAR/ELIN/…", "S T A R" or "[QU]ITE": one token per tile
  function tokens(text) {
    const found = [];
    const upper = text.toLocaleUpperCase(language());
    for (let i = 0; i < upper.length; i += 1) {
      const ch = upper[i];
      if (ch === "[") {
        const end = upper.indexOf("]", i);
        if (end < 0) break;
        found.push(upper.slice(i + 1, end));
        i = end;
      } else if (ch === "." || /\p{L}/u.test(ch)) {
        found.push(ch);
      }
    }
    return found;
  }

  function setSize(rows, cols) {
    state.rows = rows; state.cols = cols;
    const old = state.cells;
    state.cells = [];
    for (let i = 0; i < rows * cols; i += 1) state.cells.push(old[i] || { letters: "", bonus: "" });
    $("size").value = rows + "x" + cols;
    drawGame();
  }

  function running() { return !!(state.round && state.round.running); }

  function fromInput() {
    if (running()) {  // the board is locked while the clock runs
      $("letters").value = state.round.letters;
      return;
    }
    const found = tokens($("letters").value);
    if (state.loaded && found.join(" ") !== state.loaded.join(" ")) {
      // other letters than the board loaded (a random one, a match's): its bonuses were its own
      state.cells.forEach(function (cell) { cell.bonus = ""; });
      state.loaded = null;
    }
    const side = Math.round(Math.sqrt(found.length));
    if (found.length > state.cells.length && side * side === found.length && side <= 10) {
      setSize(side, side);  // a whole square board pasted: its size
    }
    state.cells.forEach(function (cell, i) {
      if ((found[i] || "") !== cell.letters) delete state.uncertain[i];  // retyped: checked
      cell.letters = found[i] || "";
    });
    unsolve();
    drawEntry();
  }

  function lettersText() {
    return state.cells.map(function (c) {
      return c.letters.length > 1 ? "[" + c.letters + "]" : c.letters;
    }).join("");
  }

  // --- a board from a photo or a screenshot (/api/read: elzzur read) ----------------------------
  function readPhoto(file) {
    if (!file || running()) return;
    say("Reading the picture…");
    send("/api/read?language=" + encodeURIComponent(language()) + "&rules=" +
         encodeURIComponent(rulesName()),
         { method: "POST", headers: { "Content-Type": file.type || "application/octet-stream" },
           body: file })
      .then(function (data) {
        setSize(data.rows, data.cols);
        state.uncertain = {};
        state.loaded = null;
        data.tiles.forEach(function (t, i) {
          state.cells[i] = { letters: t.letters.toLocaleUpperCase(language()), bonus: t.bonus };
          if (t.flagged) {
            state.uncertain[i] = { why: t.why || "no letter found",
                                   second: (t.second || "").toLocaleUpperCase(language()) };
          }
        });
        state.warned = false;
        unsolve();
        $("letters").value = lettersText();
        drawEntry();
        const n = data.flagged.length;
        board.dataset.read = String(n);
        say(n ? "Read from the picture: " + plural(n, "tile") + " uncertain (outlined with ?): " +
                "tap each to check it, then Solve." :
                "Read from the picture: check the board, then Solve.", n > 0);
      })
      .catch(function (e) { say(e.message, true); })
      .finally(function () { $("photo").value = ""; });
  }

  // An uncertain tile, corrected: the player taps what it shows among the reader's guess,
  // its runner-up and the letters (or writes another tile's letters, "QU"), in a dialog.
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  function correct(i) {
    const cell = state.cells[i], doubt = state.uncertain[i];
    const dialog = $("chooser");
    $("chooser-title").textContent = "What does the tile at " + where(i) + " show?";
    $("chooser-why").textContent = "Read as " + (cell.letters || "nothing") + " (" + doubt.why + ").";
    const guesses = [cell.letters, doubt.second].filter(function (g, k, all) {
      return g && g !== "." && all.indexOf(g) === k;
    });
    const others = {};  // the board's letters and the alphabet: what a tile is likely to show
    state.cells.forEach(function (c) { if (c.letters && c.letters !== ".") others[c.letters] = true; });
    ALPHABET.split("").forEach(function (l) { others[l] = true; });
    function buttons(box, letters) {
      box.textContent = "";
      letters.forEach(function (letters) {
        const b = document.createElement("button");
        b.type = "submit"; b.value = "=" + letters;
        b.textContent = letters === "QU" ? "Qu" : letters;
        b.setAttribute("aria-label", letters);
        box.appendChild(b);
      });
    }
    buttons($("chooser-guesses"), guesses);
    buttons($("chooser-letters"), Object.keys(others).filter(function (l) {
      return guesses.indexOf(l) < 0; }).sort());
    $("chooser-other").value = "";
    dialog.returnValue = "";
    dialog.dataset.cell = String(i);
    dialog.showModal();
    const first = $("chooser-guesses").querySelector("button");
    if (first) first.focus();
  }
  $("chooser").addEventListener("close", function () {
    const dialog = $("chooser"), i = Number(dialog.dataset.cell), answer = dialog.returnValue;
    if (!answer || state.uncertain[i] === undefined) return;
    const text = answer === "other" ? $("chooser-other").value.trim() : answer.slice(1);
    const found = tokens(text.indexOf("[") < 0 && text.length > 1 ? "[" + text + "]" : text);
    if (found.length !== 1 || found[0] === ".") { say("One tile's letters, please.", true); return; }
    const cell = state.cells[i];
    cell.letters = found[0];
    delete state.uncertain[i];
    unsolve();
    $("letters").value = lettersText();
    drawEntry();
    const left = Object.keys(state.uncertain).length;
    board.dataset.read = String(left);
    say(left ? plural(left, "tile") + " still uncertain." : "All tiles checked: Solve when ready.");
    const tile = board.querySelector('[data-cell="' + i + '"]');
    if (tile) { rove(board, ".tile", tile); tile.focus(); }
  });

  function boardText() {
    const rows = [];
    for (let r = 0; r < state.rows; r += 1) {
      const row = [];
      for (let c = 0; c < state.cols; c += 1) {
        const cell = state.cells[r * state.cols + c];
        row.push(cell.letters === "." ? "." : cell.letters + cell.bonus);
      }
      rows.push(row.join(" "));
    }
    return rows.join("/");
  }
  function complete() { return state.cells.every(function (cell) { return cell.letters; }); }

  function badge(code) {
    const found = state.bonuses.find(function (b) { return b.code === code; });
    return found ? found.badge : code.toUpperCase();
  }

  function tileButton(i, label, bonus, value, spoken) {
    const tile = document.createElement("button");
    tile.type = "button";
    tile.className = "tile" + (bonus ? " " + bonus : "");
    tile.dataset.cell = String(i);
    const letters = document.createElement("span");
    letters.className = "letters";
    letters.textContent = label;
    if (label.length > 2) letters.style.fontSize = Math.max(0.4, 2 / label.length).toFixed(2) + "em";
    tile.appendChild(letters);
    if (bonus) {
      const b = document.createElement("span");
      b.className = "bonus"; b.textContent = badge(bonus);
      tile.appendChild(b);
    }
    if (value) {
      const v = document.createElement("span");
      v.className = "value"; v.textContent = value;
      tile.appendChild(v);
    }
    const step = document.createElement("span");
    step.className = "step"; step.setAttribute("aria-hidden", "true");
    tile.appendChild(step);
    tile.setAttribute("aria-label", spoken);
    return tile;
  }

  // One Tab stop for a group (the board's tiles, the last boards), the arrow keys move within
  // it: the words are a few Tab presses from the letters box, not past every tile.
  function rove(container, selector, current) {
    const items = Array.from(container.querySelectorAll(selector)).filter(function (item) {
      return item.tagName === "BUTTON"; });
    const keep = items.indexOf(current) >= 0 ? current : items[0];
    items.forEach(function (item) { item.tabIndex = item === keep ? 0 : -1; });
  }
  // An arrow key in a group: the next item that way; on the board (``cols`` a row's length) the
  // next tile in that row or column, none past the edge, holes passed over.
  function moveFocus(e, container, selector, cols) {
    const items = Array.from(container.querySelectorAll(selector));
    const k = items.indexOf(document.activeElement);
    if (k < 0) return;
    const grid = cols > 1, col = grid ? k % cols : 0;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: grid ? cols : 1, ArrowUp: grid ? -cols : -1,
                   Home: -k, End: items.length - 1 - k }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const inRow = grid && (e.key === "ArrowRight" || e.key === "ArrowLeft");
    let at = k + step;
    while (at >= 0 && at < items.length && items[at].tagName !== "BUTTON" &&
           !(inRow && Math.floor(at / cols) !== Math.floor(k / cols))) at += Math.sign(step);
    if (at < 0 || at >= items.length || items[at].tagName !== "BUTTON") return;
    if (inRow && (at % cols) - col !== (at - k)) return;  // (past the row's edge: nowhere)
    rove(container, selector, items[at]);
    items[at].focus();
  }
  board.addEventListener("keydown", function (e) { moveFocus(e, board, ".tile", state.cols); });
  $("recent").addEventListener("keydown", function (e) { moveFocus(e, $("recent"), "button", 1); });

  function clearTiles() {
    paths.clear();
    board.querySelectorAll(".tile").forEach(function (tile) { tile.remove(); });
    board.style.setProperty("--cols", state.cols);
    board.style.setProperty("--rows", state.rows);
  }

  function where(i) { return "(" + Math.floor(i / state.cols) + "," + (i % state.cols) + ")"; }

  // The board as typed so far: the next tile to fill outlined; a tap sets a tile's bonus.
  function drawEntry() {
    clearTiles();
    const next = state.cells.findIndex(function (cell) { return !cell.letters; });
    state.cells.forEach(function (cell, i) {
      const label = cell.letters === "QU" ? "Qu" : (cell.letters || "·");
      const unsure = state.uncertain[i];
      const spoken = (cell.letters ? cell.letters : "empty") + ", " + where(i) +
        (cell.bonus ? ", " + badge(cell.bonus) : "") +
        (unsure !== undefined ? ": uncertain (" + unsure.why + "), press to correct it" :
         ": press to change the bonus");
      const tile = tileButton(i, label, cell.bonus, "", spoken);
      if (!cell.letters) tile.classList.add("empty");
      if (i === next) tile.classList.add("cursor");
      if (unsure !== undefined) tile.classList.add("uncertain");
      tile.addEventListener("click", function () {
        if (state.uncertain[i] !== undefined) correct(i); else cycleBonus(i);
      });
      board.insertBefore(tile, arrows);
    });
    board.dataset.state = "edit";
    rove(board, ".tile", null);
    layout();
    $("count-letters").textContent = state.cells.filter(function (c) { return c.letters; }).length +
      " of " + state.cells.length + " tiles";
  }

  function cycleBonus(i) {
    if (state.mode === "play" || running()) return;
    state.loaded = null;  // the player's own bonuses from here
    const codes = [""].concat(state.bonuses.map(function (b) { return b.code; }));
    const cell = state.cells[i];
    cell.bonus = codes[(codes.indexOf(cell.bonus) + 1) % codes.length];
    unsolve();
    drawEntry();
    const tile = board.querySelector('[data-cell="' + i + '"]');
    if (tile) { rove(board, ".tile", tile); tile.focus(); }
  }

  // The board as the server read it: its labels, bonuses and values.
  function drawSolved() {
    clearTiles();
    state.result.tiles.forEach(function (t, i) {
      if (t.hole) {
        const hole = document.createElement("div");
        hole.className = "tile hole"; hole.dataset.cell = String(i);
        hole.setAttribute("aria-label", "hole, " + where(i));
        board.insertBefore(hole, arrows);
        return;
      }
      const spoken = t.label + ", " + where(i) + (t.badge ? ", " + t.badge : "") +
        (t.value ? ", " + t.value + " points" : "");
      const tile = tileButton(i, t.label, t.bonus, t.value, spoken);
      tile.setAttribute("aria-pressed", "false");
      tile.addEventListener("click", function () {
        if (state.mode === "solve") filterByTile(i);
        else if (state.mode !== "play") cycleBonus(i);
      });
      board.insertBefore(tile, arrows);
    });
    board.dataset.state = "ready";
    rove(board, ".tile", null);
    layout();
  }

  // --- recent boards (this browser only) -------------------------------------------------------
  function recent() {
    try { return JSON.parse(localStorage.getItem(RECENT)) || []; } catch (e) { return []; }
  }
  function remember() {
    const entry = { board: boardText(), language: language(), rules: rulesName(),
                    rows: state.rows, cols: state.cols };
    const kept = recent().filter(function (old) {
      return old.board !== entry.board || old.language !== entry.language;
    });
    kept.unshift(entry);
    try { localStorage.setItem(RECENT, JSON.stringify(kept.slice(0, 8))); } catch (e) { /* full */ }
    drawRecent();
  }
  function drawRecent() {
    const box = $("recent");
    box.textContent = "";
    recent().forEach(function (entry) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = entry.board.replace(/[a-z]+/g, "").replace(/ /g, "");
      button.title = entry.language + " · " + entry.rules + " · " + entry.board;
      button.setAttribute("aria-label", "last board " + entry.board + " (" + entry.language + ")");
      button.addEventListener("click", function () { load(entry); });
      box.appendChild(button);
    });
    rove(box, "button", null);
  }
  function load(entry) {
    if (running()) return;  // (a round's board stays until it ends)
    setBoard(entry);
    solve();
  }
  // The entry set to a board (its text as boardText() writes it), not yet solved.
  function setBoard(entry) {
    if (state.languages[entry.language]) $("language").value = entry.language;
    if (state.rules[entry.rules]) $("rules").value = entry.rules;
    setSize(entry.rows, entry.cols);
    const rows = entry.board.split("/").map(function (row) { return row.split(" "); });
    const flat = [].concat.apply([], rows);
    state.cells = flat.map(function (token) {
      const m = /^(.*?)(dl|tl|dw|tw)?$/.exec(token);
      return { letters: m[1], bonus: m[2] || "" };
    });
    state.uncertain = {};
    state.loaded = state.cells.map(function (cell) { return cell.letters; });
    $("letters").value = lettersText();
    unsolve();
    drawEntry();
  }

  // --- solving ---------------------------------------------------------------------------------
  function solve() {
    if (running()) {  // (the button is hidden and disabled during a round: every answer at once)
      say("End the round first: Solve would show every answer.", true);
      return Promise.resolve(null);
    }
    if (!complete()) {
      say("Type all " + state.cells.length + " letters first.", true);
      $("letters").focus();
      return Promise.resolve(null);
    }
    const unsure = Object.keys(state.uncertain).length;
    if (unsure && !state.warned) {
      state.warned = true;
      say(plural(unsure, "tile") + " read from the picture " + (unsure === 1 ? "is" : "are") +
          " uncertain (outlined with ?): tap to check, or press Solve again to solve as read.", true);
      return Promise.resolve(null);
    }
    state.uncertain = {};
    say("Solving…");
    board.dataset.state = "solving";
    return api("/api/solve", { board: boardText(), language: language(), rules: rulesName() })
      .then(function (data) {
        useResult(data);
        remember();
        say(data.words.length ? "Tap a word to see its path." : "");
        return data;
      })
      .catch(function (e) { board.dataset.state = "edit"; say(e.message, true); return null; });
  }

  // The board's solution (an /api/solve answer) as the page's: the list, the tiles.
  function useResult(data) {
    state.result = data;
    state.solution = {};
    data.words.forEach(function (w) {
      state.solution[w.word] = [w.score, w.path.map(function (p) { return p[0] * state.cols + p[1]; })];
    });
    state.tileFilter = null;
    drawSolved();
    drawTotals();
    drawWords();
    if (state.mode === "solve") bestWordsInView();
  }

  // After Solve the best words are in view at once: on a phone the set-up above the board is
  // scrolled away (it is a scroll back up), the board at the top with the list below it or beside.
  function bestWordsInView() {
    const main = document.querySelector("main");
    const top = main.getBoundingClientRect().top + window.scrollY;
    const rows = $("words").tBodies[0].rows;
    if (!rows.length) return;
    const first = rows[0].getBoundingClientRect(), fifth = rows[Math.min(4, rows.length - 1)];
    if (first.top < 0 || fifth.getBoundingClientRect().bottom > window.innerHeight) window.scrollTo(0, top);
  }

  // The board changed: its solution (the totals, the list) is no longer the board's.
  function unsolve() {
    state.result = null;
    drawTotals();
  }

  function drawTotals() {
    const stats = state.result ? state.result.stats : { words: 0, total_score: 0, longest: 0 };
    $("totals").hidden = !state.result;  // (no "0 words" before a board is solved)
    document.body.classList.toggle("solved", !!state.result);  // (nor an empty list)
    $("count").textContent = stats.words;
    $("total").textContent = stats.total_score;
    $("longest").textContent = stats.longest;
  }

  const BY = {
    score: function (a, b) { return b.score - a.score || a.word.localeCompare(b.word); },
    length: function (a, b) { return b.word.length - a.word.length || b.score - a.score; },
    alpha: function (a, b) { return a.word.localeCompare(b.word); },
    band: function (a, b) { return (a.band || 9) - (b.band || 9) || b.score - a.score; },
  };
  const BANDS = { 1: "everyday", 2: "common", 3: "uncommon", 4: "rare" };

  function cellsOf(w) { return w.path.map(function (p) { return p[0] * state.cols + p[1]; }); }

  function visibleWords() {
    if (!state.result) return [];
    const text = $("contains").value.trim().toLocaleUpperCase(language());
    const shortest = Number($("min-len").value) || 0;
    const common = $("common").checked;
    const words = state.result.words.filter(function (w) {
      return (!text || w.word.indexOf(text) >= 0) && w.word.length >= shortest &&
        (!common || (w.band !== null && w.band <= 2)) &&
        (state.tileFilter === null || cellsOf(w).indexOf(state.tileFilter) >= 0);
    });
    words.sort(BY[state.sort]);
    if (state.reverse) words.reverse();
    return words;
  }

  function drawWords() {
    const body = $("words").tBodies[0];
    body.textContent = "";
    const words = visibleWords();
    const shown = words.slice(0, 1000);
    shown.forEach(function (w) {
      const row = body.insertRow();
      row.dataset.word = w.word;
      const button = document.createElement("button");
      button.type = "button"; button.className = "word";
      button.textContent = w.word;
      button.setAttribute("aria-pressed", "false");
      button.title = w.path.map(function (p) { return "(" + p[0] + "," + p[1] + ")"; }).join(" ");
      button.addEventListener("click", function () { showWord(w, row); });
      row.insertCell().appendChild(button);
      const score = row.insertCell(); score.className = "num"; score.textContent = w.score;
      const length = row.insertCell(); length.className = "num"; length.textContent = w.word.length;
      const band = row.insertCell(); band.className = "band"; band.textContent = BANDS[w.band] || "";
    });
    const total = state.result ? state.result.words.length : 0;
    // (the totals line says how many in all: this only says what the filters left)
    $("shown").textContent = state.result && (words.length < total || shown.length < words.length) ?
      " · " + words.length + " shown" + (shown.length < words.length ? " (first 1,000 listed)" : "") : "";
    const note = $("filter");
    note.textContent = "";
    if (state.tileFilter !== null) {
      const t = state.result.tiles[state.tileFilter];
      note.textContent = words.length + " words use " + t.label + " at " + where(state.tileFilter) + " ";
      const clear = document.createElement("button");
      clear.type = "button"; clear.className = "small"; clear.id = "clear-filter";
      clear.textContent = "Show all";
      clear.addEventListener("click", function () { filterByTile(state.tileFilter); });
      note.appendChild(clear);
    }
  }


  function showWord(w, row) {
    document.querySelectorAll("#words tr.current, #review tr.current").forEach(function (r) {
      r.classList.remove("current");
      r.querySelector(".word").setAttribute("aria-pressed", "false");
    });
    if (row) {
      row.classList.add("current");
      row.querySelector(".word").setAttribute("aria-pressed", "true");
    }
    keepBoardInView();
    board.dataset.state = "playing";
    board.dataset.word = w.word;
    paths.play(cellsOf(w), function () { board.dataset.state = "shown"; });
  }

  function filterByTile(i) {
    state.tileFilter = state.tileFilter === i ? null : i;
    board.querySelectorAll("button.tile").forEach(function (tile) {
      const on = Number(tile.dataset.cell) === state.tileFilter;
      tile.classList.toggle("selected", on);
      tile.setAttribute("aria-pressed", on ? "true" : "false");
    });
    drawWords();
  }

  // --- a random board --------------------------------------------------------------------------
  // What /api/generate is asked for a board to play: enough words for the rules (as
  // elzzur play asks: 150, 100 for words of 3+ letters, 50 for 4+), and ``bonus`` if given.
  function generateBody(bonus) {
    const body = { language: language(), rules: rulesName(), rows: state.rows, cols: state.cols };
    const r = rules();
    body.min_words = r.min_length >= 4 ? 50 : r.min_length >= 3 ? 100 : 150;
    if (bonus) body.bonus = bonus;
    return body;
  }
  function randomBoard() {
    if (running()) return Promise.resolve();
    say("Drawing a board…");
    return api("/api/generate", generateBody()).then(function (data) {
      load({ board: data.board.join("/"), language: data.language, rules: data.rules,
             rows: data.board.length, cols: data.board[0].split(" ").length });
    }).catch(function (e) { say(e.message, true); });
  }

  // --- a round ---------------------------------------------------------------------------------
  function adjacent(a, b) {
    const ar = Math.floor(a / state.cols), ac = a % state.cols;
    const br = Math.floor(b / state.cols), bc = b % state.cols;
    return a !== b && Math.abs(ar - br) <= 1 && Math.abs(ac - bc) <= 1;
  }

  // The tile under a point; ``inner`` < 1 asks for the middle of it only, so that a swipe
  // along a diagonal does not catch the corners of the tiles beside it.
  function cellAt(x, y, inner) {
    const tiles = board.querySelectorAll("button.tile");
    for (let k = 0; k < tiles.length; k += 1) {
      const box = tiles[k].getBoundingClientRect();
      const mx = box.width * (1 - inner) / 2, my = box.height * (1 - inner) / 2;
      if (x >= box.left + mx && x <= box.right - mx && y >= box.top + my && y <= box.bottom - my) {
        return Number(tiles[k].dataset.cell);
      }
    }
    return null;
  }

  // The words a trail of tiles spells (an A/E tile either way, RE- only first, -ING only last),
  // each with the choice of letters it took on each tile: [{word, choices}, ...].
  function spellings(trail) {
    let found = [{ word: "", choices: [] }];
    for (let k = 0; k < trail.length; k += 1) {
      const t = state.result.tiles[trail[k]];
      if ((t.place === "start" && k > 0) || (t.place === "end" && k < trail.length - 1)) return [];
      const next = [];
      found.forEach(function (head) {
        t.choices.forEach(function (letters, c) {
          if (next.length < 64) next.push({ word: head.word + letters, choices: head.choices.concat([c]) });
        });
      });
      found = next;
    }
    return found;
  }

  // What a swiped path scores, as the referee counts it (api.scoring: Rules.score): the
  // tiles' points (letter multipliers in) times their word multipliers, the length's scale
  // and bonus. A word is scored by the path swiped, not by its best path.
  function pathScore(trail, choices) {
    const tiles = state.result.tiles, table = state.result.scoring;
    let points = 0, factor = 1, length = 0;
    trail.forEach(function (cell, k) {
      points += tiles[cell].points[choices[k]];
      factor *= tiles[cell].factor;
      length += tiles[cell].choices[choices[k]].length;
    });
    const n = Math.min(length, table.bonus.length - 1);
    return Math.floor(points * factor * table.scale[n] / table.divisor) + table.bonus[n];
  }

  // A word entered during the round, judged from the solution at once: a swipe (its trail
  // and spellings) scores its own path, a typed word (no trail) its best path.
  function judge(candidates, shown, trail) {
    const round = state.round;
    const r = rules();
    let best = null;
    candidates.forEach(function (c) {
      if (!state.solution[c.word]) return;
      const score = pathScore(trail, c.choices);
      if (!best || score > best.score) best = { word: c.word, score: score };
    });
    let word = best ? best.word : (candidates.length ? candidates[0].word : shown);
    let verdict, score = 0;
    if (!word) return null;
    if (round.seen[word]) verdict = "duplicate";
    else if (word.length < r.min_length) verdict = "too short";
    else if (r.max_length && word.length > r.max_length) verdict = "too long";
    else if (state.solution[word]) { verdict = "valid"; score = best ? best.score : state.solution[word][0]; }
    // a swipe is on the board by making; a typed word may not be (the review says which)
    else verdict = shown ? "not found" : "not a word";
    if (verdict === "valid") round.seen[word] = true;
    const pairs = function (cells) {
      return cells.map(function (cell) { return [Math.floor(cell / state.cols), cell % state.cols]; });
    };
    round.entered.push(trail ? { word: word, path: pairs(trail) } : word);
    round.local.push({ word: word, verdict: verdict, score: score,
                       path: trail ? pairs(trail) : verdict === "valid" ? pairs(state.solution[word][1]) : null });
    round.score += score;
    const item = document.createElement("li");
    item.className = verdict === "valid" ? "v-valid" : "v-bad";
    item.innerHTML = "<span class=word-text></span><span class=verdict></span>";
    item.firstChild.textContent = word;
    item.lastChild.textContent = verdict === "valid" ? "+" + score : verdict;
    $("answers").insertBefore(item, $("answers").firstChild);
    $("answers").scrollTop = 0;
    drawRoundScore();
    if (state.match) drawMatch();
    feedback(word, verdict, score, trail);
    return verdict;
  }
  function drawRoundScore() {
    const round = state.round, count = Object.keys(round.seen).length;
    const points = document.createElement("b");
    points.textContent = round.score;
    $("round-score").textContent = " points · " + plural(count, "word");
    $("round-score").insertBefore(points, $("round-score").firstChild);
  }

  // --- feedback where the finger is: the points (or why not) rise from the board, in the
  // verdict's colour, with a short vibration and (if the player turned it on) a sound ---------
  const KIND = { valid: "good", duplicate: "again" };
  const WHY = { duplicate: "already found", "not found": "not on this board",
                "not a word": "not a word", "too short": "too short", "too long": "too long" };
  const BUZZ = { good: 30, again: [20, 60, 20], wrong: [70, 50, 70] };
  function feedback(word, verdict, score, trail) {
    const kind = KIND[verdict] || "wrong";
    const text = verdict === "valid" ? "+" + score : WHY[verdict] || verdict;
    const line = $("verdict");
    line.className = kind;
    line.textContent = word + " " + text;
    $("current").textContent = "";
    // where the finger lifted: the trail's last tile (a typed word: the board's middle)
    const frame = boardBox.getBoundingClientRect();
    let x = frame.width / 2, y = frame.height / 3;
    const last = trail && board.querySelector('[data-cell="' + trail[trail.length - 1] + '"]');
    if (last) {
      const box = last.getBoundingClientRect();
      x = box.left + box.width / 2 - frame.left; y = box.top + box.height / 2 - frame.top;
    }
    pop(text, kind, x, y);
    buzz(BUZZ[kind]);
    beep(kind);
  }
  function pop(text, kind, x, y) {
    if (kind === "big") clearPops();  // (the round's last word makes way for its end)
    const item = document.createElement("span");
    item.className = "pop " + kind;
    item.textContent = text;
    $("pops").appendChild(item);
    // inside the board, and low enough to rise in view
    const half = item.offsetWidth / 2, width = boardBox.offsetWidth;
    item.style.left = Math.min(Math.max(x, half), Math.max(width - half, half)) + "px";
    item.style.top = Math.max(y, item.offsetHeight * 2.2) + "px";
    item.addEventListener("animationend", function () { item.remove(); });
    setTimeout(function () { item.remove(); }, 3000);  // (no animation ran: gone all the same)
  }
  function clearPops() {
    $("pops").querySelectorAll(".pop").forEach(function (item) { item.remove(); });
  }
  function buzz(pattern) {
    if (typeof navigator.vibrate === "function") {
      try { navigator.vibrate(pattern); } catch (e) { /* not allowed here */ }
    }
  }
  // Sounds made in the page (WebAudio, no files): off until the player turns them on, which
  // this browser remembers.
  const SOUND = "elzzur-sound";
  let audio = null;
  function soundOn() {
    try { return localStorage.getItem(SOUND) === "on"; } catch (e) { return false; }
  }
  function drawSound() {
    const on = soundOn();
    $("sound").setAttribute("aria-pressed", on ? "true" : "false");
    $("sound").textContent = on ? "Sound on" : "Sound off";
  }
  const TUNES = { good: [[660, 0, .09], [990, .08, .14]], again: [[440, 0, .12]],
                  wrong: [[180, 0, .18]], end: [[523, 0, .14], [659, .13, .14], [784, .26, .3]],
                  cheer: [[523, 0, .12], [659, .1, .12], [784, .2, .12], [1047, .3, .45]] };
  function beep(kind) {
    if (!soundOn()) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      if (!audio) audio = new Context();
      if (audio.state === "suspended") audio.resume();
      const now = audio.currentTime;
      TUNES[kind].forEach(function (note) {
        const osc = audio.createOscillator(), gain = audio.createGain();
        osc.type = kind === "wrong" ? "square" : "triangle";
        osc.frequency.value = note[0];
        gain.gain.setValueAtTime(0.0001, now + note[1]);
        gain.gain.exponentialRampToValueAtTime(0.18, now + note[1] + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + note[1] + note[2]);
        osc.connect(gain).connect(audio.destination);
        osc.start(now + note[1]);
        osc.stop(now + note[1] + note[2] + 0.02);
      });
    } catch (e) { /* no sound: the colours and the words say it */ }
  }
  $("sound").addEventListener("click", function () {
    try { localStorage.setItem(SOUND, soundOn() ? "off" : "on"); } catch (e) { /* private mode */ }
    drawSound();
    beep("good");  // (a sound now: the tap lets the browser play them)
  });
  // The theme: as the system says (auto), or light or dark as chosen, remembered.
  const THEME = "elzzur-theme";
  function drawTheme() {
    let chosen = "";
    try { chosen = localStorage.getItem(THEME) || ""; } catch (e) { /* private mode */ }
    if (chosen === "light" || chosen === "dark") document.documentElement.dataset.theme = chosen;
    else { delete document.documentElement.dataset.theme; chosen = "auto"; }
    $("theme").textContent = "Theme: " + chosen;
  }
  $("theme").addEventListener("click", function () {
    const now = document.documentElement.dataset.theme || "auto";
    const next = { auto: "dark", dark: "light", light: "auto" }[now];
    try {
      if (next === "auto") localStorage.removeItem(THEME); else localStorage.setItem(THEME, next);
    } catch (e) { /* private mode: for this page only */ }
    if (next === "auto") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = next;
    $("theme").textContent = "Theme: " + next;
  });

  let trail = [];
  function lightTrail() {
    paths.clear();
    trail.forEach(function (cell, k) { paths.light(cell, k + 1, trail); });
    $("current").textContent = trail.map(function (cell) {
      return state.result.tiles[cell].label;
    }).join("");
  }
  function flash(verdict) {
    const kind = KIND[verdict] || "wrong";
    board.classList.add(kind);
    setTimeout(function () {
      board.classList.remove(kind);
      if (!trail.length) { paths.clear(); $("current").textContent = ""; }
    }, calm ? 150 : 350);
  }
  board.addEventListener("pointerdown", function (e) {
    if (!state.round || !state.round.running) return;
    const cell = cellAt(e.clientX, e.clientY, 1);
    if (cell === null) return;
    e.preventDefault();
    board.classList.remove("good", "wrong", "again");
    $("verdict").textContent = "";
    trail = [cell];
    lightTrail();
  });
  board.addEventListener("pointermove", function (e) {
    if (!trail.length) return;
    e.preventDefault();
    const cell = cellAt(e.clientX, e.clientY, 0.7);
    if (cell === null || cell === trail[trail.length - 1]) return;
    if (trail.length > 1 && cell === trail[trail.length - 2]) {
      trail.pop();  // back along the trail: the last tile is let go
      lightTrail();
    } else if (adjacent(trail[trail.length - 1], cell) && trail.indexOf(cell) < 0) {
      trail.push(cell);
      paths.light(cell, trail.length, trail);
      $("current").textContent += state.result.tiles[cell].label;
    }
  });
  function release() {
    if (!trail.length) return;
    const done = trail;
    trail = [];
    if (done.length > 1 && state.round && state.round.running) {
      flash(judge(spellings(done), "", done));
      board.dataset.entered = String(state.round.entered.length);
    } else {
      paths.clear(); $("current").textContent = "";
    }
  }
  board.addEventListener("pointerup", release);
  board.addEventListener("pointercancel", release);
  board.addEventListener("lostpointercapture", release);

  $("type-word").addEventListener("submit", function (e) {
    e.preventDefault();
    const input = $("typed");
    const text = input.value.trim().toLocaleUpperCase(language());
    input.value = "";
    if (text && state.round && state.round.running) judge([], text, null);
  });

  function clock(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    $("clock").textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    $("clock").classList.toggle("low", s <= 10);
  }

  // --- a match: three rounds on three boards, as elzzur play --rounds 3 (Ruzzle's match: the
  // second board brings a double-word tile, the third two and a triple word), running totals,
  // then a summary. The three boards and their solutions are fetched at the start, so that
  // the match goes on if the server is lost on the way.
  const MATCH_ROUNDS = 3;
  function startMatch() {
    const bonusTiles = rules().bonus_tiles;
    const boards = [];
    say("Drawing " + MATCH_ROUNDS + " boards for the match…");
    $("start").disabled = true;
    let chain = Promise.resolve();
    for (let n = 1; n <= MATCH_ROUNDS; n += 1) {
      chain = chain.then(function () {
        return api("/api/generate", generateBody(bonusTiles ? "round" + n : "none"));
      }).then(function (data) {
        const text = data.board.join("/");
        return api("/api/solve", { board: text, language: data.language, rules: data.rules })
          .then(function (solved) {
            boards.push({ entry: { board: text, language: data.language, rules: data.rules,
                                   rows: data.board.length, cols: data.board[0].split(" ").length },
                          result: solved });
          });
      });
    }
    return chain.then(function () {
      $("start").disabled = false;
      state.match = { boards: boards, number: 0, rounds: [], done: false };
      $("match-summary").hidden = true;
      nextMatchRound();
    }).catch(function (e) {
      $("start").disabled = false;
      say(e.message, true);
    });
  }
  function nextMatchRound() {
    const match = state.match;
    const board = match.boards[match.number];
    match.number += 1;
    setBoard(board.entry);
    useResult(board.result);
    playRound();
  }
  function matchTotal() {
    return state.match.rounds.reduce(function (sum, r) { return sum + r.points; }, 0);
  }
  function drawMatch() {
    const match = state.match, box = $("match");
    if (!match) { box.textContent = ""; return; }
    const live = state.round && state.round.running ? state.round.score : 0;
    box.textContent = "Round " + match.number + " of " + MATCH_ROUNDS + " · match: " +
      (matchTotal() + live) + " points" + (match.rounds.length ? " (" + match.rounds.map(function (r) {
        return r.points; }).join(" + ") + (live ? " + " + live : "") + ")" : "");
  }
  // After the last round: each round's words and points, its share of the board, the total.
  function matchSummary() {
    const match = state.match;
    match.done = true;
    const body = $("match-rounds").tBodies[0];
    body.textContent = "";
    match.rounds.forEach(function (r) {
      const tr = body.insertRow();
      [r.number, r.words, r.points, r.possible ? Math.round(100 * r.points / r.possible) + "%" : "–"]
        .forEach(function (value, k) {
          const td = tr.insertCell(); td.textContent = value; if (k) td.className = "num";
        });
    });
    const possible = match.rounds.reduce(function (sum, r) { return sum + r.possible; }, 0);
    const best = match.rounds.reduce(function (a, b) { return b.points > a.points ? b : a; });
    $("match-total").textContent = "Match: " + matchTotal() + " points in " + MATCH_ROUNDS +
      " rounds (" + (possible ? Math.round(100 * matchTotal() / possible) : 0) + "% of " +
      possible + "), best round " + best.number + " with " + best.points + ".";
    $("match-summary").hidden = false;
    $("match-total").classList.add("celebrate");
    $("start").textContent = "New match";
    board.dataset.match = "over";
  }

  function startRound() {
    if ($("rounds").value === String(MATCH_ROUNDS)) {
      if (state.match && !state.match.done) nextMatchRound(); else startMatch();
      return;
    }
    state.match = null;
    drawMatch();
    $("match-summary").hidden = true;
    const ready = state.result && complete() ? Promise.resolve(state.result) :
      (complete() ? solve() : randomBoard().then(function () { return state.result; }));
    ready.then(function (data) { if (data) playRound(); });
  }

  function playRound() {
    const seconds = Number($("round-time").value) || rules().round_seconds || 120;
    $("answers").textContent = "";
    $("answers").hidden = false;
    $("review").hidden = true;
    $("pops").textContent = "";
    $("verdict").textContent = "";
    drawSolved();
    // the round keeps its own board, solution and letters: nothing typed elsewhere changes them
    state.round = { entered: [], seen: {}, score: 0, running: true, local: [],
                    ends: Date.now() + seconds * 1000, board: boardText(), language: language(),
                    rules: rulesName(), result: state.result, letters: $("letters").value };
    drawRoundScore();
    lock(true);
    board.classList.add("playing");
    board.dataset.round = "running";
    board.dataset.entered = "0";
    $("start").textContent = "End round";
    clock(seconds);
    if (state.match) { board.dataset.match = "round" + state.match.number; drawMatch(); }
    say((state.match ? "Round " + state.match.number + " of " + MATCH_ROUNDS + ": s" : "S") +
        "wipe across the tiles to spell words.");
    state.round.timer = setInterval(function () {
      const left = (state.round.ends - Date.now()) / 1000;
      clock(left);
      if (left <= 0) endRound();
    }, 250);
  }

  // A round cannot be broken: while it runs the page shows only the clock, the score, the
  // board and the words found (body.in-round), the entry and Solve are locked, the tabs are
  // away, and leaving the page (a reload, closing it, going back) asks first.
  function lock(on) {
    document.body.classList.toggle("in-round", on);
    ["letters", "solve", "random", "photo", "size", "rules", "language", "round-time", "rounds",
     "tab-solve", "tab-check"].forEach(function (id) { $(id).disabled = on; });
    if (on) window.addEventListener("beforeunload", stay);
    else window.removeEventListener("beforeunload", stay);
    if (on) window.scrollTo(0, 0);
    layout();
  }
  function stay(e) {
    e.preventDefault();
    e.returnValue = "";  // (the browser asks whether to leave the round)
    return "";
  }

  function endRound() {
    const round = state.round;
    if (!round || !round.running) return;
    round.running = false;
    round.early = round.ends - Date.now() > 1000;  // (ended on End round, not by the clock)
    clearInterval(round.timer);
    trail = [];
    paths.clear();
    $("current").textContent = "";
    board.classList.remove("playing", "good", "wrong", "again");
    lock(false);
    const match = state.match;
    $("start").textContent = !match ? "Play again" :
      match.number < MATCH_ROUNDS ? "Next round (" + (match.number + 1) + " of " + MATCH_ROUNDS + ")" :
      "New match";
    clock(0);
    board.dataset.round = "checking";
    say("Time! Checking your words…");
    api("/api/check", { board: round.board, language: round.language, rules: round.rules,
                        lists: [round.entered], names: ["you"] })
      .then(function (judgement) { return [judgement, ""]; }, function (e) {
        // no referee: the page's own verdicts, and why (no network, or the server's error)
        return [localJudgement(round), e.offline ?
          "The server cannot be reached: these are the page's own verdicts." :
          "The referee did not answer (" + e.message + "): these are the page's own verdicts."];
      })
      .then(function (answer) { review(round, answer[0], answer[1]); })
      .catch(function (e) {  // (a bug of the page's: said, never a page stuck on "Checking")
        board.dataset.round = "over";
        say("The review could not be shown: " + e.message, true);
      });
  }

  // Without the referee (offline, the server stopped, or its error): the review from the
  // page's own verdicts, the ones given during the round, in the shape of /api/check's answer.
  function localJudgement(round) {
    const valid = round.local.filter(function (v) { return v.verdict === "valid"; });
    return { players: [{ words: round.local, valid: valid.length, total: round.score }],
             stats: { words: round.result.stats.words, total_score: round.result.stats.total_score } };
  }

  // The review: the referee's verdicts (or the page's own), each word once (a word tried again
  // says how often), then the words missed, each path a tap away; in a match, the round's
  // points added to the match. The end of a round (and of a match) is announced on the board.
  function review(round, judgement, trouble) {
    const me = judgement.players[0];
    const found = {};
    me.words.forEach(function (v) { if (v.verdict === "valid") found[v.word] = true; });
    const missed = round.result.words.filter(function (w) { return !found[w.word]; });
    const table = $("review-words").tBodies[0];
    table.textContent = "";
    const rows = {};
    function row(w, verdict, kind) {
      const tr = table.insertRow();
      tr.className = kind;
      tr.dataset.word = w.word;
      const cell = tr.insertCell();
      if (w.path) {
        const button = document.createElement("button");
        button.type = "button"; button.className = "word"; button.textContent = w.word;
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", function () { showWord(w, tr); });
        cell.appendChild(button);
      } else {
        cell.textContent = w.word;
      }
      const score = tr.insertCell(); score.className = "num"; score.textContent = w.score;
      const v = tr.insertCell(); v.className = "verdict"; v.textContent = verdict;
      return tr;
    }
    me.words.forEach(function (v) {
      const kept = rows[v.word];
      if (!kept) {
        rows[v.word] = { tr: row(v, v.verdict, v.verdict === "valid" ? "v-valid" : "v-bad"), tries: 1 };
        return;
      }
      kept.tries += 1;  // the same word again: one row, which says how many tries
      let note = kept.tr.querySelector(".tries");
      if (!note) {
        note = document.createElement("span"); note.className = "tries";
        (kept.tr.cells[0].querySelector(".word") || kept.tr.cells[0]).appendChild(note);
      }
      note.textContent = "×" + kept.tries;
      note.title = "entered " + kept.tries + " times";
    });
    missed.forEach(function (w) { row(w, "missed", "missed"); });
    const possible = judgement.stats.total_score;
    const share = possible ? Math.round(100 * me.total / possible) : 0;
    const summary = $("review-summary");
    summary.textContent = (round.early ? "Round over! " : "Time's up! ") + me.total + " points";
    const sub = document.createElement("span");
    sub.className = "sub";
    sub.textContent = plural(me.valid, "word") + " · " + share + "% of the board's " + possible +
      " points · " + plural(missed.length, "word") + " missed";
    summary.appendChild(sub);
    if (trouble) {  // (said here too: the message above is out of sight on a phone)
      const note = document.createElement("span");
      note.className = "sub trouble";
      note.textContent = trouble;
      summary.appendChild(note);
    }
    $("answers").hidden = true;  // (the review lists them: once is enough)
    $("review").hidden = false;
    board.dataset.round = "over";
    say(trouble ? trouble : "Round over: tap a missed word to see its path.", !!trouble);
    const match = state.match;
    const last = match && match.rounds.length < match.number && match.number === MATCH_ROUNDS;
    if (match && match.rounds.length < match.number) {
      match.rounds.push({ number: match.number, words: me.valid, points: me.total,
                          possible: possible });
      drawMatch();
    }
    celebrate(summary, last ? "Match: " + matchTotal() : me.total + " points", last);
    if (last) {
      matchSummary();
      $("match-total").focus();
      return;
    }
    summary.focus();
  }

  // The end of a round on the board: its points rise from it, with a sound and a vibration;
  // the end of a match: confetti too.
  function celebrate(summary, text, match) {
    summary.classList.remove("celebrate");
    void summary.offsetWidth;  // (the animation again)
    summary.classList.add("celebrate");
    pop(text, "big", boardBox.offsetWidth / 2, boardBox.offsetHeight / 2);
    buzz(match ? [80, 60, 80, 60, 240] : [60, 50, 160]);
    beep(match ? "cheer" : "end");
    if (!match || calm) return;
    const colours = ["var(--dl)", "var(--tl)", "var(--dw)", "var(--tw)", "var(--path)"];
    for (let k = 0; k < 36; k += 1) {
      const bit = document.createElement("span");
      bit.className = "confetti";
      bit.style.left = (Math.random() * 100).toFixed(1) + "%";
      bit.style.background = colours[k % colours.length];
      bit.style.animationDelay = (Math.random() * 0.6).toFixed(2) + "s";
      $("pops").appendChild(bit);
      bit.addEventListener("animationend", function () { bit.remove(); });
    }
  }

  // --- check: players' lists judged by the referee ---------------------------------------------
  function checkLists() {
    if (!complete()) { say("Type the board first.", true); return; }
    const lists = [], names = [];
    document.querySelectorAll("#check-panel textarea").forEach(function (area, k) {
      if (area.value.trim()) { lists.push(area.value); names.push("player " + (k + 1)); }
    });
    if (!lists.length) { say("Write a list of words first.", true); return; }
    api("/api/check", { board: boardText(), language: language(), rules: rulesName(),
                        lists: lists, names: names })
      .then(function (judgement) {
        const out = $("check-result");
        out.textContent = "";
        judgement.players.forEach(function (p) {
          const h = document.createElement("h2");
          h.textContent = p.name + ": " + plural(p.valid, "word") + ", " + p.total + " points";
          out.appendChild(h);
          const list = document.createElement("ul");
          p.words.forEach(function (v) {
            const li = document.createElement("li");
            li.className = v.verdict === "valid" ? "v-valid" : "v-bad";
            li.textContent = v.word + " — " + v.verdict + (v.score ? " (" + v.score + ")" : "");
            list.appendChild(li);
          });
          out.appendChild(list);
        });
        say("Checked: " + judgement.stats.words + " words on this board.");
      })
      .catch(function (e) { say(e.message, true); });
  }

  // --- tabs and settings -----------------------------------------------------------------------
  function setMode(mode) {
    if (running() && mode !== "play") {  // (the tabs are away during a round)
      say("End the round first.", true);
      return;
    }
    state.mode = mode;
    ["solve", "play", "check"].forEach(function (name) {
      $("tab-" + name).setAttribute("aria-selected", name === mode ? "true" : "false");
      $(name + "-panel").hidden = name !== mode;
    });
    document.body.dataset.mode = mode;
    if (mode === "play") {  // the clock and Start above the board, in view
      const bar = $("roundbar").getBoundingClientRect();
      if (bar.top < 0) window.scrollTo(0, bar.top + window.scrollY - 8);
    }
    if (mode !== "play" && !(state.round && state.round.running)) {
      $("clock").textContent = "";  // (the last round's 0:00 is no use beside a list)
      $("clock").classList.remove("low");
    }
  }

  function fill(select, items, label, value) {
    select.textContent = "";
    items.forEach(function (item) {
      const option = document.createElement("option");
      option.value = value(item); option.textContent = label(item);
      select.appendChild(option);
    });
  }

  function init(langs, rulesData) {
    langs.languages.filter(function (l) { return !l.error; }).forEach(function (l) {
      state.languages[l.code] = l;
    });
    fill($("language"), Object.values(state.languages),
         function (l) { return l.name + (l.where === "built-in" ? "" : " (yours)"); },
         function (l) { return l.code; });
    rulesData.rules.forEach(function (r) { state.rules[r.name] = r; });
    state.bonuses = rulesData.bonuses;
    fill($("rules"), rulesData.rules, function (r) {
      return r.name.charAt(0).toUpperCase() + r.name.slice(1).replace("boggle", "Boggle") +
        " (" + r.rows + "×" + r.cols + ", " + r.min_length + "+ letters)";
    }, function (r) { return r.name; });
    const sizes = [];
    for (let n = 3; n <= Math.min(6, rulesData.max_side); n += 1) sizes.push(n);
    fill($("size"), sizes, function (n) { return n + "×" + n; }, function (n) { return n + "x" + n; });
    const last = recent()[0];
    $("language").value = last && state.languages[last.language] ? last.language :
      (state.languages.en ? "en" : Object.keys(state.languages)[0]);
    $("rules").value = last && state.rules[last.rules] ? last.rules : "ruzzle";
    setSize(rules().rows, rules().cols);
    if (!rulesData.pictures) {
      $("photo").disabled = true;
      $("photo-button").classList.add("off");
      $("photo-button").title = "The server cannot read pictures: pip install '.[image]' there";
    }
    drawRecent();
    drawEntry();
    drawTotals();
    drawGame();
    board.dataset.app = "ready";
  }

  $("letters").addEventListener("input", fromInput);
  $("letters").addEventListener("keydown", function (e) { if (e.key === "Enter") solve(); });
  $("solve").addEventListener("click", function () { setMode("solve"); solve(); });
  $("random").addEventListener("click", randomBoard);
  $("photo").addEventListener("change", function () { readPhoto($("photo").files[0]); });
  $("size").addEventListener("change", function () {
    const parts = $("size").value.split("x").map(Number);
    setSize(parts[0], parts[1]);
    fromInput();
  });
  $("rules").addEventListener("change", function () {
    const r = rules();
    setSize(r.rows, r.cols);
    if (!r.bonus_tiles) state.cells.forEach(function (cell) { cell.bonus = ""; });
    fromInput();
  });
  $("language").addEventListener("change", function () { unsolve(); fromInput(); });
  // the set-up, folded on a phone into a line that names the game chosen
  const narrow = window.matchMedia("(max-width: 40rem)");
  function drawGame() {
    const name = function (id) {
      const select = $(id);
      return select.selectedIndex >= 0 ? select.options[select.selectedIndex].textContent : "";
    };
    $("game-summary").textContent = name("language") + " · " + name("rules").replace(/ \(.*/, "") +
      " " + $("size").value.replace("x", "×") + " · change";
  }
  ["language", "rules", "size"].forEach(function (id) { $(id).addEventListener("change", drawGame); });
  function fold() { $("game").open = !narrow.matches; }
  narrow.addEventListener("change", fold);
  fold();
  ["contains", "min-len", "common"].forEach(function (id) {
    $(id).addEventListener("input", drawWords);
    $(id).addEventListener("change", drawWords);
  });
  document.querySelectorAll("#words th button").forEach(function (button) {
    button.addEventListener("click", function () {
      const by = button.dataset.sort;
      state.reverse = state.sort === by ? !state.reverse : false;
      state.sort = by;
      document.querySelectorAll("#words th").forEach(function (th) { th.removeAttribute("aria-sort"); });
      button.parentNode.setAttribute("aria-sort", state.reverse ? "ascending" : "descending");
      drawWords();
    });
  });
  ["solve", "play", "check"].forEach(function (name) {
    $("tab-" + name).addEventListener("click", function () { setMode(name); });
  });
  $("start").addEventListener("click", function () {
    if (state.round && state.round.running) endRound(); else startRound();
  });
  $("rounds").addEventListener("change", function () {
    if (state.round && state.round.running) return;
    $("start").textContent = $("rounds").value === String(MATCH_ROUNDS) ? "Start match" : "Start round";
  });
  $("check-button").addEventListener("click", checkLists);
  // the skip link: from the top of the page to the first word in one Tab and Enter
  $("skip").addEventListener("click", function (e) {
    e.preventDefault();
    const first = $("words").querySelector("tbody .word");
    if (state.mode !== "solve") setMode("solve");
    if (first) first.focus(); else $("list").focus();
  });
  // nothing the page does goes unsaid: an error of its own is shown, not left in the console
  window.addEventListener("error", function (e) { say("Something went wrong: " + e.message, true); });
  window.addEventListener("unhandledrejection", function (e) {
    say("Something went wrong: " + (e.reason && e.reason.message || e.reason), true);
  });
  window.addEventListener("resize", layout);
  drawSound();
  drawTheme();

  window.addEventListener("offline", function () { reachable(false); });
  window.addEventListener("online", function () { reachable(true); });
  if (!navigator.onLine) reachable(false);
  Promise.all([api("/api/languages"), api("/api/rules")])
    .then(function (answers) { init(answers[0], answers[1]); })
    .catch(function (e) { say("The server did not answer: " + e.message, true); });
  // Offline once loaded: a service worker keeps the page, the languages and the rules
  // (app.SERVICE_WORKER). Browsers allow one only in a secure context: https, or this
  // computer (127.0.0.1, localhost); not http://192.168.… on a phone.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* no worker: online only */ });
  }
})();
