// A collation's apparatus on the web page (spec/html.md §2), in chromium
// (puppeteer-core, as tests/html_browser.js): for each page given (a
// collation of each game, in Spanish, English and Arabic) every mark in
// the movetext links to its note and the note back to its mark, one
// note a mark, numbered alike; following a mark keeps the record and
// its position; a reading in a note is a link that shows the position
// it makes; the witnesses and the tags that differ under the title; no
// collator's form as text; the Arabic page's apparatus right to left,
// its sigla and turns isolated (<bdi>). Screenshots of each apparatus
// go to the second argument, to be looked at.
// Usage: node tests/html_apparatus.js DIR SHOTS  (DIR/*.html)
'use strict';
const fs = require('fs');
const path = require('path');
const puppeteer = require('puppeteer-core');

const dir = path.resolve(process.argv[2]);
const shots = path.resolve(process.argv[3]);
let pass = 0, fail = 0;
function check(cond, what) { if (cond) pass++; else { fail++; console.log('FAIL: ' + what); } }

async function main() {
	const browser = await puppeteer.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
	});
	const page = await browser.newPage();
	const errors = [];
	page.on('pageerror', (e) => errors.push(String(e)));
	await page.setViewport({width: 1100, height: 900});
	for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.html')).sort()) {
		const name = file.replace(/\.html$/, '');
		const url = 'file://' + path.join(dir, file);
		await page.goto(url);
		const s = await page.evaluate(() => {
			const sec = document.querySelector('section.tb-record');
			const marks = [...sec.querySelectorAll('.tb-movetext sup.tb-appref a')];
			const notes = [...sec.querySelectorAll('section.tb-apparatus li')];
			const app = sec.querySelector('section.tb-apparatus');
			const text = sec.querySelector('.tb-movetext').textContent +
				sec.querySelector('.tb-app-head').textContent;
			return {
				marks: marks.map((a) => ({id: a.id, href: a.getAttribute('href'), text: a.textContent,
					label: a.getAttribute('aria-label')})),
				notes: notes.map((li) => ({id: li.id,
					back: li.querySelector('a.tb-appback').getAttribute('href'),
					backLabel: li.querySelector('a.tb-appback').getAttribute('aria-label'),
					links: li.querySelectorAll('a[data-f]').length,
					text: li.textContent})),
				dir: app && getComputedStyle(app).direction,
				labelled: app && document.getElementById(app.getAttribute('aria-labelledby')) !== null,
				sigla: [...sec.querySelectorAll('.tb-siglum')].every((e) => e.tagName === 'BDI'),
				turns: [...sec.querySelectorAll('.tb-app-turn')].every((e) => e.tagName === 'BDI' &&
					e.getAttribute('dir') === 'ltr'),
				witnesses: sec.querySelector('.tb-witnesses').textContent,
				tags: sec.querySelectorAll('.tb-app-tags li').length,
				raw: /\{|\[[A-Z][a-z]+ "|no \[|NAG \$/.test(text),
			};
		});
		check(s.marks.length > 0 && s.marks.length === s.notes.length,
			`${name}: ${s.marks.length} marks, ${s.notes.length} notes`);
		s.marks.forEach((m, i) => {
			const n = s.notes[i];
			check(m.text === String(i + 1) && m.href === '#' + n.id && n.back === '#' + m.id,
				`${name}: mark ${m.text} (${m.href}) and note ${n.id} (back ${n.back}) link both ways`);
			check(/\S/.test(m.label) && /\S/.test(n.backLabel), `${name}: mark ${i + 1} and its way back are labelled`);
			check(n.links >= 1 && /\]/.test(n.text), `${name}: note ${i + 1} has a lemma and links (${n.text})`);
		});
		check(s.labelled, `${name}: the apparatus is labelled by its heading`);
		check(s.sigla && s.turns, `${name}: sigla and turns isolated in <bdi>`);
		check(!s.raw, `${name}: no collator's form in the text`);
		check(s.tags > 0, `${name}: the tags that differ under the title`);
		const ar = name.endsWith('-ar');
		check(s.dir === (ar ? 'rtl' : 'ltr'), `${name}: the apparatus is ${s.dir}`);
		if (ar)
			check(/الأصل/.test(s.witnesses), `${name}: the base named as Arabic editions name it (${s.witnesses})`);
		// a mark leads to its note, the record and its position kept
		const before = await page.evaluate(() => document.querySelector('.tb-caption').textContent);
		await page.click('.tb-movetext sup.tb-appref a');
		const after = await page.evaluate(() => ({hash: location.hash,
			shown: !document.querySelector('section.tb-record').hidden,
			caption: document.querySelector('.tb-caption').textContent,
			top: document.querySelector(location.hash).getBoundingClientRect().top}));
		check(after.hash === '#' + s.notes[0].id && after.shown && after.caption === before &&
			after.top > -2 && after.top < 900, /* scrolled to: at the top, give or take a subpixel */
			`${name}: the first mark shows note 1 (${JSON.stringify(after)})`);
		await page.screenshot({path: path.join(shots, `apparatus-${name}.png`), fullPage: false});
		// a reading in a note shows the position it makes
		const last = s.notes.length - 1;
		const shown = await page.evaluate((id) => {
			const a = [...document.querySelectorAll(`#${id} a[data-f]`)].pop();
			a.click();
			return {cur: a.classList.contains('tb-current') || a.getAttribute('aria-current') !== null,
				caption: document.querySelector('.tb-caption').textContent};
		}, s.notes[last].id);
		check(shown.cur && /\S/.test(shown.caption),
			`${name}: a reading of note ${last + 1} shows its position (${JSON.stringify(shown)})`);
	}
	check(errors.length === 0, 'no script error: ' + errors.join('; '));
	await browser.close();
	console.log(`html (apparatus): ${pass} passed, ${fail} failed`);
	process.exit(fail ? 1 : 0);
}

main().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
