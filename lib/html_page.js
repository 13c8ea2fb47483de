/*
 * html_page.js -- the replay of a page of tablero html (spec/html.md).
 *
 * It only displays: every position, every turn's marks and every text
 * were computed by the library when the page was written, and are read
 * here from each record's <script type="application/json" class="tb-data">:
 *   game, pts  the points: [x, y, name] in the board's user units
 *   kinds      the pieces seen: [side, type letter, crowned, and a crowned
 *              piece's name of its own when it has one (Ocencahuac's Eagle)]
 *   cls, sides each side's CSS class (as tablero svg's) and name
 *   r, cr, dy, sq  a piece's radius, a crown's, a letter's baseline
 *              below the point; square pieces (Asalto)
 *   f          the frames, in the order of the movetext: c its caption;
 *              s the pieces, one letter a point ('.' none, 'A' the first
 *              kind...), absent when the position is not known; u, o
 *              the marks under and over the pieces (SVG from the
 *              library); p the frame before it on its line; l its line
 *              (0, absent: the main line); y the main line's turn count;
 *              b the main line's frame a variation goes back to; w why
 *              the rules stop there.
 *   ev         the evidence links by frame (html_media.c): t the time,
 *              [from, to] in seconds; z the region, [page, x, y, w, h]
 *              in the image's pixels (w 0: the whole page)
 *   pages      the page images by name, from [Facsimile]
 * A turn with a time seeks the recording (<audio class="tb-audio">) to
 * it, and plays it when the reader chose the turn (until the end of a
 * range); a turn with a region shows that part of its page, framed.
 * Text from the record is only ever set as textContent, never as markup.
 * The fragment names a position: #ply=N (a turn of the main line), #f=N
 * (any frame), each after game=K& on a page of several records.
 */
(function () {
	'use strict';
	var SVG = 'http://www.w3.org/2000/svg';
	var records = [];
	var active = null;

	function svgEl(name, attrs) {
		var e = document.createElementNS(SVG, name);
		for (var k in attrs)
			e.setAttribute(k, attrs[k]);
		return e;
	}

	function Record(sec, index) {
		this.sec = sec;
		this.index = index;
		this.d = JSON.parse(sec.querySelector('script.tb-data').textContent);
		var f = this.d.f;
		this.next = [];
		this.byPly = {};
		this.last = 0;
		var i;
		for (i = 0; i < f.length; i++)
			this.next.push(-1);
		for (i = 0; i < f.length; i++) {
			var p = f[i].p;
			if (p !== undefined && (f[p].l || 0) === (f[i].l || 0) && this.next[p] < 0)
				this.next[p] = i;
			if (!f[i].l)
				this.last = i;
			if (f[i].y !== undefined && this.byPly[f[i].y] === undefined)
				this.byPly[f[i].y] = i;
		}
		this.links = {};
		var as = sec.querySelectorAll('a[data-f]');
		for (i = 0; i < as.length; i++)
			this.links[as[i].getAttribute('data-f')] = as[i];
		this.svg = sec.querySelector('svg.tb-board');
		this.under = sec.querySelector('g.tb-under');
		this.pieces = sec.querySelector('g.tb-pieces');
		this.over = sec.querySelector('g.tb-over');
		this.caption = sec.querySelector('.tb-caption');
		this.status = sec.querySelector('.tb-status');
		this.leave = sec.querySelector('button.tb-leave');
		this.cur = -1;
		this.audio = sec.querySelector('audio.tb-audio');
		this.page = sec.querySelector('figure.tb-page');
		this.stopAt = null;
		this.pageSeq = 0;
		var self = this;
		if (this.audio)
			this.audio.addEventListener('timeupdate', function () {
				if (self.stopAt !== null && self.audio.currentTime >= self.stopAt) {
					self.audio.pause();
					self.stopAt = null;
				}
			});
		sec.querySelector('.tb-controls').addEventListener('click', function (ev) {
			var b = ev.target.closest('button');
			if (b)
				self.go(b.getAttribute('data-go'));
		});
		sec.querySelector('.tb-movetext').addEventListener('click', function (ev) {
			var a = ev.target.closest('a[data-f]');
			if (!a)
				return;
			ev.preventDefault();
			self.show(+a.getAttribute('data-f'), true);
		});
	}

	Record.prototype.go = function (what) {
		var f = this.d.f[this.cur];
		var to = this.cur;
		if (what === 'first')
			to = 0;
		else if (what === 'last')
			to = this.last;
		else if (what === 'prev' && f.p !== undefined)
			to = f.p;
		else if (what === 'next' && this.next[this.cur] >= 0)
			to = this.next[this.cur];
		else if (what === 'leave' && f.b !== undefined)
			to = f.b;
		this.show(to, true);
	};

	Record.prototype.hash = function (i) {
		var f = this.d.f[i];
		var game = this.index > 0 ? 'game=' + (this.index + 1) + '&' : '';
		return '#' + game + (f.y !== undefined ? 'ply=' + f.y : 'f=' + i);
	};

	/* The pieces of frame 'f' drawn as tablero svg draws them: shapes,
	 * crowns, then the type letters over every shape. */
	Record.prototype.draw = function (s) {
		var d = this.d, g = this.pieces, words = [[], []];
		while (g.firstChild)
			g.removeChild(g.firstChild);
		var labels = [];
		for (var p = 0; s && p < s.length; p++) {
			if (s.charAt(p) === '.')
				continue;
			var k = d.kinds[s.charCodeAt(p) - 65], pt = d.pts[p];
			var side = k[0], x = pt[0], y = pt[1], r = d.r;
			var attrs = {'class': 'piece ' + d.cls[side], 'data-at': pt[2], 'data-side': side};
			if (k[1])
				attrs['data-type'] = k[1];
			if (k[2])
				attrs['data-crowned'] = '1';
			if (d.sq) {
				attrs.x = x - r; attrs.y = y - r; attrs.width = 2 * r; attrs.height = 2 * r;
				g.appendChild(svgEl('rect', attrs));
			} else {
				attrs.cx = x; attrs.cy = y; attrs.r = r;
				g.appendChild(svgEl('circle', attrs));
			}
			if (k[2])
				g.appendChild(svgEl('circle', {'class': 'crown', cx: x, cy: y, r: d.cr}));
			if (k[1])
				labels.push([k[1], side, x, y]);
			words[side].push(k[1] + pt[2] + (k[2] ? '+' : '') + (k[3] ? ' ' + k[3] : ''));
		}
		for (var i = 0; i < labels.length; i++) {
			var t = svgEl('text', {'class': 'label ' + d.cls[labels[i][1]], x: labels[i][2],
			                       y: Math.round((labels[i][3] + d.dy) * 100) / 100});
			t.textContent = labels[i][0];
			g.appendChild(t);
		}
		return words;
	};

	Record.prototype.show = function (i, setHash) {
		var f = this.d.f[i];
		if (!f)
			return;
		var d = this.d, known = f.s !== undefined;
		var words = this.draw(known ? f.s : '');
		/* the marks are the library's SVG, made of numbers and classes */
		this.under.innerHTML = known && f.u ? f.u : '';
		this.over.innerHTML = known && f.o ? f.o : '';
		this.sec.classList.toggle('tb-is-unknown', !known);
		/* an open stretch: the last position known, and a note why (f.w) */
		this.sec.classList.toggle('tb-is-open', known && !!f.w);
		this.caption.textContent = f.c;
		var status = f.w ? f.w : known ? '' : d.unknown;
		this.status.textContent = status;
		var alt = f.c + '. ';
		if (known)
			for (var s = 0; s < 2; s++)
				alt += d.sides[s] + ': ' + (words[s].length ? words[s].join(', ') : d.empty) +
				       (s ? '.' : '; ');
		else
			alt += d.unknown;
		this.svg.setAttribute('aria-label', alt);
		var old = this.links[this.cur];
		if (old) {
			old.classList.remove('tb-current');
			old.removeAttribute('aria-current');
		}
		this.cur = i;
		var a = this.links[i];
		if (a) {
			a.classList.add('tb-current');
			a.setAttribute('aria-current', 'step');
			var box = a.closest('.tb-movetext');
			if (box && box.scrollHeight > box.clientHeight) {
				var top = a.offsetTop - box.offsetTop;
				if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - a.offsetHeight)
					box.scrollTop = top - box.clientHeight / 2;
			}
		}
		this.leave.hidden = !f.l;
		this.sec.querySelector('[data-go="prev"]').disabled = f.p === undefined;
		this.sec.querySelector('[data-go="next"]').disabled = this.next[i] < 0;
		if (setHash && window.history && history.replaceState)
			history.replaceState(null, '', this.hash(i));
		this.media(i, setHash);
	};

	/* Frame i's evidence: the recording sought to its time (and played
	 * when the reader chose the turn: 'chosen'), its page's region shown. */
	Record.prototype.media = function (i, chosen) {
		var e = this.d.ev ? this.d.ev[i] : undefined;
		if (this.audio && e && e.t) {
			this.stopAt = e.t[1] > e.t[0] ? e.t[1] : null;
			this.audio.currentTime = e.t[0];
			if (chosen) {
				var p = this.audio.play();
				if (p && p.catch)
					p.catch(function () {}); /* no file, or no sound: the page goes on */
			}
		}
		if (this.page)
			this.region(e && e.z);
	};

	/* Region z ([page, x, y, w, h]) of its page image, framed, with a
	 * margin of half its size about it; none: the figure hidden. The
	 * image is read once loaded, for its size (the region is in its
	 * pixels). */
	Record.prototype.region = function (z) {
		var fig = this.page, url = z && this.d.pages ? this.d.pages[z[0]] : undefined;
		var seq = ++this.pageSeq, self = this;
		if (url === undefined) {
			fig.hidden = true;
			return;
		}
		var cap = fig.querySelector('figcaption');
		cap.textContent = cap.getAttribute('data-word') + ' ' + z[0] +
			(z[3] ? ' (x ' + z[1] + ', y ' + z[2] + ', ' + z[3] + '\u00d7' + z[4] + ')' : '');
		fig.hidden = false;
		var img = new Image();
		img.onload = function () {
			if (seq !== self.pageSeq)
				return;
			var W = img.naturalWidth, H = img.naturalHeight, w = z[3] || W, h = z[4] || H;
			var x0 = Math.max(0, z[1] - w / 2), y0 = Math.max(0, z[2] - h / 2);
			var x1 = Math.min(W, z[1] + w * 1.5), y1 = Math.min(H, z[2] + h * 1.5);
			var svg = fig.querySelector('svg');
			while (svg.firstChild)
				svg.removeChild(svg.firstChild);
			svg.setAttribute('viewBox', [x0, y0, x1 - x0, y1 - y0].join(' '));
			svg.appendChild(svgEl('image', {href: url, x: 0, y: 0, width: W, height: H}));
			if (z[3])
				svg.appendChild(svgEl('rect', {'class': 'tb-region', x: z[1], y: z[2],
				                               width: z[3], height: z[4]}));
			svg.setAttribute('aria-label', cap.textContent);
			fig.setAttribute('data-shown', z.join(','));
		};
		img.onerror = function () { /* no such image: the caption says which page */
			if (seq !== self.pageSeq)
				return;
			var svg = fig.querySelector('svg');
			while (svg.firstChild)
				svg.removeChild(svg.firstChild);
			fig.removeAttribute('data-shown');
		};
		img.src = url;
	};

	/* "#game=2&ply=24" -> {game: 2, ply: 24} */
	function parseHash() {
		var out = {};
		var parts = location.hash.replace(/^#/, '').split('&');
		/* a note of a collation's apparatus and its mark: "#tb-app-2-5" is game 2's */
		var note = /^#tb-app-(\d+)-/.exec(location.hash);
		if (note)
			out.game = +note[1];
		for (var i = 0; i < parts.length; i++) {
			var kv = parts[i].split('=');
			if (kv.length === 2 && /^\d+$/.test(kv[1]))
				out[kv[0]] = +kv[1];
		}
		return out;
	}

	function activate(rec) {
		for (var i = 0; i < records.length; i++)
			records[i].sec.hidden = records.length > 1 && records[i] !== rec;
		active = rec;
	}

	function fromHash() {
		if (!records.length)
			return;
		var h = parseHash();
		var rec = records[(h.game || 1) - 1] || records[0];
		if (rec !== active)
			activate(rec);
		if (!rec.d)
			return;
		var i = h.f !== undefined ? h.f : h.ply !== undefined ? rec.byPly[h.ply] : undefined;
		if (i === undefined || !rec.d.f[i])
			i = rec.cur >= 0 ? rec.cur : 0;
		rec.show(i, false);
	}

	function init() {
		var secs = document.querySelectorAll('section.tb-record');
		for (var i = 0; i < secs.length; i++)
			if (secs[i].querySelector('script.tb-data'))
				records.push(new Record(secs[i], i));
			else
				records.push({sec: secs[i], index: i, d: null, show: function () {}});
		for (i = 0; i < records.length; i++)
			if (records[i].d)
				records[i].show(0, false);
		fromHash();
		window.addEventListener('hashchange', fromHash);
		document.addEventListener('keydown', function (ev) {
			if (!active || !active.d || ev.altKey || ev.ctrlKey || ev.metaKey)
				return;
			var t = ev.target.tagName;
			if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA')
				return;
			var go = {ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last'}[ev.key];
			if (!go)
				return;
			ev.preventDefault();
			active.go(go);
		});
	}

	if (document.readyState === 'loading')
		document.addEventListener('DOMContentLoaded', init);
	else
		init();
})();
