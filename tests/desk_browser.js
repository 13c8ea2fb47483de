// tests/desk_browser.js -- the transcription desk in a real browser
// (spec/desk.md): Debian's chromium, headless, driven by puppeteer-core
// (tests/desk.sh installs both and makes the pages). Usage:
//   TABLERO=... node desk_browser.js DIR SHOTS
// DIR holds, for each sample S, S.html (the desk opened on its tags and
// result alone), S.tokens (its main line, a token a line) and S.expect
// (tablero fmt of its main line); edit.html (edit.tgn), new.html,
// hostile.html and tape.wav. Screenshots go to SHOTS. Exit 1 on any
// failure.
'use strict';
const fs = require('fs');
const path = require('path');
const {spawnSync} = require('child_process');
const puppeteer = require('puppeteer-core');

const dir = path.resolve(process.argv[2]);
const shots = path.resolve(process.argv[3]);
const T = process.env.TABLERO;
let pass = 0, fail = 0;
function ok() { pass++; }
function bad(what) { fail++; console.log('FAIL: ' + what); }
function check(cond, what) { if (cond) ok(); else bad(what); }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Whether the page reaches the state fn tests within 10 s (a state the
// page reports, waited for: never a sleep that a busy machine outruns).
const until = (page, fn, arg) => page.waitForFunction(fn, {timeout: 10000}, arg)
	.then(() => true, () => false);

// Every request the pages make: none may leave them.
const left = [];

async function open(context, file, width) {
	const page = await context.newPage();
	page.on('request', (r) => {
		if (!/^(file|data|blob):/.test(r.url()))
			left.push(r.url());
	});
	page.on('pageerror', (e) => bad(`${path.basename(file)}: script error: ${e.message}`));
	await page.setViewport({width: width || 1280, height: 1000});
	await page.goto('file://' + path.join(dir, file));
	await page.waitForFunction(() => window.tbDesk && window.tbDesk.state());
	return page;
}

const state = (page) => page.evaluate(() => ({
	text: tbDesk.text(), cur: tbDesk.cur(), turns: tbDesk.state().turns,
	diags: tbDesk.state().diags.map((d) => d.text),
}));

// What tablero validate says of 'text' read as the file 'name', the
// rules' reasons in the record's language (as the desk words them).
function validate(text, name) {
	const d = fs.mkdtempSync(path.join(dir, 'v'));
	fs.writeFileSync(path.join(d, name), text);
	const lang = /^\[Language "(es|ar)/m.exec(text);
	const args = lang ? ['validate', '--lang', lang[1], name] : ['validate', name];
	return spawnSync(T, args, {cwd: d, encoding: 'utf8'}).stderr;
}

// One turn by clicks alone: each point of its token where the page
// says the point is, then, for what clicks cannot say (a pass, a
// crown, a chain that may stop), the choice the page offers.
async function enter(page, tok) {
	const before = (await state(page)).turns.length;
	for (const at of tok.match(/[a-z][0-9]+/g) || []) {
		const xy = await page.evaluate((a) => tbDesk.pointXY(a), at);
		if (!xy)
			return `no point ${at} on the board`;
		await page.mouse.click(xy.x, xy.y);
	}
	let st = await state(page);
	if (st.turns.length === before) {
		const chose = await page.evaluate((t) => {
			for (const b of document.querySelectorAll('#dk-choices button'))
				if (b.textContent === t || b.textContent.endsWith(': ' + t)) {
					b.click();
					return true;
				}
			return false;
		}, tok);
		if (!chose)
			return 'the clicks did not make it, and no choice offers it';
		st = await state(page);
	}
	const t = st.turns[st.cur - 1];
	if (st.turns.length !== before + 1 || !t || t.tok !== tok)
		return `entered ${t ? t.tok : 'nothing'}`;
	return null;
}

async function download(page, context, into) {
	const cdp = await page.target().createCDPSession();
	await cdp.send('Page.setDownloadBehavior', {behavior: 'allow', downloadPath: into});
	await page.click('#dk-save');
	const name = await page.evaluate(() => {
		const m = /(\S+\.tgn)/.exec(document.getElementById('dk-status').textContent);
		return m ? m[1].replace(/\.$/, '') : null;
	});
	if (!name)
		return null;
	// chromium writes NAME.crdownload and renames it when it is whole,
	// but the name can be there, empty, before (a check-san run saw an
	// empty file once, on a busy machine; the same test again passed):
	// whole is the name there, not empty, and no .crdownload left (30 s
	// at most; an empty file then is compared as it is, and fails)
	const file = path.join(into, name);
	const whole = () => fs.existsSync(file) && fs.statSync(file).size > 0 &&
		!fs.readdirSync(into).some((x) => x.endsWith('.crdownload'));
	for (let i = 0; i < 600 && !whole(); i++)
		await sleep(50);
	return fs.existsSync(file) ? file : null;
}

async function samples(browser) {
	for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.tokens'))) {
		const s = f.replace(/\.tokens$/, '');
		const context = await browser.createBrowserContext();
		const page = await open(context, s + '.html');
		const tokens = fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean);
		let entered = 0;
		for (const tok of tokens) {
			const why = await enter(page, tok);
			if (why) {
				bad(`${s}: turn ${entered + 1}, ${tok}: ${why}`);
				break;
			}
			entered++;
		}
		check(entered === tokens.length, `${s}: all ${tokens.length} turns entered by clicks (${entered})`);
		const into = fs.mkdtempSync(path.join(dir, 'save-'));
		const file = await download(page, context, into);
		check(file, `${s}: Save downloads a file named from the tags`);
		if (file) {
			const got = fs.readFileSync(file, 'utf8');
			const want = fs.readFileSync(path.join(dir, s + '.expect'), 'utf8');
			check(got === want, `${s}: the file saved is tablero fmt of the main line, byte for byte`);
			if (got !== want)
				fs.writeFileSync(path.join(shots, s + '.got.tgn'), got);
		}
		await page.screenshot({path: path.join(shots, s + '.png'), fullPage: true});
		await context.close();
		console.log(`desk: ${s}: ${entered} turns by clicks`);
	}
}

// Types 'text' over the movetext's and waits for the page to have read
// it (it reads again 150 ms after the last key: a key that came late on a
// busy machine reads a part first).
async function typeText(page, text) {
	await page.click('#dk-text');
	await page.keyboard.down('Control');
	await page.keyboard.press('a');
	await page.keyboard.up('Control');
	await page.keyboard.type(text);
	await page.waitForFunction((t) => tbDesk.text() === t, {}, text);
}

// A slip typed into the text: the diagnostics validate gives, the rules'
// reason in the record's language (a Spanish record's in Spanish).
async function slip(page) {
	const es = '[Game "pitarra"]\n[Language "es"]\n[Result "*"]\n\n1. c3 f4 2. c3 *\n';
	await typeText(page, es);
	const wantEs = validate(es, 'edit.tgn');
	const stEs = await state(page);
	check(/TB401/.test(wantEs) && /ocupad/.test(wantEs) && stEs.diags.join('') === wantEs,
		`a Spanish record's slip shows validate --lang es's words:\n${stEs.diags.join('')}\n---\n${wantEs}`);
	const text = '[Game "pitarra"]\n[Result "*"]\n\n1. c3 f4 2. c3 *\n';
	await typeText(page, text);
	const st = await state(page);
	const want = validate(text, 'edit.tgn');
	check(/TB401/.test(want), 'validate finds the slip');
	check(st.diags.join('') === want,
		`the slip typed shows validate's diagnostics:\n${st.diags.join('')}\n---\n${want}`);
	const faulty = await page.$$eval('#dk-turns button.dk-faulty', (b) => b.map((x) => x.textContent));
	check(faulty.length === 1 && faulty[0] === '2. c3', `the slip's turn is marked (${faulty})`);
	return text;
}

const clickTurn = (page, k) => page.click(`#dk-turns button[data-k="${k}"]`);

// A '?' entered in the middle: the rules' candidates offered, one put in.
async function unknown(page) {
	await clickTurn(page, 1);
	await page.click('#dk-unknown');
	const st = await state(page);
	check(st.turns[1] && st.turns[1].tok === '?', 'the ? is the second turn');
	const want = validate(st.text, 'edit.tgn');
	const m = /\?: \d+ turns? fits?, [^:]*: ([^\n[]*?)(, and \d+ more)? \[TB408\]/.exec(want);
	check(m, `validate lists what fits the ?: ${want}`);
	const cands = await page.$$eval('.dk-cand', (b) => b.map((x) => x.textContent));
	check(m && cands.join(', ') === m[1], `the page offers the rules' candidates (${cands} / ${m && m[1]})`);
	if (cands.length) {
		await page.click('.dk-cand');
		const after = await state(page);
		check(after.turns[1].tok === cands[0], `a candidate chosen replaces the ? (${after.turns[1].tok})`);
	}
}

// A turn put in the middle makes a later one illegal; taken out, not.
async function middle(page) {
	await clickTurn(page, 2);
	const says = () => page.$eval('#dk-type-says', (e) => ({text: e.textContent,
		bad: e.classList.contains('dk-bad')}));
	await page.type('#dk-type', 'c3'); // a point taken: no legal turn
	let said = await says();
	check(said.text && said.bad, `a token typed is checked as it is typed: not legal (${said.text})`);
	await page.$eval('#dk-type', (e) => { e.value = ''; });
	await page.type('#dk-type', 'g7');
	said = await says();
	check(said.text && !said.bad, `and legal (${said.text})`);
	await page.keyboard.press('Enter');
	let st = await state(page);
	check(st.turns.length === 6 && st.turns[2].tok === 'g7', 'a turn put in the middle');
	check(st.diags.some((d) => /TB401/.test(d)) && st.diags.join('') === validate(st.text, 'edit.tgn'),
		'what it makes illegal after it is told, as validate tells it');
	const t1 = st.text;
	await clickTurn(page, 3);
	await page.click('#dk-delete');
	st = await state(page);
	const t2 = st.text;
	check(st.turns.length === 5 && st.diags.length === 0, 'the turn taken out: no diagnostic');
	await page.click('#dk-first'); // the focus off the text fields
	await page.keyboard.down('Control');
	await page.keyboard.press('z');
	await page.keyboard.up('Control');
	check((await state(page)).text === t1, 'Ctrl+Z undoes');
	await page.keyboard.down('Control');
	await page.keyboard.press('y');
	await page.keyboard.up('Control');
	check((await state(page)).text === t2, 'Ctrl+Y redoes');
	await page.click('#dk-undo');
	check((await state(page)).text === t1, 'the Undo button undoes');
	await page.click('#dk-redo');
	check((await state(page)).text === t2, 'the Redo button redoes');
	return t2;
}

// Reloads the page and waits for the desk of the new document, not the
// one the reload replaces: a document is told by performance.timeOrigin
// (its navigation's start, one per document), and what the test needs of
// it is read in the one evaluation that finds its desk ready (tbDesk is
// set at the end of init, after the draft is offered or not). Nothing is
// taken from page.reload() resolving, from a sleep, or from a second look
// that could land in another document. 'kept' is the draft the storage
// holds, for the message when one is not offered.
async function reloaded(page) {
	const before = await page.evaluate(() => performance.timeOrigin);
	await page.reload();
	const seen = await page.waitForFunction((t) => performance.timeOrigin !== t &&
		window.tbDesk && tbDesk.state() && {
		doc: performance.timeOrigin,
		offered: !document.getElementById('dk-draft').hidden,
		text: tbDesk.text(),
		kept: tbDesk.draft(),
	}, {}, before);
	return seen.jsonValue();
}

async function reload(page, text) {
	const why = (r) => `(offered ${r.offered}; the page has ${JSON.stringify(r.text)}; ` +
		`the storage keeps ${JSON.stringify(r.kept && r.kept.text)})`;
	let r = await reloaded(page);
	check(r.offered, `after a reload the draft is offered ${why(r)}`);
	r = await reloaded(page);
	check(r.offered, `and again after another, nothing changed between ${why(r)}`);
	if (r.offered)
		await page.click('#dk-draft-yes');
	const after = await page.evaluate(() => ({doc: performance.timeOrigin, text: tbDesk.text()}));
	check(after.doc === r.doc && after.text === text,
		`the draft recovered is the text before the reload (${JSON.stringify(after.text)})`);
}

// Each page its own draft: another desk page (new.html, by keys()) was
// opened and changed in the same browser since 'text' was kept by this
// one; opened again, this page offers its own. Discarded, it is gone.
// Where nothing can be kept, the status line says so.
//
// The page that kept 'text' was closed just after its last change, and
// Chromium hands a page's localStorage writes to the browser process on
// its own time, not before a close returns: a page opened at once may
// start before the write lands (this once failed a CI run, and passed at
// once on the same tree). So a page that offers nothing is reloaded, a
// quarter of a second apart, for up to five seconds; a draft that was
// never kept still fails, with what the storage holds.
async function ownDraft(context, text) {
	const page = await open(context, 'edit.html');
	let r = await page.evaluate(() => ({offered: !document.getElementById('dk-draft').hidden,
		kept: tbDesk.draft()}));
	for (let i = 0; i < 20 && !r.offered; i++) {
		await new Promise((done) => setTimeout(done, 250));
		r = await reloaded(page);
	}
	check(r.offered && r.kept && r.kept.text === text,
		`a page's draft is its own: another page changed since leaves it (${JSON.stringify(r.kept)})`);
	await page.click('#dk-draft-no');
	r = await reloaded(page);
	check(!r.offered && r.kept === null, `a draft discarded is gone (${JSON.stringify(r.kept)})`);
	await page.evaluate(() => {
		Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
	});
	await page.click('#dk-gap');
	const said = await page.$eval('#dk-status', (e) => e.textContent);
	check(/not kept/.test(said), `a change that cannot be kept says so (${said})`);
	await page.close();
}

// A recording: its time stamped on a turn, and played from there.
async function recording(page) {
	const input = await page.$('#dk-audio-file');
	await input.uploadFile(path.join(dir, 'tape.wav'));
	await page.waitForFunction(() => document.getElementById('dk-audio').duration > 0, {timeout: 10000});
	const src = await page.$eval('#dk-audio', (a) => a.src);
	check(src.startsWith('blob:'), `the recording is played from the machine (${src.slice(0, 5)})`);
	const alt = async (key) => {
		await page.keyboard.down('Alt');
		await page.keyboard.press(key);
		await page.keyboard.up('Alt');
	};
	const paused = () => page.$eval('#dk-audio', (a) => a.paused);
	await alt('p');
	check(await until(page, () => !document.getElementById('dk-audio').paused),
		'Alt+P plays the recording');
	await alt('p');
	check(await until(page, () => document.getElementById('dk-audio').paused), 'Alt+P again pauses it');
	await clickTurn(page, 2);
	await page.$eval('#dk-audio', (a) => { a.currentTime = 1.5; });
	await alt('t');
	let st = await state(page);
	check(st.turns[1].ms === 1500 && /f4 @0:00:01\.5/.test(st.text),
		`Alt+T stamps the time on the turn (${st.turns[1].ms})`);
	check(/\[Recording "tape\.wav"\]/.test(st.text) && st.diags.length === 0,
		`the record names the recording chosen, so the time is no warning (${st.diags})`);
	// where the page sends the recording, seen as it is set (the time
	// read later would depend on how long it has played since)
	await page.$eval('#dk-audio', (a) => {
		a.pause();
		a.currentTime = 0;
		const d = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'currentTime');
		Object.defineProperty(a, 'currentTime', {
			configurable: true,
			get() { return d.get.call(this); },
			set(v) { window.__seekTo = v; d.set.call(this, v); },
		});
	});
	await clickTurn(page, 1);
	check(await page.evaluate(() => window.__seekTo === undefined) && await paused(),
		'a turn with no time plays nothing');
	await clickTurn(page, 2);
	const to = await page.evaluate(() => window.__seekTo);
	check(to === 1.5 && await until(page, () => !document.getElementById('dk-audio').paused),
		`clicking a stamped turn plays from its time (${to})`);
	await page.$eval('#dk-audio', (a) => a.pause());
	st = await state(page);
	check(st.cur === 2, 'and shows it');
}

// Keys alone: Tab reaches the board, Enter on a point plays it.
async function keys(context) {
	const page = await open(context, 'new.html');
	check(await page.$eval('#dk-draft', (e) => e.hidden), 'another page\'s draft is not offered');
	let reached = false;
	for (let i = 0; i < 80 && !reached; i++) {
		await page.keyboard.press('Tab');
		reached = await page.evaluate(() => document.activeElement &&
			document.activeElement.classList.contains('dk-hit'));
	}
	check(reached, 'Tab reaches the board\'s points');
	await page.$eval('.dk-hit[data-at="d2"]', (e) => e.focus());
	await page.keyboard.press('Enter');
	let st = await state(page);
	check(st.turns.length === 1 && st.turns[0].tok === 'd2', 'Enter on a point plays it');
	const unlabelled = await page.evaluate(() => {
		const out = [];
		for (const el of document.querySelectorAll('input, select, textarea, button, audio, .dk-hit')) {
			const named = (el.labels && el.labels.length) || el.getAttribute('aria-label') ||
				el.getAttribute('aria-labelledby') || (el.tagName === 'BUTTON' && el.textContent.trim());
			if (!named)
				out.push(el.id || el.tagName);
		}
		return out;
	});
	check(unlabelled.length === 0, `every control is labelled (${unlabelled})`);
	await page.setViewport({width: 320, height: 900});
	check(await until(page, () => window.innerWidth === 320), 'the window is 320 px wide');
	const wide = await page.evaluate(() => document.documentElement.scrollWidth);
	check(wide <= 320, `readable at 320 px: nothing wider (${wide})`);
	await page.screenshot({path: path.join(shots, 'desk-320.png'), fullPage: true});
	await page.close();
}

async function hostile(context) {
	const page = await open(context, 'hostile.html');
	const r = await page.evaluate(() => ({
		pwned: window.__pwned, imgs: document.querySelectorAll('img').length,
		title: document.getElementById('dk-title').textContent,
	}));
	check(r.pwned === undefined && r.imgs === 0, 'the record\'s text is never markup, never run');
	check(r.title.includes('"><script>window.__pwned=1</script>'), 'it is shown as text');
	await page.close();
}

(async () => {
	const browser = await puppeteer.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
	});
	try {
		await samples(browser);
		const context = await browser.createBrowserContext();
		const page = await open(context, 'edit.html');
		await middle(page).then((text) => reload(page, text));
		await recording(page);
		await page.screenshot({path: path.join(shots, 'desk-edit.png'), fullPage: true});
		await page.close();
		const p2 = await open(context, 'edit.html');
		await unknown(p2);
		const slipped = await slip(p2);
		await p2.close();
		await keys(context);
		await ownDraft(context, slipped);
		await hostile(context);
		await context.close();
	} catch (e) {
		bad('the browser test stopped: ' + (e.stack || e));
	}
	check(left.length === 0, `no request leaves the page (${left.slice(0, 3)})`);
	await browser.close();
	console.log(`desk (browser): ${pass} passed, ${fail} failed`);
	process.exit(fail ? 1 : 0);
})();
