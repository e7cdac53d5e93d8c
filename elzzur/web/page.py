"""The app's one page: enter a board (typed, pasted, random, or one of the last), solve it,
play a round on it with finger swipes, check players' lists.

Its look and its board are the static page's (``views/html.py``): the palette's CSS, the page's
CSS (``PAGE_CSS``: the board that stays in view, the tiles, the word list) and the script that
plays a path with arrows (``PATH_SCRIPT``) are that module's, used here as they are; this
module adds only what an app has and a file has not (the entry, the tabs, the round).

Verdicts: during a round, each swiped or typed word is judged at once in the page, from the
board's solution (the answer of ``/api/solve``, the same words and scores as ``elzzur solve``),
so that a swipe answers without a round trip; when the round ends, the words entered are sent
to ``/api/check``, the referee of ``elzzur check``, whose verdicts the review shows.
"""

from __future__ import annotations

from html import escape

from ..views.html import PAGE_CSS, PATH_SCRIPT, palette_css

APP_CSS = """
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: .25rem 1rem;
         padding-top: .75rem; }
nav { display: flex; gap: .25rem; }
nav button, .primary, .small, select, input, textarea { font: inherit; }
nav button { border: 1px solid var(--edge); background: #fff; border-radius: .5rem;
             padding: .35rem .8rem; min-height: 2.5rem; cursor: pointer; color: var(--ink); }
nav button[aria-selected="true"] { background: var(--path); border-color: var(--path);
                                   color: var(--path-ink); }
#setup { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: end; margin: .5rem 0; }
#setup label, #filters label { display: flex; flex-direction: column; font-size: .85rem;
                               color: #5e5648; }
select, input[type=text], input[type=search], textarea {
  border: 1px solid var(--edge); border-radius: .4rem; background: #fff; color: var(--ink);
  padding: .35rem .5rem; min-height: 2.5rem; }
.primary { background: var(--path); color: var(--path-ink); border: 0; border-radius: .5rem;
           padding: .5rem 1.1rem; min-height: 2.75rem; font-weight: bold; cursor: pointer; }
.small { background: #fff; color: var(--ink); border: 1px solid var(--edge);
         border-radius: .4rem; padding: .3rem .7rem; min-height: 2.5rem; cursor: pointer; }
.primary:focus-visible, .small:focus-visible, nav button:focus-visible, select:focus-visible,
input:focus-visible, textarea:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
#entry { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin-bottom: .25rem; }
#letters { flex: 1 1 12rem; text-transform: uppercase; letter-spacing: .15em; font-weight: bold; }
#recent { display: flex; flex-wrap: wrap; gap: .3rem; margin: .2rem 0; font-size: .85rem; }
#recent button { font: inherit; font-size: .8rem; border: 1px dashed var(--edge); background: none;
                 border-radius: .4rem; padding: .2rem .45rem; min-height: 2rem; cursor: pointer;
                 color: var(--ink); letter-spacing: .05em; }
#message { min-height: 1.4rem; color: #6b6254; }
#offline { background: #fdecc8; border: 1px solid #c2410c; color: #5b2a06; border-radius: .4rem;
           padding: .35rem .6rem; margin: .2rem 0; font-size: .9rem; }
#offline[hidden] { display: none; }
#message.error { color: #a1261b; font-weight: bold; }
.tile.cursor { outline: 3px solid var(--path); outline-offset: 2px; }
.tile.uncertain { outline: 3px dashed var(--doubt); outline-offset: 2px; }
.tile.uncertain::after { content: "?"; position: absolute; left: .3em; top: .15em;
                         font-size: .8rem; font-weight: bold; color: var(--doubt); }
#photo-button { display: inline-flex; align-items: center; }
#photo-button:focus-within { outline: 3px solid #000; outline-offset: 2px; }
#photo-button.off { opacity: .5; cursor: not-allowed; }
.tile.empty .letters { color: #b3a993; }
#board.playing { touch-action: none; -webkit-user-select: none; user-select: none; }
#board.playing .tile { cursor: crosshair; }
#board.good .tile.lit { background: #1e7b34; color: #fff; }
#board.wrong .tile.lit { background: #a1261b; color: #fff; }
#board.again .tile.lit { background: #8a6d00; color: #fff; }
#playbar { display: flex; gap: 1rem; align-items: baseline; min-height: 2.2rem; margin-top: .4rem; }
#clock { font-size: 1.6rem; font-weight: bold; font-variant-numeric: tabular-nums; }
#clock.low { color: #a1261b; }
#match { font-weight: bold; margin: .2rem 0; }
#match:empty { display: none; }
/* a heading brought into view stops below the board stuck at the top (--stick: its height) */
#match-total, #review-summary { scroll-margin-top: calc(var(--stick, 0px) + .5rem); }
#match-rounds { width: auto; min-width: 16rem; margin-bottom: .5rem; }
#current { font-size: 1.3rem; font-weight: bold; letter-spacing: .08em; color: var(--path); }
#filters { display: flex; flex-wrap: wrap; gap: .4rem .7rem; align-items: end; margin: .3rem 0; }
#filters .check { flex-direction: row; align-items: center; gap: .3rem; min-height: 2.5rem; }
th button { font: inherit; font-weight: bold; background: none; border: 0; padding: 0;
            cursor: pointer; color: inherit; }
.verdict { font-size: .85rem; color: #6b6254; }
.v-valid .verdict { color: #1e7b34; } .v-bad .verdict { color: #a1261b; }
#answers { list-style: none; padding: 0; margin: .4rem 0; max-height: none; }
#answers li { display: flex; justify-content: space-between; padding: .2rem .4rem;
              border-top: 1px solid #f0eadd; }
.panel[hidden] { display: none; }
textarea { width: 100%; min-height: 5rem; }
.players { display: grid; gap: .5rem; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
h2 { font-size: 1.15rem; margin: .6rem 0 .3rem; }
@media (max-width: 30rem) {  /* a phone: the four columns fit its width */
  body { padding: 0 .6rem .6rem; }
  td, th { padding-left: .3rem; padding-right: .3rem; }
  td.band { font-size: .8rem; }
  .word { letter-spacing: 0; }
}
"""

APP_SCRIPT = r"""
(function () {
  const $ = function (id) { return document.getElementById(id); };
  const board = $("board"), arrows = $("arrows"), boardBox = $("board-box");
  const paths = elzzurPaths(board, arrows);
  // as on the static page (PATH_SCRIPT's elzzurStickyBoard): the board stays in view
  const sticky = elzzurStickyBoard(boardBox, $("side"), paths);
  const layout = sticky.layout, keepBoardInView = sticky.inView;
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
      return response.json().then(function (data) {
        if (!response.ok) throw new Error(data.error || ("HTTP " + response.status));
        return data;
      });
    }, function (e) {
      reachable(false);
      throw new Error(offlineText(e));
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
  }

  function fromInput() {
    const found = tokens($("letters").value);
    const side = Math.round(Math.sqrt(found.length));
    if (found.length > state.cells.length && side * side === found.length && side <= 10) {
      setSize(side, side);  // a whole square board pasted: its size
    }
    state.cells.forEach(function (cell, i) {
      if ((found[i] || "") !== cell.letters) delete state.uncertain[i];  // retyped: checked
      cell.letters = found[i] || "";
    });
    state.result = null;
    drawEntry();
  }

  function lettersText() {
    return state.cells.map(function (c) {
      return c.letters.length > 1 ? "[" + c.letters + "]" : c.letters;
    }).join("");
  }

  // --- a board from a photo or a screenshot (/api/read: elzzur read) ----------------------------
  function readPhoto(file) {
    if (!file) return;
    say("Reading the picture…");
    send("/api/read?language=" + encodeURIComponent(language()) + "&rules=" +
         encodeURIComponent(rulesName()),
         { method: "POST", headers: { "Content-Type": file.type || "application/octet-stream" },
           body: file })
      .then(function (data) {
        setSize(data.rows, data.cols);
        state.uncertain = {};
        data.tiles.forEach(function (t, i) {
          state.cells[i] = { letters: t.letters.toLocaleUpperCase(language()), bonus: t.bonus };
          if (t.flagged) state.uncertain[i] = t.why || "no letter found";
        });
        state.warned = false;
        state.result = null;
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

  // An uncertain tile, corrected: the player types what it shows.
  function correct(i) {
    const cell = state.cells[i];
    const answer = window.prompt("The tile at " + where(i) + " was read as " +
                                 (cell.letters || "nothing") + " (" + state.uncertain[i] +
                                 "). What does it show?", cell.letters);
    if (answer === null) return;
    const found = tokens(answer.indexOf("[") < 0 && answer.trim().length > 1 ?
                         "[" + answer.trim() + "]" : answer);
    if (found.length !== 1 || found[0] === ".") { say("One tile's letters, please.", true); return; }
    cell.letters = found[0];
    delete state.uncertain[i];
    state.result = null;
    $("letters").value = lettersText();
    drawEntry();
    const left = Object.keys(state.uncertain).length;
    board.dataset.read = String(left);
    say(left ? plural(left, "tile") + " still uncertain." : "All tiles checked: Solve when ready.");
  }

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
        (unsure !== undefined ? ": uncertain (" + unsure + "), press to correct it" :
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
    layout();
    $("count-letters").textContent = state.cells.filter(function (c) { return c.letters; }).length +
      " of " + state.cells.length + " tiles";
  }

  function cycleBonus(i) {
    if (state.mode === "play") return;
    const codes = [""].concat(state.bonuses.map(function (b) { return b.code; }));
    const cell = state.cells[i];
    cell.bonus = codes[(codes.indexOf(cell.bonus) + 1) % codes.length];
    state.result = null;
    drawEntry();
    const tile = board.querySelector('[data-cell="' + i + '"]');
    if (tile) tile.focus();
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
  }
  function load(entry) {
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
    $("letters").value = lettersText();
    state.result = null;
    drawEntry();
  }

  // --- solving ---------------------------------------------------------------------------------
  function solve() {
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
        say(data.stats.words + " words · " + data.stats.total_score + " points");
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
  }

  function drawTotals() {
    const stats = state.result ? state.result.stats : { words: 0, total_score: 0, longest: 0 };
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
    $("shown").textContent = state.result ? (words.length === total ? total + " words" :
      words.length + " of " + total + " words") + (shown.length < words.length ? " (first 1,000 listed)" : "") : "";
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
    const count = Object.keys(round.seen).length;
    $("round-score").textContent = round.score + " points · " + count + (count === 1 ? " word" : " words");
    if (state.match) drawMatch();
    return verdict;
  }

  let trail = [];
  function lightTrail() {
    paths.clear();
    trail.forEach(function (cell, k) { paths.light(cell, k + 1, trail); });
    $("current").textContent = trail.map(function (cell) {
      return state.result.tiles[cell].label;
    }).join("");
  }
  function flash(verdict) {
    const kind = verdict === "valid" ? "good" : verdict === "duplicate" ? "again" : "wrong";
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
    {
      const seconds = Number($("round-time").value) || rules().round_seconds || 120;
      $("answers").textContent = "";
      $("review").hidden = true;
      $("round-score").textContent = "0 points";
      drawSolved();
      state.round = { entered: [], seen: {}, score: 0, running: true, local: [],
                      ends: Date.now() + seconds * 1000 };
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
  }

  function endRound() {
    const round = state.round;
    if (!round || !round.running) return;
    round.running = false;
    clearInterval(round.timer);
    trail = [];
    paths.clear();
    $("current").textContent = "";
    board.classList.remove("playing");
    const match = state.match;
    $("start").textContent = !match ? "Play again" :
      match.number < MATCH_ROUNDS ? "Next round (" + (match.number + 1) + " of " + MATCH_ROUNDS + ")" :
      "New match";
    clock(0);
    say("Time! Checking your words…");
    api("/api/check", { board: boardText(), language: language(), rules: rulesName(),
                        lists: [round.entered], names: ["you"] })
      .then(function (judgement) { review(judgement, false); })
      .catch(function () { review(localJudgement(round), true); });
  }

  // Without the server (offline, or it stopped): the review from the page's own verdicts,
  // the ones given during the round, in the shape of /api/check's answer.
  function localJudgement(round) {
    const valid = round.local.filter(function (v) { return v.verdict === "valid"; });
    return { players: [{ words: round.local, valid: valid.length, total: round.score }],
             stats: { words: state.result.stats.words, total_score: state.result.stats.total_score } };
  }

  // The review: the referee's verdicts (or the page's own, offline), then the words missed,
  // each path a tap away; in a match, the round's points added to the match.
  function review(judgement, offline) {
    const me = judgement.players[0];
    const found = {};
    me.words.forEach(function (v) { if (v.verdict === "valid") found[v.word] = true; });
    const missed = state.result.words.filter(function (w) { return !found[w.word]; });
    const table = $("review-words").tBodies[0];
    table.textContent = "";
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
    }
    me.words.forEach(function (v) { row(v, v.verdict, v.verdict === "valid" ? "v-valid" : "v-bad"); });
    missed.forEach(function (w) { row(w, "missed", "missed"); });
    const share = judgement.stats.total_score ?
      Math.round(100 * me.total / judgement.stats.total_score) : 0;
    $("review-summary").textContent = "You: " + plural(me.valid, "word") + ", " + me.total +
      " points (" + share + "% of " + judgement.stats.total_score + "). Missed: " +
      plural(missed.length, "word") + ".";
    $("review").hidden = false;
    board.dataset.round = "over";
    say((offline ? "The server cannot be reached: these are the page's own verdicts. " : "") +
        "Round over: tap a missed word to see its path.", offline);
    const match = state.match;
    if (match && match.rounds.length < match.number) {
      match.rounds.push({ number: match.number, words: me.valid, points: me.total,
                          possible: judgement.stats.total_score });
      drawMatch();
      if (match.number === MATCH_ROUNDS) {
        matchSummary();
        $("match-total").focus();
        return;
      }
    }
    $("review-summary").focus();
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
    if (state.round && state.round.running && mode !== "play") endRound();
    state.mode = mode;
    ["solve", "play", "check"].forEach(function (name) {
      $("tab-" + name).setAttribute("aria-selected", name === mode ? "true" : "false");
      $(name + "-panel").hidden = name !== mode;
    });
    document.body.dataset.mode = mode;
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
  $("language").addEventListener("change", function () { state.result = null; fromInput(); });
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
  window.addEventListener("resize", layout);

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
"""

_APP_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="{paper}">
<title>elzzur</title>
<style>{css}</style>
</head>
<body data-mode="solve">
<header>
<h1>elzzur</h1>
<nav role="tablist" aria-label="What to do">
<button type="button" role="tab" id="tab-solve" aria-controls="solve-panel" aria-selected="true">Solve</button>
<button type="button" role="tab" id="tab-play" aria-controls="play-panel" aria-selected="false">Play</button>
<button type="button" role="tab" id="tab-check" aria-controls="check-panel" aria-selected="false">Check</button>
</nav>
</header>
<section id="setup" aria-label="The game">
<label>Language <select id="language"></select></label>
<label>Rules <select id="rules"></select></label>
<label>Size <select id="size"></select></label>
<button type="button" class="small" id="random">Random board</button>
</section>
<section id="entry" aria-label="The board's letters">
<label for="letters" class="visually-hidden">Letters, row by row</label>
<input type="text" id="letters" autocomplete="off" autocorrect="off" autocapitalize="characters"
 spellcheck="false" enterkeyhint="go" placeholder="Type or paste: STARELINPORGAMES">
<button type="button" class="primary" id="solve">Solve</button>
<label class="small" id="photo-button">Photo… <input type="file" id="photo" accept="image/*" class="visually-hidden"></label>
<span id="count-letters" aria-live="polite"></span>
</section>
<p class="hint">Letters fill the tiles in order (<code>[QU]</code> for a tile of several
letters); tap a tile to change its bonus.</p>
<div id="recent" aria-label="Last boards"></div>
<div id="message" role="status" aria-live="polite"></div>
<div id="offline" role="alert" hidden><b>Offline:</b> the server cannot be reached. A round
already started goes on (its review from the page's own verdicts); solving, new boards,
pictures and the referee wait for the server.</div>
<main>
<section id="board-box" aria-label="Board">
<div id="board" style="--cols: 4; --rows: 4" data-state="edit">
<svg id="arrows" aria-hidden="true"><defs><marker id="page-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs></svg>
</div>
<div id="playbar" aria-live="off"><span id="clock" role="timer" aria-label="time left"></span>
<span id="current" aria-live="off"></span></div>
</section>
<section id="side">
<div id="solve-panel" class="panel" role="tabpanel" aria-labelledby="tab-solve">
<div id="totals">
<div><b id="count">0</b>words</div>
<div><b id="total">0</b>points</div>
<div><b id="longest">0</b>longest</div>
</div>
<div id="filters">
<label>Contains <input type="search" id="contains" size="8" autocomplete="off" autocapitalize="characters"></label>
<label>Length <select id="min-len"><option value="0">any</option><option value="3">3+</option><option value="4">4+</option><option value="5">5+</option><option value="6">6+</option><option value="7">7+</option><option value="8">8+</option></select></label>
<label class="check"><input type="checkbox" id="common"> common words only</label>
</div>
<div id="shown" aria-live="polite"></div>
<div id="filter" role="status" aria-live="polite"></div>
<div id="list">
<table id="words">
<thead><tr><th scope="col"><button type="button" data-sort="alpha">Word</button></th><th scope="col" class="num" aria-sort="descending"><button type="button" data-sort="score">Score</button></th><th scope="col" class="num"><button type="button" data-sort="length">Length</button></th><th scope="col"><button type="button" data-sort="band">Common</button></th></tr></thead>
<tbody></tbody>
</table>
</div>
</div>
<div id="play-panel" class="panel" role="tabpanel" aria-labelledby="tab-play" hidden>
<p>Round length <select id="round-time" aria-label="Round length"><option value="">the rules'</option><option value="30">0:30</option><option value="60">1:00</option><option value="90">1:30</option><option value="120">2:00</option><option value="180">3:00</option></select>
<select id="rounds" aria-label="Rounds"><option value="1">One round</option><option value="3">A match of 3 rounds</option></select>
<button type="button" class="primary" id="start">Start round</button></p>
<p id="match" aria-live="polite"></p>
<p id="round-score" aria-live="polite"></p>
<form id="type-word"><label>Or type a word <input type="text" id="typed" autocomplete="off" autocapitalize="characters" spellcheck="false" enterkeyhint="enter"></label></form>
<ul id="answers" aria-label="Your words" aria-live="polite"></ul>
<div id="match-summary" hidden>
<h2 id="match-total" tabindex="-1"></h2>
<table id="match-rounds"><thead><tr><th scope="col">Round</th><th scope="col" class="num">Words</th><th scope="col" class="num">Points</th><th scope="col" class="num">Share</th></tr></thead><tbody></tbody></table>
</div>
<div id="review" hidden>
<h2 id="review-summary" tabindex="-1"></h2>
<div id="review-list"><table id="review-words"><thead><tr><th scope="col">Word</th><th scope="col" class="num">Score</th><th scope="col">Verdict</th></tr></thead><tbody></tbody></table></div>
</div>
</div>
<div id="check-panel" class="panel" role="tabpanel" aria-labelledby="tab-check" hidden>
<p>Each player's words, one or more a line: the referee of <code>elzzur check</code> judges them on the board above.</p>
<div class="players">
<label>Player 1 <textarea id="list-1" autocapitalize="characters" spellcheck="false"></textarea></label>
<label>Player 2 <textarea id="list-2" autocapitalize="characters" spellcheck="false"></textarea></label>
</div>
<p><button type="button" class="primary" id="check-button">Check</button></p>
<div id="check-result"></div>
</div>
</section>
</main>
<script>{script}</script>
</body>
</html>
"""


def app_page() -> str:
    """The app's page: the static page's CSS and path script, then the app's own."""
    from ..views.palette import PAPER

    css = palette_css() + PAGE_CSS + APP_CSS + \
        ".visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; " \
        "clip: rect(0 0 0 0); }\n.hint { margin: .1rem 0; font-size: .85rem; color: #6b6254; }\n"
    return _APP_PAGE.format(paper=escape(PAPER), css=css, script=PATH_SCRIPT + APP_SCRIPT)
