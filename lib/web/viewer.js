/*
 * The viewer page's script (formats/viewer.md): reads the records the
 * page carries, runs the library (module.js, before this file) to draw
 * any position on demand, analyse it and play from it, and keeps a
 * list of the games to sort, filter and search.  What it measures
 * (performance.now()) is in window.qtttViewer.timings.
 */
/* QtttModule: module.js, which comes first in the page. */
/* global QtttModule: readonly */
(function () {
	'use strict';

	var d = document, root = d.documentElement;
	var app = d.getElementById('qttt-app');
	var T = { steps: [], clicks: [], filters: [], analyses: [] };
	var V = window.qtttViewer = { timings: T };
	if (!app)
		return;

	/* ---------------------------------------------------------- */
	/* The records of the page                                     */
	/* ---------------------------------------------------------- */

	/*
	 * Each game: its record (or state string), number, line, input;
	 * the inputs' names; the id of each game, as the fragment names
	 * it (gN, or fKgN for the games of input K > 1); the diagnostics
	 * of each invalid game, whose record is the part of it that is
	 * valid, by its index; the profile that each list's state
	 * strings are read by ('' for Goff's), and each game's list.
	 */
	var G = { recs: [], num: [], line: [], input: [], files: [],
	    ninputs: 0, text: [], rules: [], list: [], err: {}, nerr: 0 };

	function collect() {
		var lists = d.querySelectorAll('ol.qttt-records');
		var i, j, ol, li, n, ln, k, t, recs;
		for (i = 0; i < lists.length; i++) {
			ol = lists[i];
			k = +ol.getAttribute('data-input') || 1;
			G.rules.push(ol.getAttribute('data-rules') || '');
			G.files[k] = ol.getAttribute('data-file') || '';
			if (k > G.ninputs)
				G.ninputs = k;
			n = ln = +ol.getAttribute('start') || 1;
			if (!ol.querySelector('li[value],li[data-line],' +
			    'li[data-error]')) {
				/* One record a line, numbered from the start. */
				G.text.push(t = ol.textContent);
				recs = t.split('\n');
				for (j = 0; j < recs.length; j++) {
					if (!recs[j])
						continue;
					G.recs.push(recs[j]);
					G.list.push(i);
					G.num.push(n);
					G.line.push(n++);
					G.input.push(k);
				}
				continue;
			}
			j = G.recs.length;
			for (li = ol.firstElementChild; li;
			    li = li.nextElementSibling) {
				if (li.hasAttributes()) {
					if ((t = li.getAttribute('value')))
						n = +t;
					if ((t = li.getAttribute('data-line')))
						ln = +t;
					if ((t = li.getAttribute('data-error'))) {
						G.err[G.recs.length] = t;
						G.nerr++;
					}
				}
				G.recs.push(li.textContent.replace(/\n+$/, ''));
				G.list.push(i);
				G.num.push(n++);
				G.line.push(ln++);
				G.input.push(k);
			}
			G.text.push(G.recs.slice(j).join('\n'));
		}
	}

	function gameId(i) {
		return (G.input[i] > 1 ? 'f' + G.input[i] : '') + 'g' + G.num[i];
	}

	var byId = null;
	function findGame(id) {
		var i;
		if (!byId) {
			byId = new Map();
			for (i = 0; i < G.recs.length; i++)
				byId.set(gameId(i), i);
		}
		return byId.has(id) ? byId.get(id) : -1;
	}

	/* The index: for each game its plies, moves, result and tags. */
	var I = { plies: null, moves: null, result: [], x: [], o: [],
	    event: [], date: [], site: [], hay: [] };

	function index(text) {
		var lines = text.split('\n'), n = G.recs.length, i, f;
		I.plies = new Uint8Array(n);
		I.moves = new Uint8Array(n);
		for (i = 0; i < n; i++) {
			f = lines[i].split('\t');
			I.plies[i] = +f[0];
			I.moves[i] = +f[1];
			I.result.push(f[2]);
			I.x.push(f[3]);
			I.o.push(f[4]);
			I.event.push(f[5]);
			I.date.push(f[6]);
			I.site.push(f[7]);
		}
		/* An invalid game's result is that it is invalid. */
		for (f in G.err)
			I.result[+f] = 'invalid';
	}

	/* ---------------------------------------------------------- */
	/* The interface                                               */
	/* ---------------------------------------------------------- */

	var RESULTS = ['1-0', '0-1', '1-1/2', '1/2-1', '3/2-0', '2-0', '0-0'];
	var COLUMNS = [['n', '#'], ['x', 'X'], ['o', 'O'],
	    ['result', 'Result'], ['moves', 'Moves'], ['event', 'Event'],
	    ['date', 'Date']];

	function esc(s) {
		return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;')
		    .replace(/>/g, '&gt;').replace(/"/g, '&quot;');
	}

	/* A line of actions, escaped, that wraps between actions only. */
	function unbroken(s) {
		return String(s).split('; ').map(function (a) {
			return '<span class="qttt-act">' + esc(a) + '</span>';
		}).join('; ');
	}

	function build() {
		var h = [], i;
		h.push('<div class="qttt-bar">',
		    '<button type="button" id="qttt-games" aria-expanded="true"',
		    ' aria-controls="qttt-list">Games</button>',
		    '<label>Theme <select id="qttt-theme">',
		    '<option value="auto">as the system</option>',
		    '<option value="light">light</option>',
		    '<option value="dark">dark</option>',
		    '<option value="mono">mono</option></select></label>',
		    '<button type="button" id="qttt-sheet">',
		    'Print every position</button></div>');
		h.push('<section id="qttt-list" class="qttt-list"',
		    ' aria-label="The games">',
		    '<div class="qttt-filter"><label>Find <input type="search"',
		    ' id="qttt-find" autocomplete="off" spellcheck="false"',
		    ' placeholder="a player, an event, x:Alice, moves:&gt;7">',
		    '</label><label>Result <select id="qttt-result">',
		    '<option value="">any</option>');
		for (i = 0; i < RESULTS.length; i++)
			h.push('<option>' + RESULTS[i] + '</option>');
		h.push('<option value="*">unfinished</option>',
		    '<option>invalid</option></select></label>',
		    '<output id="qttt-count" aria-live="polite"></output></div>',
		    '<div class="qttt-table" role="table"',
		    ' aria-label="The games"><div class="qttt-row qttt-th"',
		    ' role="row">');
		for (i = 0; i < COLUMNS.length; i++)
			h.push('<span role="columnheader"><button type="button"',
			    ' data-sort="' + COLUMNS[i][0] + '">' +
			    COLUMNS[i][1] + '</button></span>');
		h.push('</div><div class="qttt-rows" id="qttt-rows">',
		    '<div id="qttt-spacer"></div></div></div></section>');
		h.push('<div class="qttt-app-view"><div class="qttt-main">',
		    '<h2 id="qttt-heading"></h2>',
		    '<p id="qttt-tags" class="qttt-note"></p>',
		    '<pre id="qttt-diags" class="qttt-diags" hidden></pre>',
		    '<div class="qttt-nav">',
		    '<button type="button" data-go="first" title="Home">',
		    '\u00ab First</button>',
		    '<button type="button" data-go="prev" title="Left arrow">',
		    '\u2039 Previous</button>',
		    '<button type="button" data-go="next" title="Right arrow">',
		    'Next \u203a</button>',
		    '<button type="button" data-go="last" title="End">',
		    'Last \u00bb</button>',
		    '<output id="qttt-at" aria-live="polite"></output></div>',
		    '<div id="qttt-board" class="qttt-board" tabindex="0"',
		    ' role="group" aria-label="The board: type a square,',
		    ' a1 to c3, to click it"></div>',
		    '<p id="qttt-msg" class="qttt-msg" role="alert"></p>',
		    '<div id="qttt-graph" class="qttt-graph" aria-hidden="true"',
		    ' hidden></div>',
		    '<div id="qttt-strip" class="qttt-strip"',
		    ' title="The value of each position of the line"></div>',
		    '<p id="qttt-judged" class="qttt-note"></p>',
		    '<div id="qttt-outcomes" class="qttt-outcomes" hidden></div>',
		    '<div id="qttt-words" class="qttt-words"></div></div>');
		h.push('<div class="qttt-side"><div class="qttt-movebox">',
		    '<h3>Moves</h3>',
		    '<ol id="qttt-moves" class="qttt-movelist" start="0"></ol>',
		    '<div class="qttt-lineops"><span id="qttt-lineops" hidden>',
		    '<button type="button" id="qttt-promote">Make main line',
		    '</button> <button type="button" id="qttt-delete">',
		    'Delete this line</button></span> <button type="button"',
		    ' id="qttt-next-mistake" title="M">Next mistake</button>',
		    '</div></div><div class="qttt-analysis">',
		    '<h3>Analysis</h3><label class="qttt-showbest"><input',
		    ' type="checkbox" id="qttt-analysis" checked> the best',
		    ' actions on the board</label><p id="qttt-value"></p>',
		    '<div class="qttt-acts-box" id="qttt-acts-box">',
		    '<table class="qttt-acts">',
		    '<thead><tr><th>action</th><th>value</th>',
		    '<th title="Its letter on the board">on the board</th>',
		    '</tr></thead>',
		    '<tbody id="qttt-acts"></tbody></table></div>',
		    '<p id="qttt-pv" class="qttt-note"></p></div>',
		    '<div class="qttt-play"><h3>Play</h3>',
		    '<label>Opponent <select id="qttt-opponent">',
		    '<option value="0">none: you play both sides</option>',
		    '<option value="5">perfect play</option>',
		    '<option value="4">level 4: strong</option>',
		    '<option value="3">level 3</option>',
		    '<option value="2">level 2</option>',
		    '<option value="1">level 1: random</option>',
		    '</select></label>',
		    '<label>It plays <select id="qttt-side">',
		    '<option value="O">O</option><option value="X">X</option>',
		    '</select></label>',
		    '<form id="qttt-type"><label>Play an action <input',
		    ' id="qttt-item" autocomplete="off" spellcheck="false"',
		    ' placeholder="X5 a1 b2, measure O6-&gt;b2"></label>',
		    ' <button type="submit">Play</button></form>',
		    '<label>The record, every line <input id="qttt-record"',
		    ' readonly></label>',
		    '<button type="button" id="qttt-copy">Copy</button> ',
		    '<button type="button" id="qttt-back" hidden>',
		    'Back to the record</button>',
		    '<p id="qttt-copied" class="qttt-note" role="status"></p>',
		    '</div></div></div>',
		    '<div id="qttt-print" class="qttt-print"></div>');
		app.innerHTML = h.join('');
	}

	function $(id) {
		return d.getElementById(id);
	}

	/* ---------------------------------------------------------- */
	/* The game and the line shown                                 */
	/* ---------------------------------------------------------- */

	var M = null;		/* the module's session */
	var B = null;		/* where the board is drawn */
	var S = {
		game: -1,	/* index of the game shown */
		rec: null,	/* what the module read of it */
		tree: [],	/* its lines: the main line, its variations */
		v: -1,		/* the line shown (-1 the main line) */
		c: null,	/* the module's cursor: line, plies, acts... */
		cur: 0,		/* the plies shown */
		pos: null,	/* the position shown */
		first: -1,	/* a square clicked, the first of a move */
		an: null,	/* the analysis of the position shown */
		values: null,	/* the values along the line */
		valuesOf: ''	/* the line they are of */
	};

	/* The actions of the line shown, from the start, to its end. */
	function line() {
		return S.c ? S.c.acts : [];
	}

	/*
	 * Where the line shown leaves the main line: the plies before
	 * its first move off it, or -1 if it is the main line.
	 */
	function fork() {
		var on = S.c ? S.c.on : [], i;
		for (i = 0; i < on.length; i++)
			if (on[i] !== -1)
				return i;
		return -1;
	}

	/* The tree's line of id v (-1 the main line). */
	function treeLine(v) {
		return S.tree[v + 1];
	}

	/* The item of the tree that ply p (from 1) of the line shown is. */
	function itemAt(p) {
		var t = p > 0 && S.c && p <= S.c.on.length ? treeLine(S.c.on[p - 1]) :
		    null;
		return t ? t.items[p - t.ply0 - 1] : null;
	}

	function say(msg) {
		$('qttt-msg').textContent = msg || '';
	}

	function openGame(i) {
		var r;
		M.rules(G.rules[G.list[i]]);
		r = M.load(G.recs[i]);
		S.game = i;
		S.v = -1;
		S.cur = 0;
		S.values = null;
		if (r.error) {
			S.rec = { plies: [], notes: [], comments: [], meta: [],
			    comment: null, result: '*', position: false,
			    tree: M.tree() };
			say('Game ' + G.num[i] + ': ' + r.error);
		} else
			S.rec = r;
		S.tree = S.rec.tree;
		heading();
		listRows();
	}

	function heading() {
		var i = S.game, r = S.rec, tags = [], j, k, v;
		var file = G.files[G.input[i]];
		$('qttt-heading').innerHTML = (r.position ? 'Position ' :
		    'Game ') + G.num[i] + (file ? ' <small>(' + isolated(file) +
		    ', line ' + G.line[i] + ')</small>' : '') + (G.err[i] ?
		    ' <strong class="qttt-invalid">invalid</strong>' : '');
		/* An invalid game: why, as the tools say it. */
		$('qttt-diags').textContent = G.err[i] || '';
		$('qttt-diags').hidden = !G.err[i];
		/*
		 * A profile other than goff first, by the library's name.
		 * Each tag's text isolated, so that a right-to-left
		 * override in one leaves the others as they are.
		 */
		if (r.rules && r.rules !== 'goff')
			tags.push('rules: ' + isolated(r.rules));
		for (j = 0; j < r.meta.length; j++) {
			k = r.meta[j][0];
			v = isolated(r.meta[j][1]);
			if (k === 'rules' && r.rules && r.rules !== 'goff')
				continue;
			tags.push(k === 'x' ? 'X: ' + v : k === 'o' ? 'O: ' + v :
			    isolated(k) + ': ' + v);
		}
		if (r.comment)
			tags.push(isolated(r.comment));
		$('qttt-tags').innerHTML = tags.join(' \u00b7 ');
	}

	/* Text of a record, as HTML, in a bidirectional isolate. */
	function isolated(s) {
		return '<bdi>' + esc(s) + '</bdi>';
	}

	/*
	 * The fragment of what is shown: gNpPATH (PATH a path of the
	 * record, 5 or 5.1.2), and ~ and the actions played from there
	 * off the record's lines; the module writes what follows the p.
	 */
	function fragment() {
		return gameId(S.game) + 'p' + (S.c.link || S.cur);
	}

	/*
	 * A fragment as its characters: one that is not well-formed
	 * percent-encoding (#%, #g1p%zz) as it is written.
	 */
	function decoded(s) {
		try {
			return decodeURIComponent(s);
		} catch (e) {
			return s;
		}
	}

	function setHash(push) {
		var f = '#' + fragment();
		if (location.hash === f || decoded(location.hash) === decoded(f))
			return;
		if (push)
			history.pushState(null, '', f);
		else
			history.replaceState(null, '', f);
	}

	/*
	 * Shows the position of the cursor c that the module gave (the
	 * line and ply of S moved to by default): on line S.v, after the
	 * first S.cur actions of it.
	 */
	function show(push, c) {
		var t0 = performance.now(), pos, svg, was = d.activeElement;
		if (!c || c.error)
			c = M.goto(S.v, S.cur);
		if (c.tree)
			S.tree = c.tree;
		S.c = c;
		S.v = c.line;
		S.cur = c.ply;
		pos = c.pos;
		S.pos = pos;
		S.first = -1;
		S.an = null;
		svg = M.svg(false);
		V.svg = svg;
		$('qttt-board').innerHTML = svg.replace(/^<\?xml[^>]*>\s*/, '');
		fit();
		overlay();
		nav();
		moveList();
		words();
		outcomes();
		/*
		 * What Copy copies: the record with every line of its tree
		 * (the module writes it), or the position shown as its state
		 * string; nothing for a record without a move, which would
		 * be a lone "*".
		 */
		$('qttt-record').value = pos.record === null ? pos.state :
		    S.tree[0].items.length === 0 && S.tree.length === 1 ? '' :
		    M.copy() || '';
		$('qttt-copy').disabled = !$('qttt-record').value;
		$('qttt-copied').textContent = '';
		$('qttt-back').hidden = S.v < 0;
		$('qttt-lineops').hidden = S.v < 0;
		setHash(push);
		d.title = (S.rec.position ? 'Position ' : 'Game ') +
		    G.num[S.game] + ', ply ' + S.cur + ' \u2014 ' + title;
		refocus(was);
		T.steps.push(performance.now() - t0);
		later();
	}

	/*
	 * The focus, if what had it went (a move of the list drawn again,
	 * a button of the line hidden): to the move shown, so that the
	 * keyboard goes on from there.
	 */
	function refocus(was) {
		var a = $('qttt-moves').querySelector('a[aria-current]');
		if (a && was && was !== d.body && (!was.isConnected ||
		    !was.getClientRects().length))
			a.focus({ preventScroll: true });
	}

	/*
	 * On a phone's width the picture is cut in two: the board, as
	 * wide as the page, and under it the graph of spooky marks, as
	 * wide too (the status line under them is the page's own words).
	 */
	var narrow = window.matchMedia('(max-width: 40rem)');

	function fit() {
		var svg = $('qttt-board').querySelector('svg'), box = $('qttt-graph'),
		    v, w, h, m, g, e, n;
		box.innerHTML = '';
		box.hidden = !narrow.matches || !svg || B.board[0] < 1;
		if (box.hidden)
			return;
		v = svg.viewBox.baseVal.width;
		w = 2 * B.board[0] + 3 * B.board[2];
		if (v <= w + B.board[2])
			return void (box.hidden = true);
		/* The margin the coordinates take, if drawn; else a little. */
		m = svg.querySelector('.qttt-coords') ? B.board[0] :
		    Math.min(B.board[0], 6);
		h = 2 * m + 3 * B.board[2];
		g = svg.cloneNode(true);
		/* The board without the graph and the caption... */
		for (e = svg.firstElementChild; e; e = n) {
			n = e.nextElementSibling;
			if (/\bqttt-(graph|caption)\b/.test(e.getAttribute('class')))
				e.remove();
		}
		frame(svg, B.board[0] - m, B.board[1] - m, 2 * m + 3 * B.board[2],
		    h);
		/* ...and the graph alone, on the page's background. */
		for (e = g.firstElementChild; e; e = n) {
			n = e.nextElementSibling;
			if (!/^(style|defs)$/.test(e.tagName) &&
			    !/\bqttt-graph\b/.test(e.getAttribute('class')))
				e.remove();
		}
		frame(g, w, B.board[1] - m, v - w, h);
		g.removeAttribute('aria-labelledby');
		g.removeAttribute('aria-describedby');
		g.setAttribute('role', 'presentation');
		box.appendChild(g);
	}

	/* A picture cut to w by h from (x, y). */
	function frame(svg, x, y, w, h) {
		svg.setAttribute('viewBox', x + ' ' + y + ' ' + w + ' ' + h);
		svg.setAttribute('width', w);
		svg.setAttribute('height', h);
	}

	function nav() {
		var n = line().length, at = S.cur === 0 ? (S.rec.position ?
		    'the position given' : 'start') : line()[S.cur - 1];
		$('qttt-at').textContent = 'Ply ' + S.cur + ' of ' + n + ': ' +
		    at;
		app.querySelector('[data-go=first]').disabled =
		    app.querySelector('[data-go=prev]').disabled = S.cur === 0;
		app.querySelector('[data-go=last]').disabled =
		    app.querySelector('[data-go=next]').disabled = S.cur === n;
	}

	/* The module's steps of the cursor (web_step), by name. */
	var STEPS = { first: 0, prev: 1, next: 2, last: 3, up: 4, down: 5,
	    mistake: 6 };

	function go(k) {
		var c = M.step(STEPS[k]);
		say(k === 'mistake' && c.moved === false ? 'No mistake further ' +
		    'on along this line.' : '');
		show(true, c);
	}

	/*
	 * Plays an action (its item) at the position shown: a move the
	 * tree has there is followed, any other starts a variation (or
	 * goes on with the line that ends there); the module keeps the
	 * tree.
	 */
	function play(item) {
		var c = M.play(item);
		if (c.error) {
			say(c.error + (c.code ? ' [' + c.code + ']' : ''));
			return false;
		}
		say('');
		show(true, c);
		return true;
	}

	/*
	 * The best line instead of move p (from 1) of the line shown, a
	 * mistake, played into the tree (the module's web_best): a
	 * variation at that move, or the one that has it; the page at
	 * its end.
	 */
	function bestLine(p) {
		var c = M.best(p);
		if (c.error)
			return say(c.error);
		say(c.why || '');
		show(true, c);
	}

	/* The line shown, made the main line, or deleted. */
	function lineOp(promote) {
		var c = promote ? M.promote() : M.remove();
		say(c.error || '');
		show(true, c);
	}

	function backToRecord() {
		var k = fork();
		S.v = -1;
		if (k >= 0 && S.cur > k)
			S.cur = k;
		show(true);
	}

	/* ---------------------------------------------------------- */
	/* What the page says of the position                          */
	/* ---------------------------------------------------------- */

	/* A move of line v (-1 the main line) at ply, as a link. */
	function link(v, ply, text, cur) {
		return '<a href="#" data-line="' + v + '" data-ply="' + ply + '"' +
		    (cur ? ' aria-current="step"' : '') + '>' + esc(text) + '</a>';
	}

	/* The annotations of an item of the tree: glyph, notes, comment. */
	function annot(it) {
		var notes = it.notes, glyph = '', rest = [], j;
		for (j = 0; j < notes.length; j++) {
			if (notes[j][0] === 'mark' &&
			    /^(!!|\?\?|!\?|\?!|!|\?)$/.test(notes[j][1]))
				glyph = notes[j][1];
			else
				rest.push(notes[j][0] + ' ' + notes[j][1]);
		}
		if (it.comment)
			rest.push(it.comment);
		return (glyph ? '<span class="qttt-glyph-mark">' + esc(glyph) +
		    '</span>' : '') + (rest.length ?
		    '<span class="qttt-annot">' + esc(rest.join('; ')) +
		    '</span>' : '');
	}

	/*
	 * The library's judge of ply p of the line shown, beside its
	 * move: its mark, and the line that was best instead, as
	 * qttt-analyze writes it, a button that plays it (bestLine).
	 */
	function judged(p) {
		var j = S.judged, m = j && !j.error && S.values &&
		    S.valuesOf === line().join(';') ? j.marks[p - 1] : '';
		if (!m)
			return '';
		return ' <span class="qttt-judged-mark" title="' + (m === '??' ?
		    'a blunder' : 'a mistake') + ', by perfect play">' + m +
		    '</span> <button type="button" class="qttt-best-was"' +
		    ' data-best="' + p + '" title="Play it as a variation (B)">' +
		    'best was ' + unbroken(j.best[p - 1]) + '</button>';
	}

	/*
	 * Move k of line t of the tree, and the variations that replace
	 * it: those of the main line each in a block of its own, those
	 * inside a variation in brackets after the move, as lichess
	 * shows them.
	 */
	function move(t, k, kids) {
		var ply = t.ply0 + k + 1, on = S.c.on[ply - 1] === t.line,
		    h = link(t.line, ply, t.items[k].item, S.c.owner === t.line &&
		    S.c.n === k + 1) + annot(t.items[k]) + (on ? judged(ply) :
		    ''), vs = kids[t.line + ':' + k] || [], i;
		for (i = 0; i < vs.length; i++)
			h += t.line < 0 ? '<div class="qttt-var" role="group"' +
			    ' aria-label="A variation">' + variation(vs[i], kids) +
			    '</div>' : ' <span class="qttt-var-in">(' +
			    variation(vs[i], kids) + ')</span>';
		return h;
	}

	function variation(v, kids) {
		var t = treeLine(v), h = [], k;
		for (k = 0; k < t.items.length; k++)
			h.push(move(t, k, kids));
		return h.join('; ');
	}

	function moveList() {
		var t = S.tree[0], h = [], kids = {}, i, b, k;
		for (i = 1; i < S.tree.length; i++) {
			k = S.tree[i].parent + ':' + S.tree[i].at;
			(kids[k] = kids[k] || []).push(S.tree[i].line);
		}
		h.push('<li class="qttt-start">' + link(-1, 0, S.rec.position ?
		    'the position given' : 'start', S.cur === 0) + '</li>');
		for (i = 0; i < t.items.length; i++)
			h.push('<li>' + move(t, i, kids) + '</li>');
		if (S.rec.result !== '*' && S.rec.plies.join(';') ===
		    t.items.map(function (x) { return x.item; }).join(';'))
			h.push('<li class="qttt-result">' + esc(S.rec.result) +
			    '</li>');
		$('qttt-moves').innerHTML = h.join('');
		/* The move shown in view, once the page is drawn. */
		requestAnimationFrame(function () {
			var box = $('qttt-moves');
			b = box.querySelector('[aria-current]');
			if (b && box.scrollHeight > box.clientHeight)
				box.scrollTop = Math.max(0, b.offsetTop - box.offsetTop -
				    box.clientHeight / 2);
		});
	}

	function words() {
		var p = S.pos, h = [];
		if (p.note)
			h.push('<p>' + esc(p.note) + '.</p>');
		if (itemAt(S.cur) && itemAt(S.cur).comment)
			h.push('<p class="qttt-note">' + esc(itemAt(S.cur).comment) +
			    '</p>');
		if (p.lines)
			h = h.concat(p.lines.split('\n').map(function (l) {
				return '<p>' + esc(l) + '</p>';
			}));
		h.push('<p>' + esc(p.status) + '</p>');
		h.push('<details><summary>The board in words</summary><p>' +
		    esc(p.words) + '</p></details>');
		$('qttt-words').innerHTML = h.join('');
	}

	/* At a pending measurement: its two outcomes, each to choose. */
	function outcomes() {
		var p = S.pos, box = $('qttt-outcomes'), h, i, svg;
		if (!p.pending) {
			box.hidden = true;
			box.innerHTML = '';
			return;
		}
		svg = M.svg(true);
		h = ['<h3>The two outcomes</h3>',
		    svg.replace(/^<\?xml[^>]*>\s*/, '')];
		for (i = 0; i < p.actions.length; i++)
			h.push('<button type="button" data-item="' +
			    esc(p.actions[i].item) + '">' + p.turn +
			    ' measures: ' + esc(p.actions[i].item) + '</button>');
		box.innerHTML = h.join('');
		box.hidden = false;
	}

	/* ---------------------------------------------------------- */
	/* The board: clicks, and what is drawn over it                */
	/* ---------------------------------------------------------- */

	/* The square of the board under a click, or -1. */
	function squareAt(e) {
		var svg = $('qttt-board').querySelector('svg'), m, pt, x, y;
		if (!svg || !(m = svg.getScreenCTM()))
			return -1;
		pt = svg.createSVGPoint();
		pt.x = e.clientX;
		pt.y = e.clientY;
		pt = pt.matrixTransform(m.inverse());
		x = Math.floor((pt.x - B.board[0]) / B.board[2]);
		y = Math.floor((pt.y - B.board[1]) / B.board[2]);
		if (x < 0 || x > 2 || y < 0 || y > 2)
			return -1;
		return B.at[3 * y + x];
	}

	/* Where square sq is drawn: its top left corner. */
	function corner(sq) {
		var p = B.at.indexOf(sq);
		return [B.board[0] + (p % 3) * B.board[2],
		    B.board[1] + Math.floor(p / 3) * B.board[2]];
	}

	/* An element of the picture parent is in. */
	function el(name, attrs, parent) {
		var e = d.createElementNS(parent.namespaceURI, name), k;
		for (k in attrs)
			e.setAttribute(k, attrs[k]);
		parent.appendChild(e);
		return e;
	}

	/* The letter of best action i: A, B, ..., Z, then 27, 28... */
	function letter(i) {
		return i < 26 ? String.fromCharCode(65 + i) : String(i + 1);
	}

	/*
	 * Over the picture: the square clicked first, and the best
	 * actions, each by its letter (as the table of actions gives it)
	 * in each of its squares: a dashed outline inside the square and a
	 * badge with the letters of the best actions that take it, where
	 * the next move's mark would stand (a place of the square's 3x3
	 * that no mark holds yet).  Nothing is drawn from one square to
	 * another, so that no mark of the analysis looks like a line.
	 */
	function overlay() {
		var svg = $('qttt-board').querySelector('svg'), g, c, i, j,
		    s = B.board[2], acts, best, on = {}, sq, m, w, x, y, t;
		if (!svg)
			return;
		if ((g = svg.querySelector('.qttt-overlay')))
			g.remove();
		g = el('g', { 'class': 'qttt-overlay' }, svg);
		if (S.first >= 0) {
			c = corner(S.first);
			el('rect', { 'class': 'qttt-sel', x: c[0] + 4, y: c[1] + 4,
			    width: s - 8, height: s - 8, rx: 8 }, g);
		}
		if (!S.an || !$('qttt-analysis').checked || S.an.error)
			return;
		acts = S.an.actions;
		best = S.an.best;
		for (i = 0; i < best.length; i++)
			for (j = 0; j < acts[best[i]].squares.length; j++) {
				sq = acts[best[i]].squares[j];
				if (!on[sq])
					on[sq] = [];
				if (on[sq].indexOf(letter(i)) < 0)
					on[sq].push(letter(i));
			}
		/* The next move's place in a square (render_svg.c's). */
		m = Math.min(S.pos.next, 9) - 1;
		for (sq in on) {
			c = corner(+sq);
			/* As wide as a place, or little more: "ACD", "AB+". */
			t = on[sq].length > 3 ? on[sq].slice(0, 2).join('') + '+' :
			    on[sq].join('');
			w = 7 + 7.5 * t.length;
			x = Math.max(c[0] + 3, Math.min(c[0] + s - 3 - w,
			    c[0] + 21 + 26 * (m % 3) - w / 2));
			y = c[1] + 23 + 25 * Math.floor(m / 3) - 9;
			j = el('g', { 'class': 'qttt-best', 'data-square': sq,
			    'data-letters': on[sq].join(' ') }, g);
			el('rect', { 'class': 'qttt-best-square', x: c[0] + 6,
			    y: c[1] + 6, width: s - 12, height: s - 12, rx: 10 }, j);
			el('rect', { 'class': 'qttt-best-badge', x: x, y: y,
			    width: w, height: 18, rx: 5 }, j);
			el('text', { 'class': 'qttt-best-letter', x: x + w / 2,
			    y: y + 13 }, j).textContent = t;
		}
	}

	function boardClick(e) {
		var sq = squareAt(e);
		if (sq >= 0)
			squareClick(sq);
	}

	/*
	 * The board's keys, while it has the focus: a square's column (a,
	 * b, c) then its row (1, 2, 3) click it.
	 */
	var column = -1;
	function boardKey(e) {
		var k = e.key.toLowerCase();
		if (e.altKey || e.ctrlKey || e.metaKey)
			return;
		if (k >= 'a' && k <= 'c' && k.length === 1) {
			column = k.charCodeAt(0) - 97;
			say('Square ' + k + '\u2026');
		} else if (k >= '1' && k <= '3' && k.length === 1 && column >= 0) {
			say('');
			squareClick(3 * (+k - 1) + column);
			column = -1;
		} else
			return;
		e.preventDefault();
	}

	/* A square clicked: a move begun or made, a measurement... */
	function squareClick(sq) {
		var t0 = performance.now(), r;
		r = S.first >= 0 ? M.click(S.first, sq) : M.click(sq);
		if (S.first === sq && r.code === 'same-square') {
			/* The same square again: no move begun. */
			S.first = -1;
			say('');
			overlay();
		} else if (r.error) {
			S.first = -1;
			say(r.error + ' [' + r.code + ']');
			overlay();
		} else if (r.item) {
			play(r.item);
		} else {
			S.first = r.first;
			say('');
			overlay();
		}
		T.clicks.push(performance.now() - t0);
	}

	/* ---------------------------------------------------------- */
	/* Analysis, the evaluation strip and the opponent              */
	/* ---------------------------------------------------------- */

	var pending = 0;

	/* After a step: the analysis, the strip, the opponent's action. */
	function later() {
		var n = ++pending;
		setTimeout(function () {
			if (n !== pending)
				return;
			analyse();
			strip();
			opponent();
		}, 0);
	}

	/* The value of a position in words. */
	function valueText(v, r) {
		return r + (v > 0 ? ' (X ahead)' : v < 0 ? ' (O ahead)' :
		    ' (even)');
	}

	function analyse() {
		var t0 = performance.now(), an = M.analyze(), ms, acts, h = [],
		    order, i, mover = S.pos.turn, isBest = {};
		ms = performance.now() - t0;
		T.analyses.push({ plies: S.cur, state: S.pos.state, ms: ms });
		S.an = an;
		if (an.error) {
			$('qttt-value').textContent = an.error;
			$('qttt-acts').innerHTML = '';
			$('qttt-acts-box').hidden = true;
			$('qttt-pv').textContent = '';
			return;
		}
		acts = an.actions;
		/* A game over has no action: no table of none. */
		$('qttt-acts-box').hidden = acts.length === 0;
		for (i = 0; i < an.best.length; i++)
			isBest[an.best[i]] = letter(i);
		$('qttt-value').innerHTML = 'Value: <strong>' +
		    esc(valueText(an.v, an.value)) + '</strong>' +
		    (S.pos.over ? '' : ', ' + mover + ' to ' +
		    (S.pos.pending ? 'measure' : 'play')) +
		    ' <span class="qttt-ms">(' + Math.round(ms) + ' ms)</span>';
		order = acts.map(function (a, j) { return j; });
		order.sort(function (a, b) {
			var k = mover === 'X' ? acts[b].v - acts[a].v :
			    acts[a].v - acts[b].v;
			return k !== 0 ? k : a - b;
		});
		for (i = 0; i < order.length; i++)
			h.push('<tr' + (isBest[order[i]] ? ' class="qttt-is-best"' :
			    '') + '><td><button type="button" data-item="' +
			    esc(acts[order[i]].item) + '">' +
			    esc(acts[order[i]].item) + '</button></td><td>' +
			    esc(acts[order[i]].value) +
			    (isBest[order[i]] ? ' \u2605' : '') + '</td><td>' +
			    (isBest[order[i]] || '') + '</td></tr>');
		$('qttt-acts').innerHTML = h.join('');
		$('qttt-pv').innerHTML = an.pv.length ? 'Perfect play: ' +
		    unbroken(an.pv.map(function (a) { return a.item; })
		    .join('; ')) : '';
		overlay();
	}

	/*
	 * A bar per position of the line: its value, X's lead up and O's
	 * down, drawn to the strip's width in pixels; the record's glyphs
	 * over their plies.
	 */
	function strip() {
		var acts = line(), n = acts.length, box = $('qttt-strip'),
		    W = box.clientWidth || 600, w = W / (n + 1), h = [], i, v, y,
		    g, notes, k = 6, mid = 38;
		if (!S.values || S.valuesOf !== acts.join(';')) {
			M.line(acts.join('; '));
			S.judged = M.values();
			S.values = S.judged.error ? null : S.judged.values;
			S.valuesOf = acts.join(';');
			M.line(acts.slice(0, S.cur).join('; '));
			/* The marks beside the moves. */
			g = d.activeElement;
			moveList();
			refocus(g);
		}
		if (!S.values)
			return;
		h.push('<svg viewBox="0 0 ' + W + ' 64" width="' + W + '"',
		    ' height="64" role="img" aria-label="The value of each',
		    ' position: ' + S.values.map(function (x) {
			return x / 2;
		    }).join(', ') + '">');
		h.push('<rect class="qttt-here" x="' + S.cur * w + '" y="0"' +
		    ' width="' + w + '" height="64"/>');
		h.push('<line class="qttt-axis" x1="0" y1="' + mid + '" x2="' +
		    W + '" y2="' + mid + '"/>');
		for (i = 0; i <= n; i++) {
			v = S.values[i];
			y = v > 0 ? mid - v * k : mid;
			h.push('<rect data-ply="' + i + '" class="qttt-bar-' +
			    (v > 0 ? 'x' : v < 0 ? 'o' : '0') + '" x="' +
			    (i * w + w * 0.15) + '" y="' + y + '" width="' +
			    w * 0.7 + '" height="' + (v === 0 ? 1.5 :
			    Math.abs(v) * k) + '"><title>ply ' + i + ': ' +
			    (v > 0 ? 'X ahead by ' + v / 2 : v < 0 ?
			    'O ahead by ' + -v / 2 : 'even') + '</title></rect>');
			notes = itemAt(i) ? itemAt(i).notes : [];
			for (g = 0; g < notes.length; g++)
				if (notes[g][0] === 'mark')
					h.push('<text class="qttt-glyph" x="' +
					    (i * w + w / 2) + '" y="11">' +
					    esc(notes[g][1]) + '</text>');
			/* The library's judge of the ply, under the bar. */
			if (i > 0 && S.judged.marks[i - 1])
				h.push('<text class="qttt-judged" x="' +
				    (i * w + w / 2) + '" y="62">' +
				    S.judged.marks[i - 1] + '</text>');
		}
		h.push('</svg>');
		box.innerHTML = h.join('');
		$('qttt-judged').textContent = judgement();
	}

	/* The marks of the line by perfect play, counted by player. */
	function judgement() {
		var c = { X: { '?': 0, '??': 0 }, O: { '?': 0, '??': 0 } },
		    m = S.judged.marks, i, who, out = [];
		for (i = 0; i < m.length; i++) {
			if (!m[i])
				continue;
			who = S.judged.movers[i];
			c[who][m[i]]++;
		}
		['X', 'O'].forEach(function (p) {
			var n = c[p]['?'], b = c[p]['??'];
			out.push(p + ': ' + (n + b === 0 ? 'no mistake' :
			    (n ? n + ' mistake' + (n > 1 ? 's' : '') + ' (?)' : '') +
			    (n && b ? ', ' : '') + (b ? b + ' blunder' +
			    (b > 1 ? 's' : '') + ' (??)' : '')));
		});
		return 'By perfect play, the line shown: ' + out.join('; ') + '.';
	}

	var seed = (Math.random() * 4294967296) >>> 0;

	/* The opponent acts when it is its turn. */
	function opponent() {
		var level = +$('qttt-opponent').value, r;
		if (!level || S.pos.over || S.pos.turn !== $('qttt-side').value)
			return;
		setTimeout(function () {
			if (S.pos.over || S.pos.turn !== $('qttt-side').value ||
			    !+$('qttt-opponent').value)
				return;
			r = M.reply(level, seed = (seed * 1103515245 + 12345) >>>
			    0);
			if (r.item)
				play(r.item);
		}, 250);
	}

	/* ---------------------------------------------------------- */
	/* The game list                                               */
	/* ---------------------------------------------------------- */

	/*
	 * The list: the orders made, the games shown (view), the column
	 * and direction of the order, and the row that the keyboard's
	 * focus takes (its place in view): the list is one stop of Tab,
	 * and ↑ and ↓ move among its rows.
	 */
	var L = { order: {}, view: null, key: null, dir: 1, first: -1,
	    focus: 0 };
	var ROW = 30;

	function columnOf(key) {
		return key === 'x' ? I.x : key === 'o' ? I.o : key === 'event' ?
		    I.event : key === 'date' ? I.date : key === 'site' ? I.site :
		    key === 'result' ? I.result : null;
	}

	/* The games in the order of a column, ascending (cached). */
	function orderBy(key) {
		var n = G.recs.length, o, i, col;
		if (L.order[key])
			return L.order[key];
		o = new Int32Array(n);
		for (i = 0; i < n; i++)
			o[i] = i;
		if (key === 'moves')
			o.sort(function (a, b) {
				return I.moves[a] - I.moves[b] || a - b;
			});
		else if ((col = columnOf(key)))
			o.sort(function (a, b) {
				return col[a] < col[b] ? -1 : col[a] > col[b] ? 1 :
				    a - b;
			});
		return (L.order[key] = o);
	}

	/*
	 * What a game is found by: its number, tags and result, in lower
	 * case; made in slices while the page is idle (prepare), or at
	 * once when a search needs it first.
	 */
	function hay(upto) {
		var n = G.recs.length, i;
		if (!I.hay)
			I.hay = [];
		upto = Math.min(n, upto === undefined ? n : upto);
		for (i = I.hay.length; i < upto; i++)
			I.hay.push((G.num[i] + '\t' + I.x[i] + '\t' + I.o[i] + '\t' +
			    I.event[i] + '\t' + I.date[i] + '\t' + I.site[i] + '\t' +
			    I.result[i] + '\t' + G.files[G.input[i]])
			    .toLowerCase());
		return I.hay;
	}

	/* While the page is idle: what searching and sorting need. */
	function prepare() {
		var keys = ['x', 'o', 'result', 'moves', 'event', 'date'], k = 0;
		(function next() {
			if (I.hay.length < G.recs.length)
				hay(I.hay.length + 20000);
			else if (k < keys.length)
				orderBy(keys[k++]);
			else
				return;
			setTimeout(next, 10);
		})();
	}

	/*
	 * A test for the search: words each found in the game's tags, or
	 * key:text in one of them (x, o, event, date, site, result,
	 * file), or moves: and plies: with a number, >N or <N.
	 */
	function matcher(q) {
		var tests = [], ws = q.toLowerCase().split(/\s+/), i, w, m;
		for (i = 0; i < ws.length; i++) {
			w = ws[i];
			if (!w)
				continue;
			if ((m = /^(moves|plies|game|n):([<>]?)(\d+)$/.exec(w)))
				tests.push(numTest(m[1], m[2], +m[3]));
			else if ((m = /^(x|o|event|date|site|result|file):(.+)$/
			    .exec(w)))
				tests.push(fieldTest(m[1], m[2]));
			else
				tests.push(hayTest(w));
		}
		return function (g) {
			for (var k = 0; k < tests.length; k++)
				if (!tests[k](g))
					return false;
			return true;
		};
	}

	function numTest(key, op, v) {
		var col = key === 'moves' ? I.moves : key === 'plies' ?
		    I.plies : G.num;
		return function (g) {
			return op === '>' ? col[g] > v : op === '<' ? col[g] < v :
			    col[g] === v;
		};
	}

	function fieldTest(key, w) {
		var col = key === 'file' ? null : columnOf(key);
		return function (g) {
			return (col ? col[g] : G.files[G.input[g]]).toLowerCase()
			    .indexOf(w) >= 0;
		};
	}

	function hayTest(w) {
		var h = hay();
		return function (g) {
			return h[g].indexOf(w) >= 0;
		};
	}

	/* The games shown: those found, in the order chosen. */
	function filter() {
		var t0 = performance.now(), q = $('qttt-find').value.trim(),
		    res = $('qttt-result').value, o, n, view = [], test, i, g;
		if (!I.plies || !L.key)
			return;
		o = orderBy(L.key);
		n = o.length;
		test = q ? matcher(q) : null;
		for (i = 0; i < n; i++) {
			g = o[L.dir > 0 ? i : n - 1 - i];
			if (res && I.result[g] !== res)
				continue;
			if (test && !test(g))
				continue;
			view.push(g);
		}
		L.view = view;
		L.focus = 0;
		$('qttt-count').textContent = (view.length === n ? '' :
		    view.length.toLocaleString('en') + ' of ') +
		    n.toLocaleString('en') + (n === 1 ? ' game' : ' games') +
		    (G.nerr ? ', ' + G.nerr.toLocaleString('en') + ' invalid' :
		    '');
		$('qttt-spacer').style.height = view.length * ROW + 'px';
		$('qttt-rows').style.height = Math.min(view.length, 8) * ROW +
		    'px';
		L.first = -1;
		listRows();
		T.filters.push(performance.now() - t0);
	}

	/*
	 * Draws the rows in view.  The row the focus takes is one of
	 * them (the first in view, unless the focus is in the list), and
	 * keeps the focus if it had it.
	 */
	function listRows() {
		var box = $('qttt-rows'), view = L.view, first, last, h = [], i,
		    g, files = G.ninputs > 1, sp = $('qttt-spacer'),
		    had = box.contains(d.activeElement), top, shown;
		if (!view)
			return;
		top = Math.floor(box.scrollTop / ROW);
		shown = Math.max(1, Math.floor((box.clientHeight || 240) / ROW));
		first = Math.max(0, top - 5);
		last = Math.min(view.length, first + Math.ceil((box.clientHeight ||
		    240) / ROW) + 10);
		if (!had && (L.focus < top || L.focus >= top + shown))
			L.focus = Math.min(top, view.length - 1);
		for (i = first; i < last; i++) {
			g = view[i];
			h.push('<a class="qttt-row' + (files ? ' qttt-files' : '') +
			    (G.err[g] ? ' qttt-invalid' : '') +
			    '" role="row" href="#' + gameId(g) + 'p0"' +
			    ' aria-label="' + esc(rowLabel(g)) + '"' +
			    ' tabindex="' + (i === L.focus ? 0 : -1) + '"' +
			    ' style="position:absolute;top:' + i * ROW +
			    'px;left:0;right:0"' + (g === S.game ?
			    ' aria-current="true"' : '') + '>' +
			    '<span class="qttt-num" role="cell">' +
			    (files ? G.input[g] + ':' : '') + G.num[g] +
			    '</span><span role="cell">' + isolated(I.x[g]) +
			    '</span><span role="cell">' + isolated(I.o[g]) +
			    '</span><span role="cell">' + esc(I.result[g]) +
			    '</span><span class="qttt-num" role="cell">' +
			    I.moves[g] + '</span><span role="cell">' +
			    isolated(I.event[g]) + '</span><span role="cell">' +
			    isolated(I.date[g]) + '</span></a>');
		}
		sp.innerHTML = h.join('');
		if (had && (g = sp.querySelector('[tabindex="0"]')))
			g.focus({ preventScroll: true });
	}

	/*
	 * A row as a screen reader says it: "game 10, 18 moves, 1-0, X:
	 * Alice, O: Bob, Club night, 2026-03-04" (its file, with several).
	 */
	function rowLabel(g) {
		var r = I.result[g], m = I.moves[g];
		return 'game ' + G.num[g] + (G.ninputs > 1 ? ' of ' +
		    (G.files[G.input[g]] || 'input ' + G.input[g]) : '') + ', ' +
		    m + (m === 1 ? ' move' : ' moves') + ', ' + (r === '*' ?
		    'unfinished' : r) + (I.x[g] ? ', X: ' + I.x[g] : '') +
		    (I.o[g] ? ', O: ' + I.o[g] : '') + (I.event[g] ? ', ' +
		    I.event[g] : '') + (I.date[g] ? ', ' + I.date[g] : '');
	}

	/* ↑ and ↓ on a row: the focus to the row before or after it. */
	function listKey(e) {
		var box = $('qttt-rows'), k = e.key === 'ArrowDown' ? 1 :
		    e.key === 'ArrowUp' ? -1 : 0, n = L.view ? L.view.length : 0;
		if (!k || !n || e.altKey || e.ctrlKey || e.metaKey)
			return;
		e.preventDefault();
		L.focus = Math.max(0, Math.min(n - 1, L.focus + k));
		if (L.focus * ROW < box.scrollTop)
			box.scrollTop = L.focus * ROW;
		else if ((L.focus + 1) * ROW > box.scrollTop + box.clientHeight)
			box.scrollTop = (L.focus + 1) * ROW - box.clientHeight;
		listRows();
	}

	function sortBy(key) {
		var b, i, bs = app.querySelectorAll('[data-sort]');
		if (L.key === key)
			L.dir = -L.dir;
		else {
			L.key = key;
			L.dir = 1;
		}
		for (i = 0; i < bs.length; i++) {
			b = bs[i];
			if (b.getAttribute('data-sort') === key)
				b.setAttribute('aria-sort', L.dir > 0 ? 'ascending' :
				    'descending');
			else
				b.removeAttribute('aria-sort');
		}
		filter();
	}

	/* ---------------------------------------------------------- */
	/* The fragment, the events                                    */
	/* ---------------------------------------------------------- */

	/*
	 * Shows what the fragment names; an unknown one, game 1 at ply 0.
	 * Its path (what follows the p, to a ~) is the module's to read;
	 * a position it names no longer in the tree is played into it.
	 * The actions after a ~ are played from there, up to one the
	 * rules refuse, which the page names.
	 */
	function here(push) {
		var f = decoded(location.hash.slice(1));
		var m = /^((?:f\d+)?g\d+)(?:p([^~]+)(?:~(.*))?)?$/.exec(f);
		var i = m ? findGame(m[1]) : -1, items, k, c, r;
		if (i < 0) {
			i = 0;
			m = null;
		}
		if (i !== S.game)
			openGame(i);
		c = M.path(m && m[2] ? m[2] : '0');
		if (c.error) {
			say(c.error + (c.code ? ' [' + c.code + ']' : ''));
			c = M.goto(-1, 0);
		}
		items = m && m[3] ? m[3].replace(/_/g, ' ').split(';') : [];
		for (k = 0; k < items.length; k++) {
			r = M.play(items[k]);
			if (r.error) {
				say(r.error + (r.code ? ' [' + r.code + ']' : ''));
				break;
			}
			c = r;
		}
		show(push, c);
	}

	var title = d.title;

	function events() {
		app.addEventListener('click', function (e) {
			var t = e.target, b = t.closest('button[data-go]'), a;
			if (b)
				return go(b.getAttribute('data-go'));
			if ((b = t.closest('button[data-best]')))
				return bestLine(+b.getAttribute('data-best'));
			if ((b = t.closest('button[data-item]')))
				return play(b.getAttribute('data-item'));
			if ((b = t.closest('button[data-sort]')))
				return sortBy(b.getAttribute('data-sort'));
			/*
			 * A row followed (clicked, or Enter): its game, and the
			 * row keeps the focus, which the browser's move to a
			 * fragment would take away.
			 */
			if ((a = t.closest('#qttt-rows a'))) {
				e.preventDefault();
				L.focus = Math.round(parseFloat(a.style.top) / ROW);
				if (location.hash !== a.getAttribute('href'))
					history.pushState(null, '', a.getAttribute('href'));
				return here(false);
			}
			if ((a = t.closest('a[data-ply]'))) {
				e.preventDefault();
				S.v = +a.getAttribute('data-line');
				S.cur = +a.getAttribute('data-ply');
				say('');
				return show(true);
			}
			if ((a = t.closest('rect[data-ply]'))) {
				S.cur = +a.getAttribute('data-ply');
				return show(true);
			}
			if (t.closest('#qttt-board'))
				return boardClick(e);
		});
		/* A letter as typed with Caps Lock too (M, B): Shift is off. */
		d.addEventListener('keydown', function (e) {
			var k = { ArrowLeft: 'prev', ArrowRight: 'next',
			    Home: 'first', End: 'last', ArrowUp: 'up',
			    ArrowDown: 'down', m: 'mistake', b: 'best' }[
			    e.key.length === 1 ? e.key.toLowerCase() : e.key];
			if (!k || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey ||
			    e.defaultPrevented)
				return;
			if (/^(SELECT|INPUT|TEXTAREA)$/.test(e.target.tagName))
				return;
			e.preventDefault();
			if (k === 'best')
				return bestLine(S.cur);
			go(k);
		});
		window.addEventListener('popstate', function () { here(false); });
		window.addEventListener('hashchange', function () {
			here(false);
		});
		$('qttt-games').addEventListener('click', function () {
			showList($('qttt-list').hidden);
		});
		/* Across a phone's width, the picture cut or whole again. */
		narrow.addEventListener('change', function () {
			show(false);
		});
		$('qttt-find').addEventListener('input', filter);
		$('qttt-result').addEventListener('change', filter);
		$('qttt-rows').addEventListener('scroll', listRows);
		$('qttt-rows').addEventListener('keydown', listKey);
		$('qttt-board').addEventListener('keydown', boardKey);
		$('qttt-analysis').addEventListener('change', overlay);
		$('qttt-opponent').addEventListener('change', opponent);
		$('qttt-side').addEventListener('change', opponent);
		$('qttt-type').addEventListener('submit', function (e) {
			var item = $('qttt-item').value.trim(), p;
			e.preventDefault();
			if (!item)
				return;
			/* The library reads it: its syntax, then its rules. */
			p = M.line(line().slice(0, S.cur).concat([item]).join('; '));
			if (p.error) {
				say(p.error + (p.code ? ' [' + p.code + ']' : ''));
				M.line(line().slice(0, S.cur).join('; '));
				return;
			}
			if (p.plies !== S.cur + 1) {
				say('Not an action: ' + item);
				M.line(line().slice(0, S.cur).join('; '));
				return;
			}
			$('qttt-item').value = '';
			play(p.last.item);
		});
		$('qttt-copy').addEventListener('click', copy);
		$('qttt-back').addEventListener('click', backToRecord);
		$('qttt-promote').addEventListener('click', function () {
			lineOp(true);
		});
		$('qttt-delete').addEventListener('click', function () {
			lineOp(false);
		});
		$('qttt-next-mistake').addEventListener('click', function () {
			go('mistake');
		});
		var t = $('qttt-theme');
		t.value = root.getAttribute('data-theme');
		t.addEventListener('change', function () {
			root.setAttribute('data-theme', t.value);
		});
		$('qttt-sheet').addEventListener('click', sheet);
	}

	/*
	 * Copies the record (or state string) shown, and says so, or that
	 * the browser refused: then the text is selected, to copy by hand.
	 */
	function copy() {
		var r = $('qttt-record'), text = r.value, said = $('qttt-copied');
		if (!text)
			return;
		function done() {
			said.textContent = 'Copied: ' + text;
		}
		function refused() {
			r.focus();
			r.select();
			said.textContent = 'The browser did not let the page ' +
			    'copy: the text is selected, to copy with Ctrl+C ' +
			    '(\u2318C).';
		}
		r.select();
		if (navigator.clipboard && navigator.clipboard.writeText)
			navigator.clipboard.writeText(text).then(done, function () {
				if (d.execCommand('copy'))
					done();
				else
					refused();
			});
		else if (d.execCommand('copy'))
			done();
		else
			refused();
	}

	/* Print every position of the line shown, two to a row. */
	function sheet() {
		var acts = line(), h = [], i, box = $('qttt-print');
		for (i = 0; i <= acts.length; i++) {
			M.line(acts.slice(0, i).join('; '));
			h.push('<figure>' + M.svg(false)
			    .replace(/^<\?xml[^>]*>\s*/, '') + '<figcaption>Ply ' +
			    i + (i > 0 ? ': ' + esc(acts[i - 1]) : '') +
			    '</figcaption></figure>');
		}
		M.line(acts.slice(0, S.cur).join('; '));
		box.innerHTML = h.join('');
		root.classList.add('qttt-sheet');
		window.print();
		root.classList.remove('qttt-sheet');
		box.innerHTML = '';
	}

	/* ---------------------------------------------------------- */
	/* The start                                                   */
	/* ---------------------------------------------------------- */

	function showList(open) {
		$('qttt-list').hidden = !open;
		$('qttt-games').setAttribute('aria-expanded', String(open));
		if (open)
			listRows();
	}

	/*
	 * Once the page runs, what stands for it without scripts goes: its
	 * records are read, and its nodes (two for each game) would stay
	 * in the document for nothing.
	 */
	function dropStatic() {
		var m = d.getElementById('qttt-static');
		if (m)
			m.textContent = '';
	}

	/* Without the module: the page as it is without scripts. */
	function failed(why) {
		var p = d.createElement('p');
		root.classList.remove('js');
		p.className = 'qttt-failed';
		p.textContent = 'This browser cannot run the page\'s module (' +
		    why + '): the records and the first games are shown ' +
		    'as they are without scripts.';
		d.body.insertBefore(p, d.body.firstChild.nextSibling);
		V.error = String(why);
	}

	V.ready = (function () {
		var t0 = performance.now(), mod = d.getElementById('qttt-module');
		collect();
		T.collect = performance.now() - t0;
		if (!G.recs.length || !mod)
			return Promise.resolve(failed('no games'));
		return QtttModule.fromPage(mod.textContent).then(function (m) {
			T.module = performance.now() - t0 - T.collect;
			M = V.session = m;
			B = V.board = M.setup(app.getAttribute('data-options'));
			if (B.error)
				throw new Error(B.error);
			build();
			events();
			app.hidden = false;
			/* On a phone the board first: the list one tap away. */
			if (narrow.matches)
				showList(false);
			V.state = function () {
				var k = fork();
				return { game: gameId(S.game), cur: S.cur, fork: k,
				    branch: k < 0 ? [] : line().slice(k), line: S.v,
				    acts: line().slice(),
				    pos: S.pos, an: S.an,
				    values: S.values, first: S.first,
				    view: L.view ? L.view.length : 0 };
			};
			here(false);
			T.ready = performance.now();
			if (G.recs.length < 2) {
				$('qttt-list').hidden = true;
				$('qttt-games').hidden = true;
				dropStatic();
				return;
			}
			/* The list once the board is there: its index, then more. */
			$('qttt-count').textContent = 'reading ' +
			    G.recs.length.toLocaleString('en') + ' games\u2026';
			return new Promise(function (done) {
				setTimeout(function () {
					var t2 = performance.now();
					index(G.text.map(function (t, j) {
						M.rules(G.rules[j]);
						return M.index(t);
					}).join(''));
					G.text = null;
					T.index = performance.now() - t2;
					sortBy('n');
					T.list = performance.now();
					dropStatic();
					setTimeout(prepare, 100);
					done();
				}, 0);
			});
		}).catch(function (e) {
			failed(e && e.message ? e.message : e);
		});
	})();
})();
