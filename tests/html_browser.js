// tests/html_browser.js -- the pages of tablero html in a real browser
// (spec/html.md): Debian's chromium, headless, driven over its DevTools
// protocol by puppeteer-core (tests/html.sh installs both; no browser is
// downloaded). Usage: node html_browser.js DIR SHOTS
//
// DIR holds NAME.html and NAME.positions (tablero validate --positions of
// the same file) for every page to replay, and hostile.html, bad.html
// (made by tests/html.sh). For every record of every page it steps
// through the main line with the Right key from Home and checks, at each
// turn, the pieces drawn (read from the DOM: each piece's point, side,
// type and crown) against validate's position after that turn, matched
// by its number and token; an unknown position shows no piece. Then, on
// each page: End, Home, a click on a turn, the fragment (#ply=N, read
// and written), a variation entered and left. A screenshot per game goes
// to SHOTS, to be looked at. Exit 1 on any failure.
'use strict';
const fs = require('fs');
const path = require('path');
const puppeteer = require('puppeteer-core');

const dir = path.resolve(process.argv[2]);
const shots = path.resolve(process.argv[3]);
let pass = 0, fail = 0;
function ok() { pass++; }
function bad(what) { fail++; console.log('FAIL: ' + what); }
function check(cond, what) { if (cond) ok(); else bad(what); }

// validate --positions: per record (a "# FILE:LINE" head each), the
// turns in order: {key: "12... d6xd4", pos: "A:c1,... D:..."}
function readPositions(file) {
	const recs = [];
	for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
		if (line.startsWith('# ')) { recs.push([]); continue; }
		if (/\}  \[(open|unknown)/.test(line))
			continue; // a turn whose position the rules do not know
		const m = /^(\d+\.(?:\.\.)?) (\S+)\s+\{\S+ \d+ (\S):(\S*) (\S):([^ }]*)/.exec(line);
		if (m && recs.length)
			recs[recs.length - 1].push({key: m[1] + ' ' + m[2],
				pos: [m[4] ? m[4].split(',').sort() : [], m[6] ? m[6].split(',').sort() : []]});
	}
	return recs;
}

// What the page shows now: the current link, the caption, the pieces.
async function state(page, game) {
	return page.evaluate((game) => {
		const sec = document.querySelectorAll('section.tb-record')[game];
		const cur = sec.querySelector('a.tb-current');
		const pieces = [[], []];
		for (const p of sec.querySelectorAll('g.tb-pieces .piece'))
			pieces[+p.getAttribute('data-side')].push((p.getAttribute('data-type') || '') +
				p.getAttribute('data-at') + (p.getAttribute('data-crowned') ? '+' : ''));
		return {
			hash: location.hash,
			href: cur ? cur.getAttribute('href') : null,
			caption: sec.querySelector('.tb-caption').textContent,
			unknown: sec.classList.contains('tb-is-unknown'),
			open: sec.classList.contains('tb-is-open'),
			title: cur ? cur.getAttribute('title') : null,
			status: sec.querySelector('.tb-status').textContent,
			next: !sec.querySelector('[data-go="next"]').disabled,
			leave: !sec.querySelector('button.tb-leave').hidden,
			label: sec.querySelector('svg.tb-board').getAttribute('aria-label'),
			marks: sec.querySelector('g.tb-under').childElementCount +
				sec.querySelector('g.tb-over').childElementCount,
			pieces: pieces.map((s) => s.sort()),
		};
	}, game);
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

// Steps record 'game' of the page from Home to the end with the Right key.
async function replay(page, name, game, turns) {
	await page.keyboard.press('Home');
	let st = await state(page, game);
	check(/#(game=\d+&)?ply=0$/.test(st.hash), `${name} #${game + 1}: Home goes to ply 0 (${st.hash})`);
	let at = 0, compared = 0, unknown = 0, steps = 0, marks = 0;
	for (;;) {
		if (st.unknown)
			check(st.pieces[0].length + st.pieces[1].length === 0,
				`${name} #${game + 1}: an unknown position shows no piece (${st.caption})`);
		// "Tras 19... g1-f2 (reconstruida)": a turn the rules decided is compared too
		const m = /(\d+\.(?:\.\.)?) (\S+)$/.exec(st.caption.replace(/[\u2066-\u2069]/g, '')
			.replace(/ \([^)]*\)$/, ''));
		if (m && !st.unknown && !st.open) {
			const key = m[1] + ' ' + m[2].replace(/[!?]+$/, '');
			let found = -1, matched = false;
			for (let i = at; i < turns.length; i++) {
				if (turns[i].key !== key)
					continue;
				if (found < 0)
					found = i;
				if (same(turns[i].pos, st.pieces)) { matched = true; found = i; break; }
			}
			if (found >= 0) {
				compared++;
				at = found + 1;
				if (!matched)
					bad(`${name} #${game + 1} ${key}: drawn ${JSON.stringify(st.pieces)}, ` +
						`validate ${JSON.stringify(turns[found].pos)}`);
				else
					ok();
			}
		} else if (st.unknown) {
			unknown++;
		}
		marks += st.marks > 0;
		if (!st.next)
			break;
		await page.keyboard.press('ArrowRight');
		st = await state(page, game);
		steps++;
		if (steps > 20000) { bad(`${name}: no end`); break; }
	}
	check(compared > 0 || turns.length === 0, `${name} #${game + 1}: no turn compared`);
	check(marks > 0 || steps === 0, `${name} #${game + 1}: no turn drew its marks`);
	return {steps, compared, unknown};
}

async function interactions(page, name, game) {
	const sec = `section.tb-record:nth-of-type(${game + 1})`;
	// End, then Home
	await page.keyboard.press('End');
	let st = await state(page, game);
	check(!st.next, `${name}: End reaches the last turn`);
	await page.keyboard.press('Home');
	st = await state(page, game);
	check(/ply=0$/.test(st.hash), `${name}: Home goes back to the start`);
	// a click on the third turn of the main line
	const links = await page.$$(`${sec} .tb-movetext > a.tb-turn[href*="ply="]`);
	if (links.length > 3) {
		const href = await links[3].evaluate((a) => a.getAttribute('href'));
		await links[3].click();
		st = await state(page, game);
		check(st.hash === href && st.href === href, `${name}: a click on ${href} shows it (${st.hash})`);
		await page.click(`${sec} button[data-go="next"]`);
		st = await state(page, game);
		const n = +/ply=(\d+)/.exec(href)[1];
		check(new RegExp(`ply=${n + 1}$`).test(st.hash),
			`${name}: the Next button goes on to ply ${n + 1} (${st.hash})`);
		await page.keyboard.press('ArrowLeft');
		st = await state(page, game);
		check(st.hash === href, `${name}: Left goes back to ${href} (${st.hash})`);
	}
	// a variation: entered by a click, stepped, left
	const vlink = await page.$(`${sec} .tb-var a.tb-turn`);
	if (vlink) {
		await vlink.click();
		st = await state(page, game);
		check(st.leave && /#(game=\d+&)?f=\d+$/.test(st.hash),
			`${name}: a variation's turn is shown, the way back offered (${st.hash})`);
		await page.click(`${sec} button.tb-leave`);
		st = await state(page, game);
		check(!st.leave && /ply=\d+$/.test(st.hash), `${name}: back to the main line (${st.hash})`);
	}
	// a reading's other alternative
	const alink = await page.$(`${sec} a.tb-alt`);
	if (alink) {
		await alink.click();
		st = await state(page, game);
		check(st.leave, `${name}: a reading's other alternative is shown, the way back offered`);
		await page.keyboard.press('ArrowLeft');
		st = await state(page, game);
		check(!st.leave, `${name}: Left from the alternative goes back to the main line`);
	}
}

// A PNG's pixels (8 bits a sample, RGB or RGBA, not interlaced: what
// chromium's screenshots are): {w, h, at(x, y) -> [r, g, b]}.
function readPng(buf) {
	const zlib = require('zlib');
	let w = 0, h = 0, type = 0;
	const idat = [];
	for (let o = 8; o < buf.length;) {
		const len = buf.readUInt32BE(o), tag = buf.toString('ascii', o + 4, o + 8);
		const data = buf.subarray(o + 8, o + 8 + len);
		if (tag === 'IHDR') { w = data.readUInt32BE(0); h = data.readUInt32BE(4); type = data[9]; }
		if (tag === 'IDAT') idat.push(data);
		o += 12 + len;
	}
	const bpp = type === 6 ? 4 : 3, stride = w * bpp, raw = zlib.inflateSync(Buffer.concat(idat));
	const px = Buffer.alloc(h * stride);
	for (let y = 0; y < h; y++) {
		const f = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
		for (let i = 0; i < stride; i++) {
			const a = i >= bpp ? px[y * stride + i - bpp] : 0, b = y ? px[(y - 1) * stride + i] : 0;
			const c = i >= bpp && y ? px[(y - 1) * stride + i - bpp] : 0;
			let v = src[i];
			if (f === 1) v += a;
			else if (f === 2) v += b;
			else if (f === 3) v += (a + b) >> 1;
			else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
				v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
			px[y * stride + i] = v & 255;
		}
	}
	return {w, h, at: (x, y) => [0, 1, 2].map((k) => px[y * stride + x * bpp + k])};
}

// Evidence links (spec/html.md §3.1): pitarra-rodeo-2004-cinta
// links its first eight turns to media/pitarra-rodeo-2004.opus (turn k at
// 2k to 2k+2 seconds) and to regions of its page h1 (turn k in the box
// x 70+190(k%2), y 110+50(k/2), 170x40 of a 480x560 image).
async function media(page, shots) {
	const url = 'file://' + path.join(dir, 'pitarra-rodeo-2004-cinta.html');
	await page.goto(url);
	const a11y = await page.evaluate(() => ({
		audio: document.querySelector('audio.tb-audio').getAttribute('aria-label'),
		src: document.querySelector('audio.tb-audio').getAttribute('src'),
		hidden: document.querySelector('figure.tb-page').hidden,
	}));
	check(a11y.audio === 'La grabación' && a11y.src === 'media/pitarra-rodeo-2004.opus' && a11y.hidden,
		`media: the recording labelled, as [Recording] names it; no page yet (${JSON.stringify(a11y)})`);
	// a click on 2... f2 (ply 4, turn k = 3): the recording from 6 s, until 8 s
	await page.click('.tb-movetext a[href="#ply=4"]');
	const t0 = await page.$eval('audio.tb-audio', (a) => a.currentTime);
	check(t0 >= 6 && t0 < 7, `media: a click on 2... f2 seeks the recording to 6 s (${t0})`);
	const ended = await page.$eval('audio.tb-audio', (a) => new Promise((res) => {
		if (a.paused) { res({paused: true, t: a.currentTime, early: true}); return; }
		a.addEventListener('pause', () => res({paused: true, t: a.currentTime}), {once: true});
		setTimeout(() => res({paused: a.paused, t: a.currentTime}), 15000);
	}));
	check(ended.paused && !ended.early && ended.t >= 7.9 && ended.t < 8.6,
		`media: it plays 2... f2's range and stops at its end, 8 s (${JSON.stringify(ended)})`);
	// the page's region of 2... f2: x 260, y 160, 170x40, a margin of half
	// its size about it, within the image: viewBox 175 140 305 80
	await page.waitForFunction(() => document.querySelector('figure.tb-page').getAttribute('data-shown') ===
		'h1,260,160,170,40', {timeout: 10000}).catch(() => {});
	const box = await page.evaluate(() => {
		const fig = document.querySelector('figure.tb-page'), svg = fig.querySelector('svg');
		const r = fig.querySelector('rect.tb-region');
		const s = svg.getBoundingClientRect(), b = r ? r.getBoundingClientRect() : null;
		return {shown: fig.getAttribute('data-shown'), hidden: fig.hidden, vb: svg.getAttribute('viewBox'),
			svg: [s.x, s.y, s.width, s.height], rect: b && [b.x, b.y, b.width, b.height],
			caption: fig.querySelector('figcaption').textContent, label: svg.getAttribute('aria-label')};
	});
	check(!box.hidden && box.vb === '175 140 305 80' && box.rect !== null,
		`media: 2... f2 shows its region of page h1, framed (${JSON.stringify(box)})`);
	check(/^Página h1 \(x 260, y 160, 170×40\)$/.test(box.caption) && box.label === box.caption,
		`media: the page's caption and text alternative name the region (${box.caption})`);
	if (box.rect) {
		const k = box.svg[2] / 305; // the image's pixels to the page's
		const near = (a, b) => Math.abs(a - b) <= 2.5;
		check(near(box.rect[0], box.svg[0] + 85 * k) && near(box.rect[1], box.svg[1] + 20 * k) &&
			near(box.rect[2], 170 * k) && near(box.rect[3], 40 * k),
			`media: the frame is the region, in the page's pixels (${JSON.stringify(box)})`);
		const shot = await page.screenshot({path: path.join(shots, 'media.png'), fullPage: false});
		const png = readPng(shot), dpr = png.w / 1100;
		const px = (x, y) => png.at(Math.round(x * dpr), Math.round(y * dpr));
		const edge = px(box.rect[0] + 0.5, box.rect[1] + box.rect[3] / 2);
		check(edge[0] > 170 && edge[1] < 90 && edge[2] < 90, `media: the frame is drawn, red (${edge})`);
		let ink = 0; // the turn written inside it: dark pixels of 'f2'
		for (let x = box.rect[0] + 4; x < box.rect[0] + box.rect[2] - 4; x += 1)
			for (let y = box.rect[1] + 4; y < box.rect[1] + box.rect[3] - 4; y += 1) {
				const p = px(x, y);
				ink += p[0] + p[1] + p[2] < 300;
			}
		check(ink > 20, `media: the region shows the page's writing (${ink} dark pixels)`);
	}
	// the keyboard: Right to 3. c3 (turn k = 4): the recording from 8 s
	await page.keyboard.press('ArrowRight');
	const t1 = await page.$eval('audio.tb-audio', (a) => a.currentTime);
	check(t1 >= 8 && t1 < 9, `media: Right to 3. c3 seeks the recording to 8 s (${t1})`);
	await page.$eval('audio.tb-audio', (a) => a.pause());
	// a turn with no link: no page shown, the recording left where it was
	await page.click('.tb-movetext a[href="#ply=12"]');
	const none = await page.evaluate(() => ({hidden: document.querySelector('figure.tb-page').hidden,
		t: document.querySelector('audio.tb-audio').currentTime}));
	check(none.hidden && none.t >= 8 && none.t < 9,
		`media: 6... f2, unlinked, shows no page and leaves the recording (${JSON.stringify(none)})`);
	// a record naming media it does not ship: the page says which, and goes on
	await page.goto('file://' + path.join(dir, 'asalto-cuaderno-ceuta-1979.html#ply=1'));
	await page.waitForFunction(() => !document.querySelector('figure.tb-page').hidden, {timeout: 5000}).catch(() => {});
	const orphan = await page.evaluate(() => document.querySelector('figure.tb-page figcaption').textContent);
	check(/^Página p14 /.test(orphan), `media: an image not there still names its page (${orphan})`);
}

async function main() {
	const browser = await puppeteer.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
	});
	const page = await browser.newPage();
	const errors = [];
	page.on('pageerror', (e) => errors.push(String(e)));
	// the media of the samples that name their archive's files
	// (cinta-7.ogg, cuaderno-2-p14.jpg) are not shipped: not found, said
	let missing = 0;
	page.on('console', (m) => {
		if (m.type() !== 'error')
			return;
		if (m.text() === 'Failed to load resource: net::ERR_FILE_NOT_FOUND')
			missing++;
		else
			errors.push(m.text());
	});
	let dialogs = 0;
	page.on('dialog', async (d) => { dialogs++; await d.dismiss(); });
	await page.setViewport({width: 1100, height: 800});
	const files = fs.readdirSync(dir).filter((f) => f.endsWith('.positions')).sort();
	const shot = {};
	let total = 0;
	for (const pf of files) {
		const name = pf.replace(/\.positions$/, '');
		const url = 'file://' + path.join(dir, name + '.html');
		const recs = readPositions(path.join(dir, pf));
		await page.goto(url);
		const n = await page.$$eval('section.tb-record', (s) => s.length);
		check(n === recs.length, `${name}: ${n} records on the page, validate read ${recs.length}`);
		for (let g = 0; g < n; g++) {
			await page.goto(url + (g ? `#game=${g + 1}` : ''));
			if (g)
				await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
			// a collection shows the record chosen alone (the chooser's
			// [hidden] is not overridden by the record's display: grid)
			const shown = await page.$$eval('section.tb-record', (s) =>
				s.map((e, i) => (getComputedStyle(e).display !== 'none' ? i : -1)).filter((i) => i >= 0));
			check(shown.length === 1 && shown[0] === g,
				`${name} #${g + 1}: the records shown are ${JSON.stringify(shown)}, not [${g}] alone`);
			const r = await replay(page, name, g, recs[g] || []);
			total += r.steps;
			console.log(`${name} #${g + 1}: ${r.steps} steps, ${r.compared} turns compared, ` +
				`${r.unknown} unknown`);
			await interactions(page, name, g);
		}
		// the fragment: read when the page loads, written as it steps
		await page.goto('about:blank');
		await page.goto(url + '#ply=5');
		let st = await state(page, 0);
		check(st.href === '#ply=5', `${name}: #ply=5 opens at turn 5 (${st.href})`);
		await page.keyboard.press('ArrowRight');
		st = await state(page, 0);
		check(st.hash === '#ply=6', `${name}: the fragment follows (${st.hash})`);
		check(/\S/.test(st.label), `${name}: the board has a text alternative`);
		const game = name.split('-')[0];
		if (!shot[game] || name.startsWith('random')) {
			if (!shot[game]) {
				shot[game] = name;
				await page.goto(url + '#ply=24');
				await page.screenshot({path: path.join(shots, `${game}.png`), fullPage: false});
			}
		}
	}
	// narrow: readable at 320 px, nothing wider than the screen
	await page.setViewport({width: 320, height: 640});
	await page.goto('file://' + path.join(dir, 'pitarra-encuentro-2019.html#ply=12'));
	const wide = await page.evaluate(() => document.documentElement.scrollWidth);
	check(wide <= 320, `at 320 px the page is ${wide} px wide`);
	await page.screenshot({path: path.join(shots, 'narrow-320.png'), fullPage: false});
	await page.setViewport({width: 1100, height: 800});
	// the print style: no buttons, the moves whole
	await page.emulateMediaType('print');
	const printed = await page.evaluate(() => ({
		buttons: getComputedStyle(document.querySelector('.tb-controls')).display,
		moves: getComputedStyle(document.querySelector('.tb-movetext')).maxHeight,
	}));
	check(printed.buttons === 'none' && printed.moves === 'none',
		`print: no buttons, the moves whole (${JSON.stringify(printed)})`);
	await page.emulateMediaType('screen');
	// text from the record is text: nothing in it runs
	await page.goto('file://' + path.join(dir, 'hostile.html'));
	await page.keyboard.press('End');
	const h = await page.evaluate(() => ({
		pwned: window.__pwned === 1,
		imgs: document.querySelectorAll('img').length,
		scripts: document.querySelectorAll('script').length,
		text: document.body.innerText,
	}));
	check(!h.pwned && dialogs === 0, 'hostile: nothing of the record ran');
	check(h.imgs === 0 && h.scripts === 2, `hostile: no element made from the record (${h.imgs} img, ${h.scripts} script)`);
	for (const s of ['</script>', '<img src=x onerror=alert(1)>', '"><script>window.__pwned=1</script>'])
		check(h.text.includes(s), `hostile: ${s} shown as text`);
	// a record with an illegal turn: replayed up to it, and why said there
	await page.goto('file://' + path.join(dir, 'bad.html#ply=4'));
	let b = await state(page, 0);
	check(!b.unknown && b.pieces[0].length + b.pieces[1].length === 4, `bad: ply 4 drawn (${JSON.stringify(b.pieces)})`);
	await page.keyboard.press('ArrowRight');
	b = await state(page, 0);
	check(b.unknown && /3\. c3 as written; c3 is occupied/.test(b.status),
		`bad: the illegal turn shows no board, and says why (${b.status})`);
	const stop = await page.$eval('.tb-stop', (e) => e.textContent).catch(() => '');
	check(/3\. c3/.test(stop), `bad: the movetext says where the rules stop (${stop})`);
	// a '?' the rules decide: its position, marked; an open '?': the last
	// position known, and how many turns fit (spec/html.md)
	await page.goto('file://' + path.join(dir, 'pitarra-fragmento-cinta.html#ply=24'));
	let d = await state(page, 0);
	check(!d.unknown && !d.open && /19\.\.\. g1-f2 \(reconstruida\)$/.test(d.caption) &&
		d.pieces[1].includes('f2') && /reconstruida: 19\.\.\. g1-f2/.test(d.title),
		`cinta: 19... ? is g1-f2, drawn and marked (${d.caption}; ${d.title}; ${JSON.stringify(d.pieces)})`);
	await page.screenshot({path: path.join(shots, 'decided.png'), fullPage: false});
	await page.goto('file://' + path.join(dir, 'abierta.html#ply=6'));
	d = await state(page, 0);
	check(d.open && !d.unknown && d.pieces[0].length === 2 && d.pieces[1].length === 1 &&
		/^Caben 3 jugadas en 2\.\.\. \?; se muestra la última posición conocida, tras 2\. b2$/.test(d.status),
		`abierta: an open stretch shows the last position known, and why (${d.status}; ${JSON.stringify(d.pieces)})`);
	await page.screenshot({path: path.join(shots, 'open.png'), fullPage: false});
	await page.goto('file://' + path.join(dir, 'abierta.html#ply=10'));
	d = await state(page, 0);
	check(!d.open && !d.unknown && d.status === '' && d.pieces[0].length === 7,
		`abierta: the position restated ends the open stretch (${d.status}; ${JSON.stringify(d.pieces)})`);
	// right to left by the rules: on the Arabic page the Source's timecode
	// reads left to right, its first time left of its second, and the
	// result "0-1" is not turned round (pixels: where the browser drew them)
	await page.goto('file://' + path.join(dir, 'asalto-fas-1992.html'));
	const bidi = await page.evaluate(() => {
		const left = (root, s) => {
			const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
			for (let n = walk.nextNode(); n; n = walk.nextNode()) {
				const i = n.data.indexOf(s);
				if (i < 0) continue;
				const r = document.createRange();
				r.setStart(n, i);
				r.setEnd(n, i + s.length);
				return r.getBoundingClientRect().left;
			}
			return NaN;
		};
		const src = document.querySelector('th[data-tag="Source"] + td');
		const end = document.querySelector('.tb-ending');
		return {dir: document.documentElement.dir, a: left(src, '00:31:05'), b: left(src, '00:58:20'),
			zero: left(end, '0'), one: left(end, '1'), why: left(end, '\u0628\u0642\u064a')};
	});
	check(bidi.dir === 'rtl' && bidi.a < bidi.b,
		`Arabic page: the Source's times in order, left to right (${JSON.stringify(bidi)})`);
	// the result comes first, so in a line read right to left it stands
	// right of the words that say why (left of them on a page laid out
	// left to right); its own digits read left to right
	check(bidi.zero > bidi.why && bidi.zero < bidi.one,
		`Arabic page: the result 0-1 first, at the right, read left to right (${JSON.stringify(bidi)})`);
	await media(page, shots);
	check(errors.length === 0, 'no script error: ' + errors.join('; '));
	await browser.close();
	console.log(`html (browser): ${total} turns stepped; ${missing} media not found (the archive's, ` +
		`not shipped); ${pass} passed, ${fail} failed`);
	process.exit(fail ? 1 : 0);
}

main().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
