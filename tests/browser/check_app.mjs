// Use elzzur serve's app as a person would, in headless Chromium (Debian's /usr/bin/chromium)
// with playwright-core, and print what was seen as one JSON object on standard output.
//
//   node check_app.mjs config.json
//
// config.json: {"url": "http://127.0.0.1:PORT/", "chromium": "/usr/bin/chromium",
//               "letters": "STARELINPORGAMES", "bonus_tile": 5, "dl_tile": 14,
//               "swiped_word": "SLOE", "contains": "ING",
//               "phone_word": 30, "swipes": [[cell, …], …], "shots": "/abs/docs/screenshots"}
// On a phone (390x844, touch): type the letters, tap a tile twice (its bonus: DL, then TL)
// and another once (DL),
// solve, filter, tap a word far down the list; start a round and swipe each path of "swipes"
// with real touch events (Input.dispatchTouchEvent), end the round, tap a missed word in the
// review; a board read from a photo ("photo", its uncertain tiles corrected from
// "photo_fixes"). On a desktop (1280x900, mouse): a random board, sort by length, a word, a round
// with one mouse drag, the check tab, a match of three rounds. Then offline: a page loaded
// (its service worker in control), a round started, the server stopped ("stop_url") and
// the network cut: a swipe, the round's review, a reload. Errors are reported as {"error": "..."}, exit status 1.

import fs from "node:fs";
import os from "node:os";
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
const executablePath = config.chromium || "/usr/bin/chromium";
if (!fs.existsSync(executablePath)) fail(executablePath + " is missing");
const origin = new URL(config.url).origin;
const report = { requests_elsewhere: [], console_errors: [], page_errors: [] };
const shot = (name) => path.join(config.shots, name);
fs.mkdirSync(config.shots, { recursive: true });

const browser = await chromium.launch({
  executablePath, headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

function watch(page) {
  page.on("request", (request) => {
    if (!request.url().startsWith(origin)) report.requests_elsewhere.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") report.console_errors.push(message.text());
  });
  page.on("pageerror", (error) => report.page_errors.push(String(error)));
}

const lit = (page) => page.$$eval("#board .tile.lit", (els) =>
  els.map((e) => [Number(e.dataset.cell), e.dataset.steps.split(" ").map(Number)]));
const inView = (page, selector) => page.$eval(selector, (e) => {
  const box = e.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
});
const centre = (page, cell) => page.$eval(`#board [data-cell="${cell}"]`, (e) => {
  const box = e.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
});

// A finger's swipe through the centres of ``cells``, several touch moves between two tiles.

// End round, and wait for the review. Tapped again only while the round still runs: Chromium
// drops a tap that comes within moments of a touch swipe's end (a gesture's tail), and on a
// loaded machine those moments outlast any fixed wait.
async function endRound(page) {
  for (let attempt = 1; ; attempt++) {
    if (await page.$("#board[data-round=running]")) await page.tap("#start");
    try {
      await page.waitForSelector("#board[data-round=over]", { timeout: 5000 });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

async function swipe(page, client, cells, before_end) {
  const points = [];
  for (const cell of cells) points.push(await centre(page, cell));
  const touch = (type, x, y) => client.send("Input.dispatchTouchEvent", {
    type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }] });
  await touch("touchStart", points[0][0], points[0][1]);
  for (let k = 1; k < points.length; k += 1) {
    const [x0, y0] = points[k - 1], [x1, y1] = points[k];
    for (let s = 1; s <= 4; s += 1) {
      await touch("touchMove", x0 + (x1 - x0) * s / 4, y0 + (y1 - y0) * s / 4);
    }
  }
  if (before_end) await before_end();
  await touch("touchEnd", 0, 0);
}

try {
  // --- on a phone, with a finger --------------------------------------------------------------
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
    reducedMotion: "no-preference" });
  const page = await phone.newPage();
  watch(page);
  await page.goto(config.url);
  await page.waitForSelector("#board[data-app=ready]");
  const p = {};
  p.title = await page.title();
  p.csp = (await (await page.request.get(config.url)).headers())["content-security-policy"] || "";
  await page.tap("#letters");
  await page.keyboard.type(config.letters.slice(0, 6), { delay: 20 });
  p.filled_after_six = await page.$$eval("#board .tile:not(.empty)", (els) => els.length);
  p.cursor_after_six = await page.$$eval("#board .tile.cursor", (els) => els.map((e) => Number(e.dataset.cell)));
  await page.keyboard.type(config.letters.slice(6), { delay: 20 });
  p.letters_on_tiles = await page.$$eval("#board .tile .letters", (els) => els.map((e) => e.textContent).join(""));
  await page.tap(`#board [data-cell="${config.bonus_tile}"]`);
  await page.tap(`#board [data-cell="${config.bonus_tile}"]`);
  if (config.dl_tile !== undefined) await page.tap(`#board [data-cell="${config.dl_tile}"]`);
  p.bonus_class = await page.getAttribute(`#board [data-cell="${config.bonus_tile}"]`, "class");
  p.bonus_label = await page.getAttribute(`#board [data-cell="${config.bonus_tile}"]`, "aria-label");
  await page.screenshot({ path: shot("app-phone-entry.png") });
  await page.tap("#solve");
  await page.waitForSelector("#words tbody tr");
  p.count = Number(await page.textContent("#count"));
  p.total = Number(await page.textContent("#total"));
  p.listed = await page.$$eval("#words tbody .word", (els) => els.map((e) => e.textContent));
  p.recent = await page.evaluate(() => JSON.parse(localStorage.getItem("elzzur-recent-boards")));
  // filter by letters, then back
  await page.fill("#contains", config.contains);
  p.contains = await page.$$eval("#words tbody .word", (els) => els.map((e) => e.textContent));
  await page.fill("#contains", "");
  // a word far down the list: its path plays on the board, which is in view
  const far = page.locator("#words tbody .word").nth(config.phone_word);
  await far.scrollIntoViewIfNeeded();
  p.scrolled = await page.evaluate(() => window.scrollY);
  p.word = await far.textContent();
  await far.tap();
  await page.waitForSelector("#board[data-state=shown]");
  p.lit = await lit(page);
  p.arrows = await page.locator("#arrows line").count();
  p.board_in_view = await inView(page, "#board");
  p.wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  await page.screenshot({ path: shot("app-phone-solve.png") });
  // a tile filters the list
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.tap(`#board [data-cell="${config.bonus_tile}"]`);
  p.tile_filtered = await page.$$eval("#words tbody .word", (els) => els.map((e) => e.textContent));
  await page.tap(`#board [data-cell="${config.bonus_tile}"]`);

  // a round: real touch swipes
  await page.tap("#tab-play");
  await page.selectOption("#round-time", "30");
  await page.tap("#start");
  await page.waitForSelector("#board[data-round=running]");
  p.clock_start = await page.textContent("#clock");
  const client = await phone.newCDPSession(page);
  p.trail_mid_swipe = null;
  for (let k = 0; k < config.swipes.length; k += 1) {
    await swipe(page, client, config.swipes[k], k === 0 ? async () => {
      p.trail_mid_swipe = await lit(page);
      p.current_mid_swipe = await page.textContent("#current");
      await page.screenshot({ path: shot("app-phone-swipe.png") });
    } : null);
    await page.waitForSelector(`#board[data-entered="${k + 1}"]`);
  }
  p.answers = await page.$$eval("#answers li", (els) =>
    els.map((e) => [e.querySelector(".word-text").textContent, e.querySelector(".verdict").textContent]).reverse());
  p.round_score = await page.textContent("#round-score");
  p.clock_later = await page.textContent("#clock");
  await endRound(page);
  p.review_summary = await page.textContent("#review-summary");
  p.review = await page.$$eval("#review-words tbody tr", (els) =>
    els.map((e) => [e.dataset.word, e.querySelector(".verdict").textContent]));
  p.review_scores = await page.$$eval("#review-words tbody tr.v-valid", (els) =>
    els.map((e) => [e.dataset.word, Number(e.querySelector(".num").textContent)]));
  // a swiped word's path in the review is the one swiped
  const swipedRow = page.locator(`#review-words tbody tr[data-word="${config.swiped_word}"] .word`).first();
  await swipedRow.scrollIntoViewIfNeeded();
  await swipedRow.tap();
  await page.waitForSelector("#board[data-state=shown]");
  p.swiped_lit = await lit(page);
  const missed = page.locator("#review-words tbody tr.missed .word").first();
  await missed.scrollIntoViewIfNeeded();
  p.missed_word = await missed.textContent();
  await missed.tap();
  await page.waitForSelector("#board[data-state=shown]");
  p.missed_lit = await lit(page);
  p.missed_board_in_view = await inView(page, "#board");
  await page.screenshot({ path: shot("app-phone-review.png") });
  // a board from a photo: the uncertain tiles outlined, each corrected with a tap
  if (config.photo) {
    await page.tap("#tab-solve");
    await page.evaluate(() => window.scrollTo(0, 0));
    // (on a phone the game's set-up is folded into a line: a tap opens it)
    if (!(await page.$eval("#game", (e) => e.open))) await page.tap("#game-summary");
    await page.selectOption("#rules", config.photo_rules);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setInputFiles("#photo", config.photo);
    await page.waitForSelector("#board[data-read]");
    p.photo_letters = await page.$$eval("#board .tile .letters", (els) => els.map((e) => e.textContent));
    p.photo_uncertain = await page.$$eval("#board .tile.uncertain", (els) => els.map((e) => Number(e.dataset.cell)));
    p.photo_message = await page.textContent("#message");
    await page.screenshot({ path: shot("app-phone-photo.png") });
    await page.tap("#solve");  // refused once: tiles are uncertain
    p.photo_refused = await page.textContent("#message");
    // each uncertain tile: tapped, its letters chosen among the buttons of the page's dialog
    p.photo_prompts = [];
    for (const cell of p.photo_uncertain) {
      await page.tap(`#board [data-cell="${cell}"]`);
      await page.waitForSelector("#chooser[open]");
      p.photo_prompts.push(await page.textContent("#chooser-title"));
      const fix = config.photo_fixes[String(cell)].toUpperCase();
      const button = page.locator(`#chooser button[aria-label="${fix}"]`);
      if (await button.count()) {
        await button.first().tap();
      } else {
        await page.fill("#chooser-other", fix);
        await page.tap("#chooser-ok");
      }
      // (the dialog's close event, which redraws the board, comes a moment after it closes)
      await page.waitForFunction((left) => document.getElementById("board").dataset.read === String(left),
                                 p.photo_uncertain.length - p.photo_prompts.length);
    }
    p.photo_left = await page.getAttribute("#board", "data-read");
    p.photo_fixed = await page.$$eval("#board .tile .letters", (els) => els.map((e) => e.textContent));
    await page.tap("#solve");
    await page.waitForSelector("#words tbody tr");
    p.photo_count = Number(await page.textContent("#count"));
  }
  report.phone = p;
  await phone.close();

  // --- on a desktop, with a mouse -------------------------------------------------------------
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const dpage = await desk.newPage();
  watch(dpage);
  await dpage.goto(config.url);
  await dpage.waitForSelector("#board[data-app=ready]");
  const d = {};
  d.recent_kept = await dpage.evaluate(() => (JSON.parse(localStorage.getItem("elzzur-recent-boards")) || []).length);
  await dpage.click("#random");
  await dpage.waitForSelector("#words tbody tr");
  d.random_letters = await dpage.inputValue("#letters");
  d.count = Number(await dpage.textContent("#count"));
  await dpage.click("#words th button[data-sort=length]");
  d.by_length = await dpage.$$eval("#words tbody .word", (els) => els.map((e) => e.textContent.length));
  await dpage.locator("#words tbody .word").first().click();
  await dpage.waitForSelector("#board[data-state=shown]");
  d.lit = await lit(dpage);
  d.word = await dpage.getAttribute("#board", "data-word");
  d.board_beside_list = await dpage.evaluate(() =>
    document.getElementById("side").getBoundingClientRect().left >=
    document.getElementById("board-box").getBoundingClientRect().right);
  await dpage.screenshot({ path: shot("app-desktop-solve.png") });
  // a round with one mouse drag along the first word's path
  const path = d.lit.map(([cell, steps]) => [steps[0], cell]).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  await dpage.click("#tab-play");
  await dpage.click("#start");
  await dpage.waitForSelector("#board[data-round=running]");
  const first = await centre(dpage, path[0]);
  await dpage.mouse.move(first[0], first[1]);
  await dpage.mouse.down();
  for (const cell of path.slice(1)) {
    const [x, y] = await centre(dpage, cell);
    await dpage.mouse.move(x, y, { steps: 5 });
  }
  await dpage.mouse.up();
  await dpage.waitForSelector("#board[data-entered='1']");
  d.drag_answer = await dpage.$$eval("#answers li", (els) =>
    els.map((e) => [e.querySelector(".word-text").textContent, e.querySelector(".verdict").textContent]));
  // a word typed on the keyboard
  await dpage.fill("#typed", "zzzz");
  await dpage.press("#typed", "Enter");
  d.typed_answer = await dpage.$$eval("#answers li", (els) =>
    [els.length, els[0].querySelector(".verdict").textContent]);
  await dpage.click("#start");
  await dpage.waitForSelector("#board[data-round=over]");
  d.review_first = await dpage.$$eval("#review-words tbody tr", (els) =>
    els.slice(0, 2).map((e) => [e.dataset.word, e.querySelector(".verdict").textContent]));
  await dpage.screenshot({ path: shot("app-desktop-review.png") });
  // the check tab: two players' lists
  await dpage.click("#tab-check");
  await dpage.fill("#list-1", d.word.toLowerCase() + "\nqqqq");
  await dpage.fill("#list-2", d.word.toLowerCase());
  await dpage.click("#check-button");
  await dpage.waitForSelector("#check-result h2");
  d.check = await dpage.$$eval("#check-result h2", (els) => els.map((e) => e.textContent));
  // a match of three rounds: a word typed in each, the running total, then the summary
  await dpage.click("#tab-play");
  await dpage.selectOption("#round-time", "30");
  await dpage.selectOption("#rounds", "3");
  d.match_button = await dpage.textContent("#start");
  await dpage.click("#start");
  d.match = [];
  for (let n = 1; n <= 3; n += 1) {
    await dpage.waitForSelector(`#board[data-match=round${n}][data-round=running]`);
    const r = {};
    // a word of this board (its list is the one the solve tab shows)
    [r.word, r.score] = await dpage.$eval("#words tbody tr", (e) => [e.dataset.word, Number(e.cells[1].textContent)]);
    r.bonuses = await dpage.$$eval("#board .tile", (els) =>
      els.map((e) => ["dl", "tl", "dw", "tw"].find((c) => e.classList.contains(c))).filter(Boolean).sort());
    await dpage.fill("#typed", r.word.toLowerCase());
    await dpage.press("#typed", "Enter");
    r.during = await dpage.textContent("#match");
    await dpage.click("#start");  // End round
    await dpage.waitForSelector("#board[data-round=over]");
    r.after = await dpage.textContent("#match");
    r.button = await dpage.textContent("#start");
    d.match.push(r);
    if (n < 3) await dpage.click("#start");  // Next round
  }
  await dpage.waitForSelector("#board[data-match=over]");
  d.match_total = await dpage.textContent("#match-total");
  d.match_rows = await dpage.$$eval("#match-rounds tbody tr", (els) =>
    els.map((e) => Array.from(e.cells).map((c) => c.textContent)));
  await dpage.locator("#match-summary").scrollIntoViewIfNeeded();
  await dpage.screenshot({ path: shot("app-desktop-match.png") });
  report.desktop = d;
  await desk.close();

  // --- offline once loaded: the service worker; then the server stopped and the network off ---
  if (config.stop_url) {
    const off = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const opage = await off.newPage();
    const o = { console_errors: [] };
    opage.on("pageerror", (error) => report.page_errors.push(String(error)));
    opage.on("console", (message) => { if (message.type() === "error") o.console_errors.push(message.text()); });
    opage.on("request", (request) => {
      if (!request.url().startsWith(origin)) report.requests_elsewhere.push(request.url());
    });
    await opage.goto(config.url);
    await opage.waitForSelector("#board[data-app=ready]");
    await opage.waitForFunction(() => navigator.serviceWorker.controller !== null);
    o.cached = await opage.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names[0]);
      return [names, (await cache.keys()).map((r) => new URL(r.url).pathname).sort()];
    });
    o.worker_csp = (await (await opage.request.get(config.url + "sw.js")).headers())["content-security-policy"] || "";
    await opage.fill("#letters", config.letters);
    await opage.tap("#solve");
    await opage.waitForSelector("#words tbody tr");
    await opage.tap("#tab-play");
    await opage.selectOption("#round-time", "60");
    await opage.tap("#start");
    await opage.waitForSelector("#board[data-round=running]");
    await fetch(config.stop_url);  // the server stops (from here, not the page)
    await off.setOffline(true);
    o.server_gone = await fetch(config.url).then(() => false, () => true);
    o.banner_on_offline = await opage.$eval("#offline", (e) => !e.hidden);
    const oclient = await off.newCDPSession(opage);
    await swipe(opage, oclient, config.swipes[0], null);
    await opage.waitForSelector('#board[data-entered="1"]');
    o.answers = await opage.$$eval("#answers li", (els) =>
      els.map((e) => [e.querySelector(".word-text").textContent, e.querySelector(".verdict").textContent]));
    // (Chromium drops a tap that comes within moments of a swipe's end, as a gesture's tail;
    // a person's finger takes longer than that)
    await opage.waitForTimeout(500);
    await endRound(opage);  // the referee cannot be reached
    o.review_message = await opage.textContent("#message");
    o.review = await opage.$$eval("#review-words tbody tr.v-valid", (els) =>
      els.map((e) => [e.dataset.word, Number(e.querySelector(".num").textContent)]));
    o.missed = await opage.locator("#review-words tbody tr.missed").count();
    if (!(await opage.$eval("#game", (e) => e.open))) await opage.tap("#game-summary");  // (folded)
    await opage.tap("#random");
    await opage.waitForFunction(() => document.getElementById("message").textContent.includes("cannot be reached"));
    o.random_message = await opage.textContent("#message");
    // reloaded without a server or a network: the page still appears, from the worker's cache
    await opage.reload();
    await opage.waitForSelector("#board[data-app=ready]");
    o.reloaded_title = await opage.title();
    o.reloaded_banner = await opage.$eval("#offline", (e) => !e.hidden);
    o.reloaded_languages = await opage.$$eval("#language option", (els) => els.length);
    o.reloaded_tiles = await opage.locator("#board .tile").count();
    await opage.screenshot({ path: shot("app-phone-offline.png") });
    report.offline = o;
    await off.close();
  }
} catch (e) {
  report.error = String(e && e.stack ? e.stack : e);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(report.error ? 1 : 0);
