// Look at an executed notebook exported to HTML by nbconvert (with JupyterLab's own CSS) in
// headless Chromium, and print what elzzur's outputs look like there as one JSON object.
//
//   node check_notebook.mjs config.json
//
// config.json: {"html": "/abs/notebook.html", "png": "/abs/notebook.png",
//               "chromium": "/usr/bin/chromium",
//               "dark_html": "/abs/dark.html", "dark_png": "/abs/dark.png",   (optional)
//               "click": "ECHOIER"}                                          (optional)
// With "click", the path button of that word in the solution's table is clicked, and what the
// board then shows is reported (report.clicked); with "dark_html", the same notebook exported
// with JupyterLab's dark theme is looked at too (report.dark: the totals line's contrast).
// The page is read offline: every request that is not a file (the template's CDN scripts) is
// refused. Errors are reported as {"error": "..."} with exit status 1.

import fs from "node:fs";
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

// The contrast of the solution's totals line (its text colour on the first opaque background
// behind it), as WCAG computes it: the line must read on the notebook's theme, light or dark.
async function summaryContrast(page) {
  return page.evaluate(() => {
    function rgb(colour) { return colour.match(/\d+(\.\d+)?/g).map(Number); }
    function luminance(colour) {
      const [r, g, b] = rgb(colour).slice(0, 3).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }
    const line = document.querySelector("[data-elzzur-solution] p");
    let node = line, background = "rgb(255, 255, 255)";
    while (node) {
      const b = getComputedStyle(node).backgroundColor;
      const parts = rgb(b);
      if (parts.length < 4 || parts[3] > 0) { background = b; break; }
      node = node.parentElement;
    }
    const [hi, lo] = [luminance(getComputedStyle(line).color), luminance(background)]
      .sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  });
}

const config = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const report = {};
let browser;
try {
  browser = await chromium.launch({
    executablePath: config.chromium || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await page.route("**/*", (route) =>
    route.request().url().startsWith("file:") ? route.continue() : route.abort());
  await page.goto(pathToFileURL(config.html).href, { waitUntil: "domcontentloaded" });
  await page.waitForTimeout(300);

  // Every tile of every board: its label, whether the label sits in the tile's middle, and the
  // contrast of the label's colour on the tile's (WCAG's formula, on the computed colours).
  report.tiles = await page.evaluate(() => {
    function luminance(colour) {
      const [r, g, b] = colour.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }
    function contrast(a, b) {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    }
    return Array.from(document.querySelectorAll("div[title$=')']"))
      .filter((tile) => !tile.title.startsWith("hole"))
      .map((tile) => {
        const label = tile.querySelector("span");
        const t = tile.getBoundingClientRect(), l = label.getBoundingClientRect();
        const style = getComputedStyle(tile);
        return {
          title: tile.title,
          label: label.textContent,
          dx: (l.left + l.right) / 2 - (t.left + t.right) / 2,
          dy: (l.top + l.bottom) / 2 - (t.top + t.bottom) / 2,
          text_align: style.textAlign,
          contrast: contrast(getComputedStyle(label).color, style.backgroundColor),
        };
      });
  });
  report.arrows = await page.locator("svg polygon").count();
  report.text = await page.evaluate(() => document.body.innerText);
  report.summary_contrast = await summaryContrast(page);
  const solution = page.locator("[data-elzzur-solution]").first();
  const table = solution.locator("table").locator("xpath=..");
  report.rows = await solution.locator("tbody tr").count();
  report.table_box = await table.evaluate((box) => ({
    height: box.clientHeight, scroll: box.scrollHeight, overflow: getComputedStyle(box).overflowY }));
  if (config.click) {
    const button = solution.locator(`button[data-word="${config.click}"]`);
    await button.scrollIntoViewIfNeeded();
    await button.click();
    report.clicked = await solution.evaluate((box) => ({
      arrows: box.querySelectorAll("svg polygon").length,
      steps: Array.from(box.querySelectorAll("[data-step]")).map((s) => [
        Array.from(box.querySelector("[data-board]").children).indexOf(s.parentElement),
        s.textContent]),
      outlined: Array.from(box.querySelector("[data-board]").children)
        .map((d, i) => [d, i]).filter(([d]) => d.style.border.startsWith("3px"))
        .map(([, i]) => i),
      shown: box.querySelector("[data-shown]").textContent,
      // the corners' texts (values, badges, step numbers) stacked over the arrows' SVG
      corners_over_arrows: Array.from(box.querySelectorAll("[data-board] > div > span"))
        .filter((s) => getComputedStyle(s).position === "absolute")
        .every((s) => Number(getComputedStyle(s).zIndex) >
          Number(getComputedStyle(box.querySelector("svg")).zIndex)),
      points: box.querySelector("[data-points]").textContent,
      chosen_rows: Array.from(box.querySelectorAll("tbody tr"))
        .filter((r) => r.style.background !== "none").map((r) => r.cells[0].textContent),
    }));
    await solution.locator("svg").scrollIntoViewIfNeeded();
    if (config.click_png) await page.screenshot({ path: config.click_png });
  }
  fs.mkdirSync(path.dirname(config.png), { recursive: true });
  const first = page.locator(".jp-OutputArea-output").first();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: config.png, fullPage: false });
  report.first_output = await first.count();
  if (config.dark_html) {
    await page.goto(pathToFileURL(config.dark_html).href, { waitUntil: "domcontentloaded" });
    await page.waitForTimeout(300);
    report.dark = { summary_contrast: await summaryContrast(page) };
    await page.locator("[data-elzzur-solution]").first().scrollIntoViewIfNeeded();
    if (config.dark_png) await page.screenshot({ path: config.dark_png });
  }
} catch (e) {
  report.error = String(e && e.stack ? e.stack : e);
} finally {
  if (browser) await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(report.error ? 1 : 0);
