// bench/desk.js PAGE [RUNS] -- the transcription desk's speed in Debian's
// chromium, headless (puppeteer-core, as tests/desk.sh installs it), on
// PAGE: tablero desk of a long record (bench/run.sh: 300 turns). Each
// operation RUNS times (default 40); prints one line each,
//   "NAME MEDIAN_MS P90_MS CPU_MS"
// the wall time in the page (performance.now around the synchronous
// call) and the renderer main thread's busy time per operation (the
// DevTools protocol's TaskDuration over all runs / RUNS), both in ms:
//   click       a click on a piece: its legal destinations lit
//   legal       the module's legal turns and board after a turn (desk_legal)
//   position    going to a turn: the module's answer, the board drawn, lit
//   validate    the module reading and validating the whole record (desk_open)
//   edit        the text changed (a comment put in the middle) and read
//               again as the page does after an edit: validated, every
//               list and the board shown again
'use strict';
const path = require('path');
const puppeteer = require('puppeteer-core');

function q(a, f) {
	const s = a.slice().sort((x, y) => x - y);
	return s[Math.min(s.length - 1, Math.floor(f * s.length))];
}

async function main() {
	const file = path.resolve(process.argv[2]);
	const runs = +(process.argv[3] || 40);
	const browser = await puppeteer.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		headless: true,
		args: ['--no-sandbox', '--disable-gpu'],
	});
	const page = await browser.newPage();
	await page.setViewport({width: 1280, height: 1000});
	await page.goto('file://' + file);
	await page.waitForFunction(() => window.tbDesk && window.tbDesk.state());
	const cdp = await page.target().createCDPSession();
	await cdp.send('Performance.enable');
	const busy = async () => {
		const m = (await cdp.send('Performance.getMetrics')).metrics;
		return m.find((x) => x.name === 'TaskDuration').value * 1000;
	};
	const ops = {
		click: () => {
			const legal = tbDesk.position().legal;
			const at = legal.length ? legal[0].parts[0][1] : null;
			const hit = document.querySelector(`#dk-board .dk-hit[data-at="${at}"]`);
			const t0 = performance.now();
			hit.dispatchEvent(new MouseEvent('click', {bubbles: true}));
			const t = performance.now() - t0;
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}));
			return t;
		},
		legal: () => {
			const e = tbDesk.engine(), k = tbDesk.state().turns.length >> 1;
			const t0 = performance.now();
			e.legal(k);
			return performance.now() - t0;
		},
		position: () => {
			const n = tbDesk.state().turns.length;
			const k = 1 + Math.floor(Math.random() * (n - 1));
			const b = document.querySelector(`#dk-turns button[data-k="${k}"]`);
			const t0 = performance.now();
			b.click();
			return performance.now() - t0;
		},
		validate: () => {
			const e = tbDesk.engine(), text = tbDesk.text();
			const t0 = performance.now();
			e.open(text, 'bench.tgn');
			return performance.now() - t0;
		},
		edit: () => {
			const text = tbDesk.text();
			const at = text.indexOf('\n', Math.floor(text.length * 0.6));
			const edited = text.includes('{bench}') ? text.replace(' {bench}', '') :
				text.slice(0, at) + ' {bench}' + text.slice(at);
			const t0 = performance.now();
			tbDesk.load(edited);
			return performance.now() - t0;
		},
	};
	// the board after the middle turn, for the clicks
	await page.evaluate(() => document.querySelector(
		`#dk-turns button[data-k="${tbDesk.state().turns.length >> 1}"]`).click());
	for (const [name, fn] of Object.entries(ops)) {
		const times = [];
		const b0 = await busy();
		for (let i = 0; i < runs; i++)
			times.push(await page.evaluate(fn));
		const cpu = (await busy() - b0) / runs;
		console.log(`${name} ${q(times, 0.5).toFixed(2)} ${q(times, 0.9).toFixed(2)} ${cpu.toFixed(2)}`);
	}
	const turns = await page.evaluate(() => tbDesk.state().turns.length);
	console.log(`turns ${turns}`);
	await browser.close();
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
