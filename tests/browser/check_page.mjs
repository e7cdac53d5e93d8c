// Drive elzzur's HTML page and SVG picture in headless Chromium (Debian's /usr/bin/chromium)
// with playwright-core, and print what was seen as one JSON object on standard output.
//
//   node check_page.mjs config.json
//
// config.json: {"page": "/abs/page.html", "svg": "/abs/path.svg", "word": 0, "tile": 5,
//               "phone_word": 40, "long_page": "/abs/long.html",
//               "page_png": "/abs/page.png", "phone_png": "/abs/page-phone.png",
//               "svg_png": "/abs/path.png", "chromium": "/usr/bin/chromium"}
// "word" is the row (in page order) to click, "tile" the cell number to filter by; at a
// phone's size (400x800), "phone_word" is the row tapped far below the board, and
// "long_page" a page whose tiles have long labels (RE-, -ING) that must fit.
// Errors are reported as {"error": "..."} with exit status 1.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

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
if (!fs.existsSync(executablePath)) {
  fail(executablePath + " is missing: install Debian's chromium (apt-get install -y chromium)");
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), "elzzur-chromium-"));
const report = { requests: [], console_errors: [], page_errors: [] };
let context;
try {
  // launchPersistentContext takes the profile folder (Playwright refuses --user-data-dir in args).
  context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
    viewport: { width: 1280, height: 900 },
    hasTouch: true,
    reducedMotion: "no-preference",
  });
  const page = context.pages()[0] || (await context.newPage());
  page.on("request", (request) => {
    if (!request.url().startsWith("file:")) report.requests.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") report.console_errors.push(message.text());
  });
  page.on("pageerror", (error) => report.page_errors.push(String(error)));

  // --- the page -----------------------------------------------------------------------------
  await page.goto(pathToFileURL(config.page).href);
  await page.waitForSelector("#board[data-state=ready]");
  report.title = await page.title();
  report.word_count = await page.locator("#words tr[data-i]").count();
  report.totals = {
    count: Number(await page.textContent("#count")),
    total: Number(await page.textContent("#total")),
    longest: Number(await page.textContent("#longest")),
  };
  report.listed = await page.$$eval("#words tr[data-i] .word", (els) => els.map((e) => e.textContent));

  // Click a word: its cells light up one by one; wait for the end, then read the steps.
  const word = page.locator("#words tr[data-i] .word").nth(config.word);
  report.clicked_word = await word.textContent();
  await word.click();
  report.state_after_click = await page.getAttribute("#board", "data-state");
  await page.waitForSelector("#board[data-state=shown]");
  const lit = () => page.$$eval("#board .tile.lit", (els) =>
    els.map((e) => [Number(e.dataset.cell), e.dataset.steps.split(" ").map(Number),
                    e.querySelector(".step").textContent]));
  report.lit = await lit();
  report.first = await page.$$eval("#board .tile.first", (els) => els.map((e) => Number(e.dataset.cell)));
  report.current_row = await page.$$eval("#words tr.current .word", (els) => els.map((e) => e.textContent));
  report.arrows = await page.$$eval("#arrows line", (els) =>
    els.filter((l) => getComputedStyle(l).markerEnd.includes("page-arrow")).length);
  report.values = await page.$$eval("#board .tile", (els) =>
    els.map((e) => (e.querySelector(".value") || { textContent: "" }).textContent));

  // Click a tile: only the words through it stay; the screenshot shows the word and the filter.
  await page.locator(`#board [data-cell="${config.tile}"]`).click();
  report.filtered = await page.$$eval("#words tr[data-i]:not([hidden]) .word", (els) => els.map((e) => e.textContent));
  report.filter_note = await page.textContent("#filter");
  report.tile_pressed = await page.getAttribute(`#board [data-cell="${config.tile}"]`, "aria-pressed");
  fs.mkdirSync(path.dirname(config.page_png), { recursive: true });
  await page.screenshot({ path: config.page_png });
  // Click it again: the whole list is back.
  await page.locator(`#board [data-cell="${config.tile}"]`).click();
  report.unfiltered_count = await page.locator("#words tr[data-i]:not([hidden])").count();

  // Keyboard only: Tab to the second word's button and press Enter.
  const second = page.locator("#words tr[data-i] .word").nth(1);
  await second.focus();
  await page.keyboard.press("Enter");
  await page.waitForSelector("#board[data-state=shown]");
  report.keyboard_word = await second.textContent();
  report.keyboard_lit = await lit();
  report.focused_is_button = await page.evaluate(() => document.activeElement.tagName === "BUTTON");

  // --- the page on a phone ------------------------------------------------------------------
  // Every element that scrolls on its own (a scroll box inside the scrolling page).
  const scrollBoxes = () => page.evaluate(() => Array.from(document.querySelectorAll("body *"))
    .filter((e) => /(auto|scroll)/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight)
    .map((e) => e.id || e.tagName));
  const inView = (selector) => page.$eval(selector, (e) => {
    const box = e.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
  });
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(pathToFileURL(config.page).href);
  await page.waitForSelector("#board[data-state=ready]");
  const phone = { scroll_boxes: await scrollBoxes() };
  phone.page_scrolls = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
  phone.wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  const far = page.locator("#words tr[data-i] .word").nth(config.phone_word);
  await far.scrollIntoViewIfNeeded();
  phone.scrolled = await page.evaluate(() => window.scrollY);
  phone.word = await far.textContent();
  await far.tap();
  await page.waitForSelector("#board[data-state=shown]");
  phone.lit = await lit();
  phone.arrows = await page.locator("#arrows line").count();
  phone.board_in_view = await inView("#board");
  phone.word_in_view = await inView("#words tr.current");
  fs.mkdirSync(path.dirname(config.phone_png), { recursive: true });
  await page.screenshot({ path: config.phone_png });
  // Long labels fit on their tiles, and the board fits the phone's width.
  await page.goto(pathToFileURL(config.long_page).href);
  await page.waitForSelector("#board[data-state=ready]");
  phone.long_labels = await page.$$eval("#board .tile .letters", (els) => els.map((e) => {
    const tile = e.closest(".tile").getBoundingClientRect(), box = e.getBoundingClientRect();
    const apart = (other) => !other || (() => {
      const o = other.getBoundingClientRect();
      return o.right <= box.left || o.left >= box.right || o.bottom <= box.top || o.top >= box.bottom;
    })();
    const corners = e.closest(".tile").querySelectorAll(".value, .bonus");
    return [e.textContent, box.left >= tile.left && box.right <= tile.right &&
            box.top >= tile.top && box.bottom <= tile.bottom &&
            Array.from(corners).every(apart)];
  }));
  phone.long_wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  report.phone = phone;

  // --- the SVG ------------------------------------------------------------------------------
  await page.goto(pathToFileURL(config.svg).href);
  report.svg = await page.evaluate(() => {
    const root = document.documentElement;
    const box = root.getBBox();
    return {
      root: root.tagName,
      width: box.width,
      height: box.height,
      lines: document.querySelectorAll("g.path line").length,
      markers: Array.from(document.querySelectorAll("g.path line"))
        .filter((l) => getComputedStyle(l).markerEnd.includes("arrow")).length,
      steps: Array.from(document.querySelectorAll("g.step"))
        .map((g) => [Number(g.dataset.cell), g.dataset.steps.split(" ").map(Number)]),
    };
  });
  fs.mkdirSync(path.dirname(config.svg_png), { recursive: true });
  await page.locator("svg").screenshot({ path: config.svg_png });
} catch (e) {
  report.error = String(e && e.stack ? e.stack : e);
} finally {
  if (context) await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(report.error ? 1 : 0);
