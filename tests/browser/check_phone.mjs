// Play elzzur serve's app on a phone, portrait (390x844) and landscape (844x390), with real
// touch events (Input.dispatchTouchEvent), in headless Chromium (Debian's) with playwright-core,
// and print what was seen as one JSON object on standard output (the test judges it).
//
//   node check_phone.mjs config.json
//
// config.json: {"url": …, "chromium": …, "letters": "STARELINPORGAMES", "words": {word: [cell, …]},
//               "miss": [cell, …] (a trail that spells no word), "diagonal": word (its path
//               has steps across tiles' corners), "shots": "/tmp/…" (screenshots: never docs/)}
// Errors are reported as {"error": "..."}, exit status 1.

import fs from "node:fs";
import path from "node:path";

function fail(message) {
  process.stdout.write(JSON.stringify({ error: message }) + "\n");
  process.exit(1);
}

let chromium;
try {
  ({ chromium } = await import("playwright-core"));
} catch (e) {
  fail("playwright-core is not installed: run `npm install --prefix tests/browser` (" + e.message + ")");
}

const config = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const report = { console_errors: [], page_errors: [], dialogs: [] };
const shot = (name) => path.join(config.shots, name);
fs.mkdirSync(config.shots, { recursive: true });

const browser = await chromium.launch({
  executablePath: config.chromium, headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

// What the page does that a test cannot see on screen: each vibration's pattern, each tone
// started, each "+104" that rises from the board (its text, class and place when it appeared).
function spy() {
  window.__vibrations = [];
  Object.defineProperty(navigator, "vibrate", {
    configurable: true, value: (pattern) => { window.__vibrations.push(pattern); return true; } });
  window.__contexts = 0; window.__tones = 0;
  const Real = window.AudioContext;
  if (Real) {
    window.AudioContext = class extends Real {
      constructor(...args) { super(...args); window.__contexts += 1; }
      createOscillator() {
        const osc = super.createOscillator();
        const start = osc.start.bind(osc);
        osc.start = (...args) => { window.__tones += 1; return start(...args); };
        return osc;
      }
    };
  }
  window.__pops = [];
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((node) => {
      if (!node.classList || !node.classList.contains("pop")) return;
      const box = node.getBoundingClientRect();
      window.__pops.push({ text: node.textContent, kind: node.className,
                           x: box.left + box.width / 2, y: box.top + box.height / 2 });
    }))).observe(document.getElementById("pops"), { childList: true });
  });
}

async function phone(width, height, extra) {
  const context = await browser.newContext({
    viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
    reducedMotion: "no-preference", ...(extra || {}) });
  await context.addInitScript(spy);
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") report.console_errors.push(m.text()); });
  page.on("pageerror", (e) => report.page_errors.push(String(e)));
  page.on("dialog", (d) => { report.dialogs.push([d.type(), d.message()]); });
  await page.goto(config.url);
  await page.waitForSelector("#board[data-app=ready]");
  return { context, page, client: await context.newCDPSession(page) };
}

const box = (page, selector) => page.$eval(selector, (e) => {
  const b = e.getBoundingClientRect();
  return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height };
});
const centre = (page, cell) => page.$eval(`#board [data-cell="${cell}"]`, (e) => {
  const b = e.getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2];
});

// A finger's swipe through the centres of ``cells``, four touch moves between two tiles.
async function swipe(page, client, cells) {
  const points = [];
  for (const cell of cells) points.push(await centre(page, cell));
  const touch = (type, x, y) => client.send("Input.dispatchTouchEvent", {
    type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }] });
  await touch("touchStart", points[0][0], points[0][1]);
  for (let k = 1; k < points.length; k += 1) {
    const [x0, y0] = points[k - 1], [x1, y1] = points[k];
    for (let s = 1; s <= 4; s += 1) await touch("touchMove", x0 + (x1 - x0) * s / 4, y0 + (y1 - y0) * s / 4);
  }
  await touch("touchEnd", 0, 0);
}
async function swipeAndWait(page, client, cells) {
  const before = Number(await page.getAttribute("#board", "data-entered"));
  await swipe(page, client, cells);
  await page.waitForSelector(`#board[data-entered="${before + 1}"]`);
}

// A tap with a finger (Input.dispatchTouchEvent), at an element's centre.
async function fingerTap(page, client, selector) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  const b = await box(page, selector);
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 2 }] });
  await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

// End round: tapped again while the round still runs (Chromium drops a tap in a swipe's tail).
async function endRound(page, client) {
  for (let attempt = 1; ; attempt++) {
    if (await page.$("#board[data-round=running]")) await fingerTap(page, client, "#start");
    try {
      await page.waitForSelector("#board[data-round=over]", { timeout: 5000 });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

async function typeBoard(page, client) {
  await fingerTap(page, client, "#letters");
  await page.fill("#letters", "");
  await page.keyboard.type(config.letters, { delay: 10 });
}

async function solve(page, client) {
  await fingerTap(page, client, "#solve");
  await page.waitForSelector("#words tbody tr");
  await page.waitForTimeout(100);  // (the scroll to the words: one frame)
}

// The round's screen: where each part is, what else shows, whether the page scrolls.
function roundLayout() {
  const rect = (e) => { const b = e.getBoundingClientRect();
    return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height }; };
  const inView = (b) => b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth && b.width > 0;
  const tiles = Array.from(document.querySelectorAll("#board .tile")).map(rect);
  const clock = document.getElementById("clock"), verdict = document.getElementById("verdict");
  const answers = document.getElementById("answers");
  const first = answers.querySelector("li");
  const others = Array.from(document.querySelectorAll("body > :not(main):not(dialog):not(script)"))
    .filter((e) => e.checkVisibility()).map((e) => e.id || e.tagName);
  const inMain = Array.from(document.querySelectorAll("#setup, #entry, nav, #letters, #solve, #play-setup, #solve-panel, #check-panel"))
    .filter((e) => e.checkVisibility()).map((e) => e.id || e.tagName);
  return {
    viewport: [innerWidth, innerHeight], scroll: [scrollX, scrollY],
    scrollable: document.scrollingElement.scrollHeight > innerHeight + 1,
    tiles_in_view: tiles.filter(inView).length, tiles: tiles.length,
    board: rect(document.getElementById("board")), clock: rect(clock), clock_in_view: inView(rect(clock)),
    clock_font: parseFloat(getComputedStyle(clock).fontSize), clock_text: clock.textContent,
    score: rect(document.getElementById("round-score")),
    score_in_view: inView(rect(document.getElementById("round-score"))),
    verdict: verdict.textContent, verdict_class: verdict.className,
    verdict_in_view: verdict.textContent !== "" && inView(rect(verdict)),
    answers: rect(answers), first_answer: first ? first.textContent : null,
    first_answer_in_view: !!first && inView(rect(first)),
    others_shown: others, controls_shown: inMain,
  };
}

try {
  // --- portrait: 390x844 -------------------------------------------------------------------------
  {
    const { context, page, client } = await phone(390, 844);
    const P = {};
    P.above_board = await page.evaluate(() => document.getElementById("board").getBoundingClientRect().top / innerHeight);
    P.game_line = [await page.$eval("#game", (e) => e.open), await page.textContent("#game-summary")];
    await page.screenshot({ path: shot("phone-start.png") });
    // the skip link: the first Tab stop of the page
    await page.keyboard.press("Tab");
    P.first_tab = await page.evaluate(() => document.activeElement.id);
    // the phone's look before a round: targets of 44 px, the skip link, the board centred
    await typeBoard(page, client);
    await solve(page, client);
    P.after_solve = await page.evaluate(() => {
      const rect = (e) => e.getBoundingClientRect();
      const first = document.querySelector("#words tbody tr"), board = document.getElementById("board");
      const wide = document.scrollingElement.scrollWidth > innerWidth;
      const b = rect(board);
      const text = document.body.innerText;
      const count = document.getElementById("count").textContent;
      return { first_word: first.dataset.word, first_in_view: rect(first).bottom <= innerHeight && rect(first).top >= 0,
               rows_in_view: Array.from(document.querySelectorAll("#words tbody tr")).filter((r) =>
                 rect(r).top >= 0 && rect(r).bottom <= innerHeight).length,
               board_in_view: b.top >= 0 && b.bottom <= innerHeight,
               board_margins: [b.left, innerWidth - b.right], wide: wide,
               totals_line: document.getElementById("totals").textContent,
               count_said: text.split(count + " words").length - 1,
               total_said: text.split(document.getElementById("total").textContent + " points").length - 1 };
    });
    await page.screenshot({ path: shot("phone-solve.png") });
    P.sort_marks = await page.$$eval("#words th button", (els) => els.map((e) =>
      [e.dataset.sort, getComputedStyle(e, "::after").content]));
    await page.evaluate(() => window.scrollTo(0, 0));
    P.small_targets = await page.evaluate(() => {
      const small = [];
      document.querySelectorAll("button, select, input, a, summary, label.check, #photo-button").forEach((e) => {
        if (e.matches("input[type=checkbox], input[type=file], .visually-hidden") || !e.checkVisibility()) return;
        if (e.closest("dialog:not([open])")) return;
        const b = e.getBoundingClientRect();
        if (b.height < 44 || b.width < 44) small.push([e.id || e.className || e.tagName, Math.round(b.width), Math.round(b.height)]);
      });
      return small;
    });
    // the skip link, Enter: the first word
    await page.focus("#skip");
    await page.keyboard.press("Enter");
    P.after_skip = await page.evaluate(() => [document.activeElement.className, document.activeElement.textContent]);
    // from the letters box, Tab by Tab
    await page.focus("#letters");
    P.tabs_from_letters = null;
    for (let n = 1; n <= 40; n += 1) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement.matches("#words tbody .word"))) { P.tabs_from_letters = n; break; }
    }
    // the board is one Tab stop: the arrow keys move between its tiles (past the last, nowhere)
    await page.focus('#board [data-cell="0"]');
    const focused = () => page.evaluate(() => [Number(document.activeElement.dataset.cell),
      Array.from(document.querySelectorAll("#board .tile")).filter((t) => t.tabIndex === 0).length]);
    P.arrow_keys = [];
    for (const key of ["ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowUp", "End"]) {
      await page.keyboard.press(key);
      P.arrow_keys.push(await focused());
    }
    // a word whose path crosses tiles' corners: no arrow covers a step's number or a tile's value
    await page.evaluate(() => window.scrollTo(0, 0));
    const row = page.locator(`#words tbody tr[data-word="${config.diagonal}"] .word`);
    await row.scrollIntoViewIfNeeded();
    await row.tap();
    await page.waitForSelector("#board[data-state=shown]");
    await page.waitForTimeout(400);
    const badges = await page.$$eval("#board .tile.lit .step, #board .tile.lit .value, #board .tile.lit .bonus", (els) =>
      els.map((e) => {  // (the inside of a round badge: its corners are not the badge)
        const b = e.getBoundingClientRect(), dx = b.width * 0.18, dy = b.height * 0.18;
        return { x: b.left + dx, y: b.top + dy, width: b.width - 2 * dx, height: b.height - 2 * dy }; }));
    P.badges = badges.length;
    P.arrows = await page.locator("#arrows line").count();
    const withArrows = [];
    for (const clip of badges) withArrows.push(await page.screenshot({ clip, animations: "disabled" }));
    await page.addStyleTag({ content: "#arrows { visibility: hidden; }" });
    P.covered_badges = 0;
    for (let k = 0; k < badges.length; k += 1) {
      const without = await page.screenshot({ clip: badges[k], animations: "disabled" });
      if (!without.equals(withArrows[k])) P.covered_badges += 1;
    }
    await page.screenshot({ path: shot("phone-path.png") });
    await page.reload();
    await page.waitForSelector("#board[data-app=ready]");
    await typeBoard(page, client);
    await solve(page, client);

    // a round
    await fingerTap(page, client, "#tab-play");
    await page.selectOption("#round-time", "180");
    await fingerTap(page, client, "#start");
    await page.waitForSelector("#board[data-round=running]");
    P.round_start = await page.evaluate(roundLayout);
    await swipeAndWait(page, client, config.words.STAR);
    P.star = await page.evaluate(roundLayout);
    await swipeAndWait(page, client, config.words.STAR);
    P.again = await page.evaluate(roundLayout);
    await swipeAndWait(page, client, config.miss);
    P.miss = await page.evaluate(roundLayout);
    await swipeAndWait(page, client, config.words.MOLESTING);
    P.found = await page.evaluate(roundLayout);
    await page.waitForTimeout(150);
    await page.screenshot({ path: shot("phone-round.png") });
    P.feedback = await page.evaluate(() => ({ vibrations: window.__vibrations, pops: window.__pops,
                                              contexts: window.__contexts, tones: window.__tones }));
    P.board_box = await box(page, "#board");
    // stray taps: the letters box (locked and away), Solve, the tabs; the round goes on
    P.letters_disabled = await page.$eval("#letters", (e) => e.disabled);
    P.solve_disabled = await page.$eval("#solve", (e) => e.disabled);
    P.tiles_before = await page.$$eval("#board .tile .letters", (els) => els.map((e) => e.textContent).join(""));
    await page.evaluate(() => {
      const input = document.getElementById("letters");
      input.value = "ZZZZ";
      input.dispatchEvent(new Event("input"));
      input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
      document.getElementById("solve").click();
      document.getElementById("tab-solve").click();
    });
    P.tiles_after = await page.$$eval("#board .tile .letters", (els) => els.map((e) => e.textContent).join(""));
    P.round_after_stray = await page.getAttribute("#board", "data-round");
    P.words_shown_after_stray = await page.$eval("#solve-panel", (e) => e.checkVisibility());
    // leaving the page asks first; staying keeps the round
    const asked = new Promise((resolve) => page.once("dialog", (d) => { resolve(d.type()); d.dismiss(); }));
    await page.close({ runBeforeUnload: true });
    P.leave_asks = await Promise.race([asked, new Promise((r) => setTimeout(() => r("no dialog"), 5000))]);
    await page.waitForTimeout(300);
    P.still_open = !page.isClosed();
    P.round_after_leave = P.still_open ? await page.getAttribute("#board", "data-round") : null;
    // the referee refuses (a 422): said, and the review from the page's verdicts, never stuck
    await page.route("**/api/check", (route) => route.fulfill({
      status: 422, contentType: "application/json", body: JSON.stringify({ error: "the referee's test refusal" }) }));
    await endRound(page, client);
    await page.unroute("**/api/check");
    P.refused = await page.evaluate(() => ({
      message: document.getElementById("message").textContent,
      error: document.getElementById("message").classList.contains("error"),
      review_shown: !document.getElementById("review").hidden,
      in_round: document.body.classList.contains("in-round"),
      answers_shown: document.getElementById("answers").checkVisibility(),
      summary: document.getElementById("review-summary").textContent,
      rows: Array.from(document.querySelectorAll("#review-words tbody tr:not(.missed)")).map((r) =>
        [r.dataset.word, r.querySelector(".verdict").textContent, (r.querySelector(".tries") || {}).textContent || ""]),
      all_rows: Array.from(document.querySelectorAll("#review-words tbody tr")).map((r) => r.dataset.word),
    }));
    P.end_feedback = await page.evaluate(() => ({ vibrations: window.__vibrations, pops: window.__pops }));
    await page.screenshot({ path: shot("phone-review.png") });
    // sound: off by default (no tone so far), on with a tap, remembered after a reload
    P.sound_default = await page.getAttribute("#sound", "aria-pressed");
    await fingerTap(page, client, "#sound");
    await page.reload();
    await page.waitForSelector("#board[data-app=ready]");
    P.sound_after_reload = await page.getAttribute("#sound", "aria-pressed");
    await typeBoard(page, client);
    await solve(page, client);
    await fingerTap(page, client, "#tab-play");
    await fingerTap(page, client, "#start");
    await page.waitForSelector("#board[data-round=running]");
    await swipeAndWait(page, client, config.words.STAR);
    P.tones = await page.evaluate(() => [window.__contexts, window.__tones]);
    await endRound(page, client);
    await context.close();
    report.portrait = P;
  }

  // --- landscape: 844x390 ------------------------------------------------------------------------
  {
    const { context, page, client } = await phone(844, 390);
    const L = {};
    await typeBoard(page, client);
    await solve(page, client);
    L.after_solve = await page.evaluate(() => {
      const first = document.querySelector("#words tbody tr").getBoundingClientRect();
      const b = document.getElementById("board").getBoundingClientRect();
      return { first_in_view: first.top >= 0 && first.bottom <= innerHeight,
               board_in_view: b.top >= 0 && b.bottom <= innerHeight };
    });
    await fingerTap(page, client, "#tab-play");
    await page.selectOption("#round-time", "180");
    await fingerTap(page, client, "#start");
    await page.waitForSelector("#board[data-round=running]");
    await swipeAndWait(page, client, config.words.STAR);
    await swipeAndWait(page, client, config.miss);
    L.round = await page.evaluate(roundLayout);
    await page.screenshot({ path: shot("landscape-round.png") });
    // an error page that is not JSON (a proxy's 502): said too
    await page.route("**/api/check", (route) => route.fulfill({
      status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await endRound(page, client);
    await page.unroute("**/api/check");
    L.bad_gateway = await page.evaluate(() => [document.getElementById("message").textContent,
                                               document.getElementById("message").classList.contains("error")]);
    // a match: round 3's bonus tiles are round 3's; a board typed after it has none
    await page.selectOption("#rounds", "3");
    await page.selectOption("#round-time", "30");
    await fingerTap(page, client, "#start");
    for (let n = 1; n <= 3; n += 1) {
      await page.waitForSelector(`#board[data-match=round${n}][data-round=running]`);
      if (n === 3) L.round3_bonuses = await page.locator("#board .tile.dw, #board .tile.tw").count();
      await endRound(page, client);
      if (n < 3) await fingerTap(page, client, "#start");
    }
    await page.waitForSelector("#board[data-match=over]");
    L.match_end = await page.evaluate(() => ({
      total: document.getElementById("match-total").textContent,
      celebrates: document.getElementById("match-total").classList.contains("celebrate"),
      pops: window.__pops.filter((p) => p.kind.includes("big")).map((p) => p.text),
      confetti: document.querySelectorAll("#pops .confetti").length,
      vibrations: window.__vibrations.slice(-1) }));
    await page.screenshot({ path: shot("landscape-match.png") });
    await fingerTap(page, client, "#tab-solve");
    await page.fill("#letters", config.letters);
    L.bonuses_after_typing = await page.locator("#board .tile.dl, #board .tile.tl, #board .tile.dw, #board .tile.tw").count();
    await fingerTap(page, client, "#tab-check");
    await page.fill("#list-1", "molesting");
    await fingerTap(page, client, "#check-button");
    await page.waitForSelector("#check-result h2");
    L.check = await page.textContent("#check-result li");
    await context.close();
    report.landscape = L;
  }

  // --- dark mode, the switch, the manifest and icons; a photo's corrections --------------------
  {
    const { context, page, client } = await phone(390, 844, { colorScheme: "dark" });
    const D = {};
    const paper = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    D.system_dark = await paper();
    D.theme_label = await page.textContent("#theme");
    await fingerTap(page, client, "#theme");  // auto -> dark
    await fingerTap(page, client, "#theme");  // dark -> light
    D.chosen_light = [await page.textContent("#theme"), await paper()];
    await page.reload();
    await page.waitForSelector("#board[data-app=ready]");
    D.light_after_reload = await paper();
    await fingerTap(page, client, "#theme");  // light -> auto: the system's dark again
    D.auto_again = [await page.textContent("#theme"), await paper()];
    await typeBoard(page, client);
    await solve(page, client);
    await page.screenshot({ path: shot("phone-dark.png") });
    // the manifest and its icons, as the page names them
    D.links = await page.$$eval("link[rel=manifest], link[rel=icon], link[rel=apple-touch-icon]", (els) =>
      els.map((e) => [e.rel, e.getAttribute("href")]));
    const manifest = await page.request.get(new URL("/manifest.webmanifest", config.url).href);
    D.manifest_type = manifest.headers()["content-type"];
    D.manifest = await manifest.json();
    D.icons = [];
    for (const icon of D.manifest.icons) {
      const answer = await page.request.get(new URL(icon.src, config.url).href);
      const body = await answer.body();
      const png = body.subarray(0, 8).toString("latin1") === "\x89PNG\r\n\x1a\n";
      D.icons.push({ src: icon.src, status: answer.status(), type: answer.headers()["content-type"],
                     size: png ? [body.readUInt32BE(16), body.readUInt32BE(20)] : null,
                     svg: !png && body.toString("utf8").startsWith("<svg") });
    }
    // the icons drawn by the browser (the CSP lets the page show its own images)
    D.favicon_drawn = await page.evaluate(() => new Promise((resolve) => {
      const img = new Image();
      img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
      img.onerror = () => resolve(null);
      img.src = document.querySelector("link[rel=icon]").href;
    }));
    // a photo read (the server's answer made here): its uncertain tiles corrected by tapping
    // them and choosing, never a prompt
    const read = { language: "en", rules: "ruzzle", rows: 4, cols: 4, turned: 0,
      board: ["S T A R", "E L I N", "P O R G", "A M E S"], flagged: [[0, 1], [2, 2]],
      tiles: config.letters.split("").map((letter, i) => ({
        row: Math.floor(i / 4), col: i % 4, letters: i === 1 ? "F" : i === 10 ? "B" : letter, bonus: "",
        confidence: 0.9, flagged: i === 1 || i === 10, second: i === 1 ? "T" : i === 10 ? "P" : "",
        why: i === 1 || i === 10 ? "F or T?" : "" })) };
    await page.route("**/api/read**", (route) => route.fulfill({
      status: 200, contentType: "application/json", body: JSON.stringify(read) }));
    await fingerTap(page, client, "#tab-solve");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setInputFiles("#photo", { name: "board.png", mimeType: "image/png",
                                          buffer: Buffer.from(config.png, "base64") });
    await page.waitForSelector("#board[data-read='2']");
    const dialogsBefore = report.dialogs.length;
    await fingerTap(page, client, '#board [data-cell="1"]');
    await page.waitForSelector("#chooser[open]");
    D.chooser = await page.evaluate(() => ({
      title: document.getElementById("chooser-title").textContent,
      why: document.getElementById("chooser-why").textContent,
      guesses: Array.from(document.querySelectorAll("#chooser-guesses button")).map((b) => b.textContent),
      letters: document.querySelectorAll("#chooser-letters button").length,
      small: Array.from(document.querySelectorAll("#chooser button")).filter((b) =>
        b.getBoundingClientRect().height < 44 || b.getBoundingClientRect().width < 44).length }));
    await page.screenshot({ path: shot("phone-photo-chooser.png") });
    await fingerTap(page, client, '#chooser-guesses button[aria-label="T"]');
    // (the dialog's close event comes a moment after it closes: the board then redrawn)
    await page.waitForSelector("#board[data-read='1']");
    await fingerTap(page, client, '#board [data-cell="10"]');
    await page.waitForSelector("#chooser[open]");
    await page.fill("#chooser-other", "qu");
    await fingerTap(page, client, "#chooser-ok");
    await page.waitForSelector("#board[data-read='0']");
    D.prompts = report.dialogs.length - dialogsBefore;
    D.corrected = await page.$$eval("#board .tile .letters", (els) => els.map((e) => e.textContent));
    D.left = await page.getAttribute("#board", "data-read");
    await context.close();
    report.dark = D;
  }
} catch (e) {
  report.error = String(e && e.stack ? e.stack : e);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(report.error ? 1 : 0);
