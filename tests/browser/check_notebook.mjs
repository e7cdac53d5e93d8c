// Look at an executed notebook exported to HTML by nbconvert (with JupyterLab's own CSS) in
// headless Chromium, and print what elzzur's outputs look like there as one JSON object.
//
//   node check_notebook.mjs config.json
//
// config.json: {"html": "/abs/notebook.html", "png": "/abs/notebook.png",
//               "chromium": "/usr/bin/chromium"}
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
  fs.mkdirSync(path.dirname(config.png), { recursive: true });
  const first = page.locator(".jp-OutputArea-output").first();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: config.png, fullPage: false });
  report.first_output = await first.count();
} catch (e) {
  report.error = String(e && e.stack ? e.stack : e);
} finally {
  if (browser) await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(report.error ? 1 : 0);
