// bench/html_paint.js PAGE [RUNS] -- the time to first paint of a page
// of tablero html in Debian's chromium, headless (puppeteer-core, as
// tests/html.sh installs it): for each of RUNS loads of a fresh tab, the
// paint timing's first-paint and first-contentful-paint and the time
// until the replay shows its first position (the board's pieces drawn),
// all from navigation start. Prints the median of each, in ms:
//   "FIRST_PAINT FIRST_CONTENTFUL_PAINT READY"
'use strict';
const path = require('path');
const puppeteer = require('puppeteer-core');

async function main() {
	const file = path.resolve(process.argv[2]);
	const runs = +(process.argv[3] || 5);
	const browser = await puppeteer.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		headless: true,
		args: ['--no-sandbox', '--disable-gpu'],
	});
	const fp = [], fcp = [], ready = [];
	for (let i = 0; i < runs; i++) {
		const page = await browser.newPage();
		await page.goto('file://' + file, {waitUntil: 'load'});
		await page.waitForFunction(() => document.querySelector('g.tb-pieces').childElementCount > 0 ||
			document.querySelector('.tb-caption').textContent !== '');
		// the paint entries can come a frame after the page is ready
		await page.waitForFunction(() => performance.getEntriesByType('paint').length >= 2,
			{timeout: 5000}).catch(() => {});
		const t = await page.evaluate(() => {
			const p = {};
			for (const e of performance.getEntriesByType('paint'))
				p[e.name] = e.startTime;
			return [p['first-paint'] ?? NaN, p['first-contentful-paint'] ?? NaN, performance.now()];
		});
		fp.push(t[0]); fcp.push(t[1]);
		const r = await page.evaluate(() => {
			const n = performance.getEntriesByType('navigation')[0];
			return n ? n.domContentLoadedEventEnd : NaN;
		});
		ready.push(r);
		await page.close();
	}
	await browser.close();
	// the median of the runs that have the entry ("-" when none has it)
	const med = (a) => {
		const v = a.filter((x) => Number.isFinite(x)).sort((x, y) => x - y);
		return v.length ? v[Math.floor(v.length / 2)].toFixed(1) : '-';
	};
	console.log([med(fp), med(fcp), med(ready)].join(' '));
}
main().catch((e) => { console.error(e); process.exit(1); });
