// wasm/desk_page.js -- the transcription desk's script (spec/desk.md).
//
// The engine is the library compiled to WebAssembly (wasm/desk.c), in
// the page as base64. The page keeps the record's text; the module reads
// it, validates it as tablero validate does, lists what may be played
// where, edits it with the library's editors and writes it as tablero fmt
// does. This script knows no rule of any game: it asks the module, shows
// what it answers (as text, never as markup) and turns clicks into the
// parts of the legal turns the module listed.
'use strict';
(function () {
	const $ = (id) => document.getElementById(id);
	const enc = new TextEncoder(), dec = new TextDecoder();
	// ORDER: the OP_* of wasm/desk.c
	const OP = {INSERT: 0, DELETE: 1, REPLACE: 2, STAMP: 3, COMMENT: 4, VARIATION: 5, TAG: 6, RESULT: 7};
	const NODE_UNKNOWN = 2, NODE_GAP = 4;
	const DRAFT_KEY = 'tablero-desk-draft';

	// ---- the module ----------------------------------------------------

	function b64bytes(s) {
		const bin = atob(s.replace(/\s+/g, ''));
		const out = new Uint8Array(bin.length);
		for (let i = 0; i < bin.length; i++)
			out[i] = bin.charCodeAt(i);
		return out;
	}

	// PCRE2's spellings of tagfmt.c's patterns as RegExp's (wasm/pcre2_js.c)
	function regexOf(pattern) {
		return new RegExp(pattern.replace(/\\A/g, '^').replace(/\\z/g, '$')
			.replace(/\(\?s:/g, '(?:'), 's');
	}

	class Engine {
		constructor(bytes) {
			this.module = new WebAssembly.Module(bytes);
			this.start();
		}
		start() {
			const regs = [];
			const str = (p, n) => dec.decode(new Uint8Array(this.x.memory.buffer, p, n));
			const env = {
				tb_js_regex_compile: (p, n) => {
					try { regs.push(regexOf(str(p, n))); return regs.length - 1; } catch (e) { return -1; }
				},
				tb_js_regex_match: (id, p, n) => (regs[id].test(str(p, n)) ? 1 : 0),
			};
			// the library never prints nor opens a file: WASI's calls say "no"
			const nosys = () => 52;
			const wasi = {fd_close: nosys, fd_seek: nosys, fd_write: nosys};
			this.x = new WebAssembly.Instance(this.module,
				{env, wasi_snapshot_preview1: wasi}).exports;
		}
		put(s) {
			const b = enc.encode(s);
			const p = this.x.desk_malloc(b.length + 1);
			const m = new Uint8Array(this.x.memory.buffer, p, b.length + 1);
			m.set(b);
			m[b.length] = 0;
			return [p, b.length];
		}
		take(p) {
			const m = new Uint8Array(this.x.memory.buffer);
			let e = p;
			while (m[e])
				e++;
			const s = dec.decode(m.subarray(p, e));
			this.x.desk_free(p);
			return JSON.parse(s);
		}
		// One call; a trap (memory ran out: wasm/include/setjmp.h) starts a
		// fresh instance, the record read again, and says so.
		call(f) {
			try {
				return f();
			} catch (e) {
				if (!(e instanceof WebAssembly.RuntimeError))
					throw e;
				this.start();
				if (this.lastText !== undefined)
					this.open(this.lastText, this.lastName);
				return null;
			}
		}
		open(text, name) {
			this.lastText = text;
			this.lastName = name;
			return this.call(() => {
				const [p, n] = this.put(text), [q] = this.put(name);
				const r = this.take(this.x.desk_open(p, n, q));
				this.x.desk_free(p);
				this.x.desk_free(q);
				return r;
			});
		}
		legal(k) { return this.call(() => this.take(this.x.desk_legal(k))); }
		edit(op, k, arg) {
			return this.call(() => {
				const [p] = this.put(arg || '');
				const r = this.take(this.x.desk_edit(op, k, p));
				this.x.desk_free(p);
				return r;
			});
		}
		fmt() { return this.call(() => this.take(this.x.desk_fmt())); }
		games() { return this.call(() => this.take(this.x.desk_games())); }
		words(keys) {
			return this.call(() => {
				const [p] = this.put(keys.join('\n'));
				const r = this.take(this.x.desk_words(p));
				this.x.desk_free(p);
				return r;
			});
		}
	}

	// ---- words (the language tables: desk.* keys) ---------------------

	const KEYS = ['desk.files', 'desk.open', 'desk.save', 'desk.newgame', 'desk.new', 'desk.undo',
		'desk.redo', 'desk.recover', 'desk.discard', 'desk.draft', 'desk.board', 'desk.choices',
		'desk.nav', 'desk.first', 'desk.prev', 'desk.next', 'desk.last', 'desk.type', 'desk.tools',
		'desk.unknown', 'desk.gap', 'desk.delete', 'desk.variation', 'desk.comment', 'desk.add',
		'desk.moves', 'desk.diags', 'desk.nodiags', 'desk.text', 'desk.tags', 'desk.tagname',
		'desk.tagvalue', 'desk.result', 'desk.recording', 'desk.audiofile', 'desk.play',
		'desk.stamp', 'desk.keys', 'desk.point', 'desk.tomove', 'desk.over', 'desk.unknownpos',
		'desk.pick', 'desk.endhere', 'desk.pass', 'desk.nolegal', 'desk.legal', 'desk.notlegal',
		'desk.fits', 'desk.use', 'desk.start', 'desk.saved', 'desk.notsaved', 'desk.more',
		'desk.refused', 'desk.oom', 'desk.noaudio', 'desk.noturn', 'desk.nokeep'];
	let W = {};
	function w(key, ...args) {
		let t = W[key] || key;
		args.forEach((a, i) => { t = t.split('{' + (i + 1) + '}').join(String(a)); });
		return t;
	}
	// the game's own words too: its sides' names (side.GAME.0 and .1)
	function setWords(lang, rtl, game) {
		const sides = game ? ['side.' + game + '.0', 'side.' + game + '.1'] : [];
		W = engine.words(KEYS.concat(sides)) || W;
		document.documentElement.lang = lang || 'en';
		document.documentElement.dir = rtl ? 'rtl' : 'ltr';
		for (const el of document.querySelectorAll('[data-w]'))
			el.textContent = w(el.getAttribute('data-w'));
	}

	// ---- state ---------------------------------------------------------

	let engine;
	let name = 'desk.tgn';  // the file's name: diagnostics say it, as validate does
	let text = '';          // the record's text, the page's one truth
	let st = null;          // what desk_open answered for it
	let cur = 0;            // the board shows the position after node 'cur'
	let pos = null;         // what desk_legal answered for it
	let sel = [];           // the parts of the turn clicked so far
	const undo = [], redo = [];
	let lang = '';

	function nturns() { return st && st.turns ? st.turns.length : 0; }

	// Reads 't' as the record (undoable unless told), then shows it all.
	function load(t, opts) {
		opts = opts || {};
		if (!opts.noUndo && t !== text) {
			undo.push({text, cur});
			redo.length = 0;
		}
		text = t;
		const got = engine.open(text, name);
		if (!got) {
			say(w('desk.oom'));
			return;
		}
		st = got;
		if (opts.cur !== undefined)
			cur = opts.cur;
		cur = Math.max(0, Math.min(cur, nturns()));
		if (st.lang + st.game !== lang) {
			lang = st.lang + st.game;
			setWords(st.lang, st.rtl, st.game);
		}
		if (!opts.keepText)
			$('dk-text').value = text;
		// the text the page came with is no draft: a draft kept before
		// stays until this page changes something
		const kept = opts.initial || keepDraft();
		showAll();
		if (!kept)
			say(w('desk.nokeep'));
	}

	function showAll() {
		showTitle();
		showTurns();
		showDiags();
		showTags();
		showBoard();
		$('dk-undo').disabled = !undo.length;
		$('dk-redo').disabled = !redo.length;
	}

	function tag(name_) {
		for (const [k, v] of (st && st.tags) || [])
			if (k === name_)
				return v;
		return null;
	}

	function showTitle() {
		const parts = ['tablero'];
		for (const k of ['Event', 'Site', 'Date'])
			if (tag(k) && !/^[?.]*$/.test(tag(k)))
				parts.push(tag(k));
		$('dk-title').textContent = parts.join(' \u00b7 ');
		document.title = parts.join(' \u00b7 ');
	}

	// ---- the movetext: turns as buttons, diagnostics, what fits --------

	function turnLabel(t) {
		if (!t.num)
			return t.tok;
		return t.num + (t.side === 1 ? '... ' : '. ') + t.tok;
	}

	// The node a diagnostic or a fault points into, by line and column.
	function turnAt(line, col) {
		for (const t of st.turns || [])
			if (t.line === line && col >= t.col && (col < t.ecol || t.eline > line))
				return t;
		return null;
	}

	function showTurns() {
		const ol = $('dk-turns');
		ol.textContent = '';
		const faulty = new Set();
		for (const d of st.diags || []) {
			const t = d.sev === 2 && turnAt(d.line, d.col);
			if (t)
				faulty.add(t.k);
		}
		const li0 = document.createElement('li');
		const b0 = document.createElement('button');
		b0.type = 'button';
		b0.textContent = w('desk.start');
		b0.dataset.k = '0';
		if (cur === 0)
			b0.className = 'dk-current';
		b0.setAttribute('aria-current', cur === 0 ? 'step' : 'false');
		b0.addEventListener('click', () => go(0));
		li0.append(b0);
		ol.append(li0);
		for (const t of st.turns || []) {
			const li = document.createElement('li');
			const b = document.createElement('button');
			b.type = 'button';
			// a reading's alternatives and their comments: in its title
			const label = turnLabel(t);
			b.textContent = label.length > 28 ? label.slice(0, 26) + '\u2026' : label;
			if (label !== b.textContent)
				b.title = label;
			b.dataset.k = String(t.k);
			const cls = [];
			if (t.k === cur)
				cls.push('dk-current');
			if (faulty.has(t.k))
				cls.push('dk-faulty');
			if (t.ms >= 0)
				cls.push('dk-stamped');
			b.className = cls.join(' ');
			b.setAttribute('aria-current', t.k === cur ? 'step' : 'false');
			if (t.ms >= 0)
				b.title = (b.title ? b.title + ' ' : '') + '@' + clock(t.ms / 1000);
			b.addEventListener('click', () => {
				go(t.k);
				if (t.ms >= 0)
					playFrom(t.ms / 1000);
			});
			li.append(b);
			ol.append(li);
		}
	}

	function showDiags() {
		const box = $('dk-diags');
		box.textContent = '';
		if (st.more) {
			const p = document.createElement('p');
			p.textContent = w('desk.more');
			box.append(p);
		}
		if (!(st.diags || []).length) {
			const p = document.createElement('p');
			p.textContent = w('desk.nodiags');
			box.append(p);
		}
		for (const d of st.diags || []) {
			const pre = document.createElement('pre');
			pre.className = d.sev === 2 ? 'dk-error' : 'dk-warning';
			pre.dataset.code = 'TB' + d.code;
			pre.textContent = d.text;
			box.append(pre);
			const f = (st.faults || []).find((x) => x.line === d.line && x.col === d.col &&
				x.code === d.code);
			if (f && f.cands.length)
				box.append(candidates(f));
		}
	}

	// What fits an unknown turn, a '?' point or a gap, as the rules list
	// it (TB408's candidates): a button each that puts it in.
	function candidates(f) {
		const div = document.createElement('div');
		div.className = 'dk-cands';
		div.setAttribute('role', 'group');
		const span = document.createElement('span');
		span.textContent = w('desk.fits', f.token || '');
		div.append(span);
		const t = turnAt(f.line, f.col);
		for (const c of f.cands) {
			const b = document.createElement('button');
			b.type = 'button';
			b.className = 'dk-cand';
			b.textContent = c;
			b.setAttribute('aria-label', w('desk.use', c));
			b.disabled = !t;
			b.addEventListener('click', () => edit(OP.REPLACE, t.k, c, t.k));
			div.append(b);
		}
		return div;
	}

	// ---- the tags' form -------------------------------------------------

	function showTags() {
		const form = $('dk-tags');
		if (form.contains(document.activeElement))
			return; // being typed in: not redrawn under the fingers
		form.textContent = '';
		for (const [k, v] of st.tags || []) {
			const id = 'dk-tag-' + k;
			const label = document.createElement('label');
			label.htmlFor = id;
			label.textContent = k;
			const input = document.createElement('input');
			input.type = 'text';
			input.id = id;
			input.value = v;
			input.readOnly = k === 'Game';
			input.dir = 'auto';
			input.addEventListener('change', () => edit(OP.TAG, 0, k + '\n' + input.value, cur));
			form.append(label, input);
		}
		$('dk-result').value = st.result || '*';
	}

	// ---- the board --------------------------------------------------------

	const SVGNS = 'http://www.w3.org/2000/svg';

	function showBoard() {
		sel = [];
		pos = st.read && !st.errors ? engine.legal(cur) : null;
		const box = $('dk-board');
		box.textContent = '';
		if (!pos || !pos.svg) {
			status(pos && pos.why ? pos.why : w('desk.unknownpos'));
			showChoices();
			return;
		}
		// the library's drawing (tb_svg_position): no text of the record in it
		const doc = new DOMParser().parseFromString(pos.svg, 'image/svg+xml');
		const svg = document.importNode(doc.documentElement, true);
		svg.removeAttribute('width');
		svg.removeAttribute('height');
		svg.setAttribute('role', 'group');
		svg.setAttribute('aria-label', w('desk.board'));
		const dots = svg.querySelectorAll('circle.point, circle.cell');
		const hits = document.createElementNS(SVGNS, 'g');
		hits.setAttribute('class', 'dk-hits');
		dots.forEach((dot, i) => {
			const at = pos.points[i];
			const c = document.createElementNS(SVGNS, 'circle');
			c.setAttribute('class', 'dk-hit');
			c.setAttribute('cx', dot.getAttribute('cx'));
			c.setAttribute('cy', dot.getAttribute('cy'));
			c.setAttribute('r', '4.2');
			c.setAttribute('tabindex', '0');
			c.setAttribute('role', 'button');
			c.setAttribute('aria-label', w('desk.point', at));
			c.dataset.at = at;
			c.addEventListener('click', () => clickPoint(at));
			c.addEventListener('keydown', (e) => {
				if (e.key === 'Enter' || e.key === ' ') {
					e.preventDefault();
					clickPoint(at);
				}
			});
			hits.append(c);
		});
		svg.append(hits);
		box.append(svg);
		mark();
		if (pos.over)
			status(w('desk.over', pos.over));
		else if (!pos.known)
			status(pos.why || w('desk.unknownpos'));
		else
			status(w('desk.tomove', w('side.' + st.game + '.' + pos.tomove), cur));
	}

	function pointsOf(t) { return (t.parts || []).map((p) => p[1]); }
	function prefixed(t) {
		const ps = pointsOf(t);
		return sel.every((p, i) => ps[i] === p);
	}
	function matching() { return ((pos && pos.legal) || []).filter(prefixed); }

	// Lights what may be clicked next: the first parts of every legal
	// turn, then, part by part, what follows those clicked.
	function mark() {
		const cands = matching();
		const next = new Set(cands.map((t) => pointsOf(t)[sel.length]).filter(Boolean));
		for (const c of document.querySelectorAll('#dk-board .dk-hit')) {
			const at = c.dataset.at;
			const cls = ['dk-hit'];
			if (sel.includes(at))
				cls.push('dk-sel');
			else if (next.has(at))
				cls.push(sel.length ? 'dk-dest' : 'dk-from');
			c.setAttribute('class', cls.join(' '));
			c.setAttribute('aria-pressed', sel.includes(at) ? 'true' : 'false');
		}
		showChoices();
	}

	// Buttons for what clicks cannot say: a pass, a turn that may end
	// where it is or go on, a choice of crowns.
	function showChoices() {
		const box = $('dk-choices');
		for (const b of box.querySelectorAll('button'))
			b.remove();
		const legal = (pos && pos.legal) || [];
		const cands = matching();
		const done = cands.filter((t) => pointsOf(t).length === sel.length);
		const list = sel.length ? done : legal.filter((t) => !t.parts || !t.parts.length);
		const goOn = cands.length > done.length;
		if (sel.length && !list.length && !goOn)
			return;
		for (const t of list) {
			const b = document.createElement('button');
			b.type = 'button';
			b.className = 'dk-choice';
			b.textContent = sel.length && goOn ? w('desk.endhere', t.tok) : t.tok;
			b.addEventListener('click', () => play(t.tok));
			box.append(b);
		}
	}

	function clickPoint(at) {
		if (!pos || !pos.legal)
			return;
		const next = new Set(matching().map((t) => pointsOf(t)[sel.length]).filter(Boolean));
		if (!next.has(at)) {
			if (sel.length) { // another piece: start again from it
				sel = [];
				return clickPoint(at);
			}
			status(w('desk.nolegal', at));
			return;
		}
		sel.push(at);
		const cands = matching();
		const done = cands.filter((t) => pointsOf(t).length === sel.length);
		if (cands.length === 1 && done.length === 1)
			return play(done[0].tok);
		mark();
		status(w('desk.pick', sel.join(' ')));
	}

	// A turn chosen on the board or typed: after node 'cur' (or as a
	// variation of the node after it), in the record's canonical text.
	function play(tok) {
		const after = st.turns && st.turns[cur];
		if ($('dk-variation').checked && after)
			edit(OP.VARIATION, after.k, tok, cur);
		else
			edit(OP.INSERT, cur, tok, cur + 1);
	}

	function edit(op, k, arg, nextCur) {
		const r = engine.edit(op, k, arg);
		if (!r) {
			say(w('desk.oom'));
			return false;
		}
		if (!r.ok) {
			say(w('desk.refused', r.why));
			return false;
		}
		load(r.text, {cur: nextCur === undefined ? cur : nextCur});
		return true;
	}

	// Another turn of the same text: the current one marked, the board.
	function go(k) {
		cur = Math.max(0, Math.min(k, nturns()));
		for (const b of document.querySelectorAll('#dk-turns button')) {
			const here = +b.dataset.k === cur;
			b.classList.toggle('dk-current', here);
			b.setAttribute('aria-current', here ? 'step' : 'false');
		}
		showBoard();
	}

	function status(s) { $('dk-status').textContent = s; }
	function say(s) { status(s); }

	// ---- typing a turn ---------------------------------------------------

	function typed() {
		const v = $('dk-type').value.trim();
		const says = $('dk-type-says');
		says.className = 'dk-says';
		if (!v) {
			says.textContent = '';
			return;
		}
		const legal = (pos && pos.legal) || [];
		if (legal.some((t) => t.tok === v)) {
			says.textContent = w('desk.legal');
		} else {
			says.textContent = w('desk.notlegal');
			says.className = 'dk-says dk-bad';
		}
	}

	// ---- the recording ----------------------------------------------------

	function clock(s) {
		const t = Math.floor(s * 10) / 10;
		const h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, sec = t - h * 3600 - m * 60;
		const whole = Math.floor(sec), tenth = Math.round((sec - whole) * 10);
		return h + ':' + String(m).padStart(2, '0') + ':' + String(whole).padStart(2, '0') +
			(tenth ? '.' + tenth : '');
	}

	function playPause() {
		const a = $('dk-audio');
		if (!a.src)
			return say(w('desk.noaudio'));
		if (a.paused)
			a.play().catch(() => {});
		else
			a.pause();
	}

	function playFrom(s) {
		const a = $('dk-audio');
		if (!a.src)
			return;
		a.currentTime = s;
		a.play().catch(() => {});
	}

	// The current time on the turn being entered (the board's), as its
	// evidence link, its region kept.
	function stamp() {
		const a = $('dk-audio');
		if (!a.src)
			return say(w('desk.noaudio'));
		const t = st.turns && st.turns[cur - 1];
		if (!t)
			return say(w('desk.noturn'));
		const link = '@' + clock(a.currentTime) + (t.region ? ' @' + t.region : '');
		// a time needs the recording named (TB317): the file chosen, by
		// its name, where the record names none
		const file = $('dk-audio-file').files[0];
		if (!tag('Recording') && file)
			edit(OP.TAG, 0, 'Recording\n' + file.name, cur);
		edit(OP.STAMP, t.k, link, cur);
	}

	// ---- keeping the work ---------------------------------------------------

	// The page's draft is its own: its key is the page's, from the name and
	// the text it was written with (draftKey, set once by init), so that
	// another desk page -- another record, a new one, in another tab --
	// neither writes over it nor is offered it. All file:// pages share
	// one storage, where one key for every page let the last page touched
	// take the draft of all the others.
	let draftKey = DRAFT_KEY;

	function pageKey(n, t) {
		const s = n + '\n' + t;
		let h = 0x811c9dc5; // FNV-1a, 32 bits, over the UTF-16 units
		for (let i = 0; i < s.length; i++)
			h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
		return DRAFT_KEY + ':' + h.toString(16).padStart(8, '0');
	}

	// Keeps the text as the page's draft; false when nothing could be kept
	// (no storage, or a private window's), which load() then says. Where
	// the storage is full, other pages' drafts go, the oldest first, until
	// this one fits.
	function keepDraft() {
		const v = JSON.stringify({name, text, time: Date.now()});
		for (;;) {
			try {
				localStorage.setItem(draftKey, v);
				return true;
			} catch (e) {
				if (!dropOldestDraft())
					return false;
			}
		}
	}

	// Removes the oldest draft of another page (or of a page written before
	// drafts had a page's key); false when there is none or no storage.
	function dropOldestDraft() {
		try {
			let oldest = null, when = Infinity;
			for (let i = 0; i < localStorage.length; i++) {
				const k = localStorage.key(i);
				if (k === draftKey || !k.startsWith(DRAFT_KEY))
					continue;
				let d = null;
				try { d = JSON.parse(localStorage.getItem(k)); } catch (e) { d = null; }
				const t = d && typeof d.time === 'number' ? d.time : 0;
				if (t < when) {
					when = t;
					oldest = k;
				}
			}
			if (oldest === null)
				return false;
			localStorage.removeItem(oldest);
			return true;
		} catch (e) {
			return false;
		}
	}

	function offerDraft(initial) {
		let d = null;
		try { d = JSON.parse(localStorage.getItem(draftKey) || 'null'); } catch (e) { d = null; }
		if (!d || typeof d.text !== 'string' || d.text === initial)
			return;
		$('dk-draft-text').textContent = w('desk.draft', d.name, new Date(d.time).toLocaleString());
		$('dk-draft').hidden = false;
		$('dk-draft-yes').onclick = () => {
			$('dk-draft').hidden = true;
			name = d.name || name;
			load(d.text);
		};
		$('dk-draft-no').onclick = () => {
			$('dk-draft').hidden = true;
			try { localStorage.removeItem(draftKey); } catch (e) { /* no storage */ }
		};
	}

	// The download's name, from the tags: game, site or event, date.
	function fileName() {
		const bits = [st.game || 'tgn'];
		for (const k of ['Site', 'Event', 'Date']) {
			const v = tag(k);
			if (v && !/^[?.]*$/.test(v)) {
				bits.push(k === 'Date' ? v.slice(0, 4) : v.split(',')[0]);
				if (k !== 'Date')
					break;
			}
		}
		const base = bits.join('-').normalize('NFD').replace(/[\u0300-\u036f]/g, '')
			.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
		return (base || 'record').slice(0, 80) + '.tgn';
	}

	function save() {
		const r = engine.fmt();
		if (!r || !r.ok)
			return say(w('desk.notsaved'));
		const url = URL.createObjectURL(new Blob([r.text], {type: 'text/plain;charset=utf-8'}));
		const a = document.createElement('a');
		a.href = url;
		a.download = fileName();
		document.body.append(a);
		a.click();
		a.remove();
		// the download reads the blob after this returns, and on a busy
		// machine a second was not always enough (a test saved an empty
		// file): kept a minute
		setTimeout(() => URL.revokeObjectURL(url), 60000);
		say(w('desk.saved', a.download));
		return r.text;
	}

	function newRecord() {
		name = 'desk.tgn';
		const g = $('dk-new-game').value;
		engine.open('[Game "' + g + '"]\n\n*\n', name);
		const r = engine.fmt();
		if (r && r.ok)
			load(r.text, {cur: 0});
	}

	// ---- keys ------------------------------------------------------------------

	function inField(e) {
		const t = e.target;
		return t && (t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT' && t.type === 'text') ||
			t.tagName === 'SELECT');
	}

	function keys(e) {
		if (e.altKey && !e.ctrlKey && (e.key === 'p' || e.key === 'P')) {
			e.preventDefault();
			return playPause();
		}
		if (e.altKey && !e.ctrlKey && (e.key === 't' || e.key === 'T')) {
			e.preventDefault();
			return stamp();
		}
		if (inField(e))
			return;
		if ((e.ctrlKey || e.metaKey) && (e.key === 'z' || e.key === 'Z')) {
			e.preventDefault();
			return e.shiftKey ? doRedo() : doUndo();
		}
		if ((e.ctrlKey || e.metaKey) && (e.key === 'y' || e.key === 'Y')) {
			e.preventDefault();
			return doRedo();
		}
		if (e.ctrlKey || e.altKey || e.metaKey)
			return;
		const moves = {ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: nturns()};
		if (e.key in moves) {
			e.preventDefault();
			go(moves[e.key]);
		} else if (e.key === 'Escape') {
			sel = [];
			mark();
		}
	}

	function doUndo() {
		const u = undo.pop();
		if (!u)
			return;
		redo.push({text, cur});
		load(u.text, {noUndo: true, cur: u.cur});
	}

	function doRedo() {
		const r = redo.pop();
		if (!r)
			return;
		undo.push({text, cur});
		load(r.text, {noUndo: true, cur: r.cur});
	}

	// ---- wiring --------------------------------------------------------------------

	function wire() {
		document.addEventListener('keydown', keys);
		$('dk-first').addEventListener('click', () => go(0));
		$('dk-prev').addEventListener('click', () => go(cur - 1));
		$('dk-next').addEventListener('click', () => go(cur + 1));
		$('dk-last').addEventListener('click', () => go(nturns()));
		$('dk-undo').addEventListener('click', doUndo);
		$('dk-redo').addEventListener('click', doRedo);
		$('dk-save').addEventListener('click', save);
		$('dk-new').addEventListener('click', newRecord);
		$('dk-unknown').addEventListener('click', () => edit(OP.INSERT, cur, '?', cur + 1));
		$('dk-gap').addEventListener('click', () => edit(OP.INSERT, cur, '<gap>', cur + 1));
		$('dk-delete').addEventListener('click', () => {
			if (cur > 0)
				edit(OP.DELETE, cur, '', cur - 1);
		});
		$('dk-comment-add').addEventListener('click', () => {
			const v = $('dk-comment').value.trim();
			if (v && edit(OP.COMMENT, cur, v, cur))
				$('dk-comment').value = '';
		});
		$('dk-tag-add').addEventListener('click', () => {
			const k = $('dk-tag-name').value.trim();
			if (k && edit(OP.TAG, 0, k + '\n' + $('dk-tag-value').value.trim(), cur)) {
				$('dk-tag-name').value = '';
				$('dk-tag-value').value = '';
			}
		});
		$('dk-tags').addEventListener('submit', (e) => e.preventDefault());
		$('dk-result').addEventListener('change', () => edit(OP.RESULT, 0, $('dk-result').value, cur));
		$('dk-type').addEventListener('input', typed);
		$('dk-type').addEventListener('keydown', (e) => {
			if (e.key === 'Enter' && $('dk-type').value.trim()) {
				e.preventDefault();
				if (edit(OP.INSERT, cur, $('dk-type').value.trim(), cur + 1))
					$('dk-type').value = '';
				typed();
			}
		});
		let timer = 0;
		$('dk-text').addEventListener('input', () => {
			clearTimeout(timer);
			timer = setTimeout(() => load($('dk-text').value, {keepText: true}), 150);
		});
		$('dk-open').addEventListener('change', () => {
			const f = $('dk-open').files[0];
			if (!f)
				return;
			f.text().then((t) => {
				name = f.name;
				load(t, {cur: 0});
			});
		});
		$('dk-audio-file').addEventListener('change', () => {
			const f = $('dk-audio-file').files[0];
			const a = $('dk-audio');
			if (a.src)
				URL.revokeObjectURL(a.src);
			// a local file, played here: nothing leaves the machine
			a.src = f ? URL.createObjectURL(f) : '';
		});
		$('dk-play').addEventListener('click', playPause);
		$('dk-stamp').addEventListener('click', stamp);
	}

	function init() {
		engine = new Engine(b64bytes($('dk-wasm').textContent));
		const rec = $('dk-record');
		name = dec.decode(b64bytes(rec.getAttribute('data-name') || '')) || 'desk.tgn';
		const initial = dec.decode(b64bytes(rec.textContent));
		setWords('en', 0);
		for (const [g, title] of engine.games() || []) {
			const o = document.createElement('option');
			o.value = g;
			o.textContent = title;
			$('dk-new-game').append(o);
		}
		wire();
		draftKey = pageKey(name, initial);
		offerDraft(initial);
		load(initial, {noUndo: true, cur: 0, initial: true});
		// for the tests and for scripts: what the page knows, read only
		window.tbDesk = {
			text: () => text,
			state: () => st,
			position: () => pos,
			cur: () => cur,
			save,
			// the text read as if typed (an edit), the engine itself: for
			// bench/desk.js, which times them
			load: (t) => load(t, {cur: nturns()}),
			engine: () => engine,
			// the draft this page keeps (its own key's), as the storage has it
			draft: () => {
				try { return JSON.parse(localStorage.getItem(draftKey) || 'null'); } catch (e) { return null; }
			},
			// the centre of point 'at' on the screen (client pixels)
			pointXY: (at) => {
				const c = document.querySelector('#dk-board .dk-hit[data-at="' + at + '"]');
				if (!c)
					return null;
				const r = c.getBoundingClientRect();
				return {x: r.left + r.width / 2, y: r.top + r.height / 2};
			},
		};
	}

	init();
})();
