/*
 * The viewer page in headless Chromium, driven as a user drives it
 * (cdp.js: real clicks, keys and typing, the back button), with its
 * real module: what it shows, checked against the tools' own output,
 * which tests/viewer/run.sh prepares in DIR.
 *
 *	node page.test.js CHROMIUM DIR [bench PAGE...]
 *
 * Prints "FAIL: what: why" for each check that fails, notes, and a
 * tally.  With "bench", opens each PAGE and prints what the page
 * measured of itself (performance.now()): nothing is asserted of time.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { Browser } = require('./cdp.js');

const [chromium, dirArg, mode, ...benchPages] = process.argv.slice(2);
const dir = path.resolve(dirArg);
let pass = 0, fail = 0;

function check(name, ok, why) {
	if (ok)
		pass++;
	else {
		fail++;
		console.log('FAIL: ' + name + (why !== undefined ? ': ' + why :
		    ''));
	}
	return ok;
}

function same(name, want, got) {
	const w = JSON.stringify(want), g = JSON.stringify(got);
	return check(name, w === g, 'want ' + w + ', got ' + g);
}

function url(name, fragment) {
	return 'file://' + path.join(dir, name) + (fragment || '');
}

function file(name) {
	return fs.readFileSync(path.join(dir, name), 'utf8');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* Opens a page and waits until its module is running. */
async function open(p, name, fragment) {
	await p.open(url(name, fragment));
	await p.eval('qtttViewer.ready');
	await settle(p);
}

/* Lets the page finish what it does after a step (its analysis). */
async function settle(p) {
	await p.eval('new Promise(function (r) { setTimeout(r, 20); })');
}

function state(p) {
	return p.eval('(function () { var s = qtttViewer.state(); return {' +
	    ' game: s.game, cur: s.cur, fork: s.fork, branch: s.branch,' +
	    ' line: s.line, acts: s.acts,' +
	    ' state: s.pos.state, hash: location.hash, first: s.first,' +
	    ' msg: document.getElementById("qttt-msg").textContent,' +
	    ' at: document.getElementById("qttt-at").textContent }; })()');
}

/* The middle of an element of the page, in the viewport. */
async function middle(p, selector) {
	const r = await p.eval('(function () { var e = document.querySelector(' +
	    JSON.stringify(selector) + '); if (!e) return null;' +
	    ' e.scrollIntoView({ block: "center" });' +
	    ' var b = e.getBoundingClientRect();' +
	    ' return [b.left + b.width / 2, b.top + b.height / 2]; })()');
	if (!r)
		throw new Error('no ' + selector + ' in the page');
	return r;
}

async function clickOn(p, selector) {
	const [x, y] = await middle(p, selector);
	await p.click(x, y);
	await settle(p);
}

/* A click on square sq (0..8) of the board shown. */
async function clickSquare(p, sq) {
	const r = await p.eval('(function () {' +
	    ' var svg = document.querySelector("#qttt-board svg");' +
	    ' svg.scrollIntoView({ block: "center" });' +
	    ' var b = svg.getBoundingClientRect(), v = svg.viewBox.baseVal;' +
	    ' var B = qtttViewer.board, at = B.at.indexOf(' + sq + ');' +
	    ' var k = b.width / v.width;' +
	    ' return [b.left + (B.board[0] + (at % 3 + .5) * B.board[2]) * k,' +
	    '  b.top + (B.board[1] + (Math.floor(at / 3) + .5) * B.board[2])' +
	    '  * k]; })()');
	await p.click(r[0], r[1]);
	await settle(p);
}

const SQ = { a1: 0, b1: 1, c1: 2, a2: 3, b2: 4, c2: 5, a3: 6, b3: 7,
    c3: 8 };

/* ------------------------------------------------------------------ */

/* Fragments, keys, buttons, clicks on moves, the back button. */
async function stepping(p) {
	await open(p, 'line.html', '#g3p6');
	let s = await state(p);
	same('fragment #g3p6', ['g3', 6, '#g3p6', 'Ply 6 of 7: O6 a1 b2'],
	    [s.game, s.cur, s.hash, s.at]);
	same('the move shown is marked', ['6', 'O6 a1 b2'], await p.eval(
	    '(function () { var a = document.querySelectorAll(' +
	    '"#qttt-moves a[aria-current]"); return a.length === 1 ?' +
	    ' [a[0].getAttribute("data-ply"), a[0].textContent] : a.length;' +
	    ' })()'));
	same('the static view is not shown', 'none', await p.eval(
	    'getComputedStyle(document.getElementById("qttt-static")).display'));
	same('the picture shown is qttt-render -T svg -g 3 -p 6', true,
	    await p.eval('qtttViewer.svg') === file('g3p6.svg'));
	const seq = [];
	for (const k of ['ArrowRight', 'ArrowRight', 'Home', 'ArrowLeft',
	    'End', 'ArrowLeft']) {
		await p.key(k);
		seq.push(k + ' ' + (await state(p)).hash);
	}
	same('keys', ['ArrowRight #g3p7', 'ArrowRight #g3p7',
	    'Home #g3p0', 'ArrowLeft #g3p0', 'End #g3p7', 'ArrowLeft #g3p6'],
	    seq);
	await clickOn(p, '[data-go=first]');
	await clickOn(p, '[data-go=next]');
	await clickOn(p, '[data-go=next]');
	same('buttons', '#g3p2', (await state(p)).hash);
	await clickOn(p, '#qttt-moves a[data-line="-1"][data-ply="5"]');
	s = await state(p);
	same('a click on a move', ['#g3p5', 'Ply 5 of 7: X5 c2 c3'],
	    [s.hash, s.at]);
	same('the picture at ply 5', true,
	    await p.eval('qtttViewer.svg') === file('g3p5.svg'));
	await p.eval('history.back()');
	await sleep(200);
	same('the back button', '#g3p2', (await state(p)).hash);
	await p.eval('history.back()');
	await sleep(200);
	same('the back button, again', '#g3p1', (await state(p)).hash);
	await clickOn(p, '#qttt-rows a[href="#g5p0"]');
	s = await state(p);
	same('the game list opens a game', ['g5', 0], [s.game, s.cur]);
	await open(p, 'line.html', '#g9p99');
	same('an unknown fragment: the first game at its start', '#g1p0',
	    (await state(p)).hash);
	/* Malformed fragments, in the address and then typed after. */
	const bad = ['#g', '#gx', '#g99999999999p', '#%', '#g1p%zz', '#%%~'];
	for (const f of bad) {
		await open(p, 'line.html', f);
		s = await state(p);
		same('a malformed fragment ' + f + ': the first game',
		    ['g1', 0, '', false], [s.game, s.cur, await p.eval(
		    'qtttViewer.error || ""'), await p.eval('document.getElementById(' +
		    '"qttt-app").hidden')]);
	}
	/* A branch that is no encoding: its game, the rules' refusal. */
	bad.push('#g2p1~%E0%A4%A');
	await open(p, 'line.html', bad[bad.length - 1]);
	s = await state(p);
	check('a branch of malformed percent-encoding: refused at its ply',
	    s.game === 'g2' && s.cur === 1 && /\[syntax\]$/.test(s.msg),
	    JSON.stringify(s));
	await open(p, 'line.html', '#g3p2');
	for (const f of bad) {
		await p.eval('location.hash = ' + JSON.stringify(f));
		await settle(p);
	}
	await p.eval('location.hash = "#g4p1"');
	await settle(p);
	same('malformed fragments followed by a good one', ['g4', 1],
	    [(await state(p)).game, (await state(p)).cur]);
	await open(p, 'two.html', '#f2g3p2');
	s = await state(p);
	same('a fragment into the second input', ['f2g3', 2], [s.game,
	    s.cur]);
	await open(p, 'line.html', '#g4p8');
	await p.eval('document.querySelector("[data-go=prev]").focus()');
	same('a focused control shows an outline', 'solid', await p.eval(
	    'getComputedStyle(document.querySelector("[data-go=prev]"))' +
	    '.outlineStyle'));
	same('the board has a text alternative, -T svg\'s title',
	    /<title>([^<]*)<\/title>/.exec(file('g4p8.svg'))[1], await p.eval(
	    'document.querySelector("#qttt-board svg title").textContent'));
	same('the board in words', 'a1 X7 (classical); c1 O2 (classical);' +
	    ' a2 X3 (classical); b2 X1 (classical); c2 O4 (classical); a3 X5' +
	    ' (classical); c3 O6 (classical); empty: b1 b3.', await p.eval(
	    'document.querySelector("#qttt-words details p").textContent'));
	same('themes', ['rgb(255, 255, 255)', 'rgb(17, 24, 39)',
	    'rgb(255, 255, 255)'], await p.eval('(function () {' +
	    ' var t = document.getElementById("qttt-theme"), bg = [];' +
	    ' ["light", "dark", "mono"].forEach(function (v) {' +
	    '  t.value = v; t.dispatchEvent(new Event("change"));' +
	    '  bg.push(getComputedStyle(document.body).backgroundColor); });' +
	    ' return bg; })()'));
}

/*
 * Play: clicks on the board make moves and measurements; a branch
 * leaves the record, is in the fragment and the record copied out;
 * illegal clicks say the rule; the forced X9 is one click.
 */
async function playing(p) {
	await open(p, 'line.html', '#g3p2');
	await clickSquare(p, SQ.a1);
	let s = await state(p);
	same('a first square is taken', [SQ.a1, 2, ''], [s.first, s.cur,
	    s.msg]);
	await clickSquare(p, SQ.a1);
	s = await state(p);
	same('the same square again lets it go', [-1, 2, ''], [s.first,
	    s.cur, s.msg]);
	await clickSquare(p, SQ.a1);
	await clickSquare(p, SQ.c3);
	s = await state(p);
	same('two squares make a move: a branch', [3, 2, ['X3 a1 c3'],
	    '#g3p2~X3_a1_c3'], [s.cur, s.fork, s.branch, s.hash]);
	same('the branch beside the record, a variation', 'X3 a1 c3',
	    await p.eval('[].map.call(document.querySelectorAll(' +
	    '"#qttt-moves .qttt-var a"), function (a) { return a.textContent;' +
	    ' }).join("; ")'));
	await clickSquare(p, SQ.b1);
	await clickSquare(p, SQ.c3);
	s = await state(p);
	same('a move that closes a cycle', ['O4 b1 c3', 4], [s.branch[1],
	    await p.eval('qtttViewer.state().pos.pending')]);
	await clickSquare(p, SQ.a2);
	s = await state(p);
	check('a square off the closing move\'s is refused with the rule',
	    s.msg === 'a2 is not one of O4\'s squares (b1, c3) ' +
	    '[wrong-square]', s.msg);
	await clickSquare(p, SQ.b1);
	s = await state(p);
	same('a square of the closing move measures', ['measure O4->b1', 5],
	    [s.branch[2], s.cur]);
	same('the record copied out, the branch a variation in it',
	    'X1 a1 b1; O2 b1 b2; X3 b2 c3 (X3 a1 c3; O4 b1 c3; ' +
	    'measure O4->b1); O4 b3 c3; X5 c2 c3; O6 a1 b2; measure O6->b2; ' +
	    '0-1', await p.eval('document.getElementById("qttt-record")' +
	    '.value'));
	const shown = s.state;
	await clickSquare(p, SQ.b1);
	s = await state(p);
	check('a classical square is refused with the rule', /b1 is classical.*\[square-classical\]$/.test(s.msg), s.msg);
	await clickOn(p, '[data-go=prev]');
	await clickOn(p, '[data-go=prev]');
	await clickOn(p, '[data-go=next]');
	await clickOn(p, '[data-go=next]');
	same('back and forward along the branch', [5, shown],
	    [(await state(p)).cur, (await state(p)).state]);
	same('the picture of a branch is -T svg of its record', true,
	    await p.eval('qtttViewer.svg') === file('branch.svg'));
	const link = (await state(p)).hash;
	await open(p, 'line.html', link);
	s = await state(p);
	same('a branch linked by its fragment', [shown, 5, 2],
	    [s.state, s.cur, s.fork]);
	await clickOn(p, '#qttt-back');
	s = await state(p);
	same('back to the record', [-1, 2, '#g3p2'], [s.fork, s.cur, s.hash]);
	/* Typed, read by the library. */
	await clickOn(p, '#qttt-item');
	await p.type('X3 a1 d4');
	await clickOn(p, '#qttt-type button');
	s = await state(p);
	check('a typed action with a bad square: the reader says why',
	    /\[bad-square\]$/.test(s.msg) && s.cur === 2, s.msg);
	await p.eval('document.getElementById("qttt-item").value = ""');
	await clickOn(p, '#qttt-item');
	await p.type('X3 b2 c2');
	await clickOn(p, '#qttt-type button');
	s = await state(p);
	same('a typed action is played', [3, ['X3 b2 c2']], [s.cur,
	    s.branch]);
	/* The game over: every square refused. */
	await open(p, 'line.html', '#g4p8');
	await clickSquare(p, SQ.b1);
	s = await state(p);
	check('a click after the end: the game is over', /\[game-over\]$/
	    .test(s.msg), s.msg);
	/* The forced X9: one click. */
	await open(p, 'forced.html', '#g1p9');
	same('the forced X9 is due', true, await p.eval(
	    'qtttViewer.state().pos.forced'));
	await clickSquare(p, SQ.a1);
	s = await state(p);
	check('a square not open: the forced move says which is',
	    /\[forced-move\]$/.test(s.msg), s.msg);
	await clickSquare(p, SQ.b2);
	s = await state(p);
	same('the forced X9 in one click, the line going on', [10, 'X9 b2',
	    -1], [s.cur, s.acts[9], s.line]);
}

/*
 * The moves of the list, as read: each line a main move or a
 * variation, without the marks of the judge.
 */
async function moves(p) {
	return (await p.eval('(function () { var j = document' +
	    '.querySelectorAll(".qttt-judged-mark, .qttt-best-was"), t;' +
	    ' [].forEach.call(j, function (e) { e.hidden = true; });' +
	    ' t = document.getElementById("qttt-moves").innerText;' +
	    ' [].forEach.call(j, function (e) { e.hidden = false; });' +
	    ' return t; })()')).replace(/ +;/g, ';').replace(/ +$/gm, '');
}

/* The lines of the tree shown: the main line and its variations. */
const LINES = 'new Set([].map.call(document.querySelectorAll(' +
    '"#qttt-moves a[data-line]"), function (a) {' +
    ' return a.getAttribute("data-line"); })).size';

/* What has the keyboard's focus: a move of the list, or an element. */
function focused(p) {
	return p.eval('(function () { var a = document.activeElement;' +
	    ' return a.hasAttribute("data-ply") ? [+a.getAttribute(' +
	    '"data-line"), +a.getAttribute("data-ply"), a.hasAttribute(' +
	    '"aria-current")] : a.id || a.tagName; })()');
}

/*
 * Variations: a record's, nested, shown and played when it opens;
 * the keys along a line and between its alternatives; a variation
 * made by clicks on the board, promoted by the keyboard, the record
 * copied with every line and read back by qttt-validate; a line
 * deleted; mistakes marked with the best action, a key to the next.
 */
async function variations(p) {
	await open(p, 'nested.html', '#g1p0');
	same('a record\'s variations, nested, shown when it opens',
	    'start\nX1 a1 c3\nO2 a1 c1\nO2 b2 b3; X3 a2 b2 (X3 a1 a2; ' +
	    'O4 b1 c2)\nX3 a1 c1', await moves(p));
	await clickOn(p, '#qttt-moves a[data-line="1"][data-ply="3"]');
	let s = await state(p);
	same('a move of a nested variation, one click away', [1, 3,
	    '#g1p2.1.2.1.1', 'Ply 3 of 4: X3 a1 a2'], [s.line,
	    s.cur, s.hash, s.at]);
	const seq = [];
	for (const k of ['ArrowRight', 'ArrowRight', 'ArrowLeft',
	    'ArrowLeft', 'ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowRight',
	    'ArrowDown', 'ArrowLeft']) {
		await p.key(k);
		s = await state(p);
		seq.push(k + ' ' + s.line + ' ' + s.cur);
	}
	same('left and right along the line, up and down between ' +
	    'variations', ['ArrowRight 1 4', 'ArrowRight 1 4',
	    'ArrowLeft 1 3', 'ArrowLeft 1 2', 'ArrowUp -1 2', 'ArrowUp -1 2',
	    'ArrowDown 0 2', 'ArrowRight 0 3', 'ArrowDown 1 3',
	    'ArrowLeft 1 2'], seq);
	/* Paths in the fragment: the module reads them. */
	await open(p, 'nested.html', '#g1p2.1.2.1.2');
	s = await state(p);
	same('a path in the fragment: its position, on its line', [1, 4,
	    'O4 b1 c2'], [s.line, s.cur, s.acts[3]]);
	await open(p, 'nested.html', '#g1p2.1.3');
	s = await state(p);
	same('a path that names no position: the start, and why', ['g1', 0,
	    '2.1.3: the variation has 2 items [missing-plies]'], [s.game,
	    s.cur, s.msg]);
	await p.eval('location.hash = "#g1p2.1.2~O4_c1_c2"');
	await settle(p);
	s = await state(p);
	same('a path, then actions played from it', [0, 4,
	    '#g1p2.1.2~O4_c1_c2'], [s.line, s.cur, s.hash]);
	await open(p, 'nested.html', '#g1p0');
	/* A variation made by clicks: O2 a2 a3 then X3 b1 b2. */
	await clickOn(p, '#qttt-moves a[data-line="-1"][data-ply="1"]');
	await clickSquare(p, SQ.a2);
	await clickSquare(p, SQ.a3);
	await clickSquare(p, SQ.b1);
	await clickSquare(p, SQ.b2);
	s = await state(p);
	same('clicks at a move start a variation, which goes on', [2, 3,
	    ['O2 a2 a3', 'X3 b1 b2']], [s.line, s.cur, s.branch]);
	same('the variation beside the other', 'start\nX1 a1 c3\nO2 a1 c1\n' +
	    'O2 b2 b3; X3 a2 b2 (X3 a1 a2; O4 b1 c2)\nO2 a2 a3; X3 b1 b2\n' +
	    'X3 a1 c1', await moves(p));
	/* Promoted from the keyboard: its button, and Enter. */
	await p.eval('document.getElementById("qttt-promote").focus()');
	await p.key('Enter');
	await settle(p);
	s = await state(p);
	same('promoted to the main line', [-1, 3, 'start\nX1 a1 c3\n' +
	    'O2 a2 a3\nO2 a1 c1; X3 a1 c1\nO2 b2 b3; X3 a2 b2 (X3 a1 a2; ' +
	    'O4 b1 c2)\nX3 b1 b2'], [s.line, s.cur, await moves(p)]);
	same('...the focus, its button gone, on the move shown',
	    [-1, 3, true], await focused(p));
	await clickOn(p, '#qttt-copy');
	await sleep(200);
	const tree = 'X1 a1 c3; O2 a2 a3 (O2 a1 c1; X3 a1 c1) (O2 b2 b3; ' +
	    'X3 a2 b2 (X3 a1 a2; O4 b1 c2)); X3 b1 b2';
	same('Copy: the whole tree', 'Copied: ' + tree, await p.eval(
	    'document.getElementById("qttt-copied").textContent'));
	fs.writeFileSync(path.join(dir, 'copied.qttt'), tree + '\n');
	let status = 0;
	try {
		execFileSync('qttt-validate', [path.join(dir, 'copied.qttt')],
		    { stdio: 'pipe' });
	} catch (e) {
		status = e.status;
	}
	same('qttt-validate accepts the record copied', 0, status);
	same('...whose tree is the one made, as qttt-convert writes it',
	    tree, execFileSync('qttt-convert', ['-T', 'line',
	    path.join(dir, 'copied.qttt')]).toString().trim());
	/* Deleted: the variation and the one inside it. */
	await clickOn(p, '#qttt-moves a[data-line="1"][data-ply="2"]');
	await clickOn(p, '#qttt-delete');
	s = await state(p);
	same('a line deleted, with those inside it', [-1, 1, 'start\n' +
	    'X1 a1 c3\nO2 a2 a3\nO2 a1 c1; X3 a1 c1\nX3 b1 b2'], [s.line,
	    s.cur, await moves(p)]);
	/* Mistakes marked, with what was best; M to the next. */
	await open(p, 'nested.html', '#g2p0');
	await sleep(300);
	same('mistakes and blunders marked, the best line beside, as ' +
	    'qttt-analyze writes it', [['??', 'best was X5 b2 a3; ' +
	    'measure X5->a3; O6 b1 b3; X7 b1 a2; O8 b1 a2; measure O8->b1'],
	    ['??', 'best was O6 b2 a3; measure O6->b2']],
	    await p.eval('[].map.call(document.querySelectorAll(' +
	    '".qttt-best-was"), function (b) { return [b.previousElementSibling' +
	    '.textContent, b.textContent]; })'));
	same('each action of a best line on one line, whole: measure ' +
	    'X5->a3 does not break at its hyphen', [8, 0],
	    await p.eval('((a) => [a.length, a.filter(function (e) { ' +
	    'return e.getClientRects().length !== 1; }).length])([].slice.' +
	    'call(document.querySelectorAll(".qttt-best-was .qttt-act")))'));
	const at = [];
	for (let i = 0; i < 3; i++) {
		await p.key('m');
		at.push((await state(p)).cur);
	}
	same('M: the next mistake, until none', [6, 7, 7], at);
	await p.key('Home');
	await p.key('M');
	same('M with Caps Lock on, as without', 6, (await state(p)).cur);
	await p.key('m');
	await p.key('m');
	same('...which the page says', 'No mistake further on along this ' +
	    'line.', (await state(p)).msg);
	/* The best line played: B at the mistake shown, then a click. */
	await p.key('b');
	await settle(p);
	s = await state(p);
	same('B: the best line instead of the mistake shown, a variation ' +
	    'at it', [0, 8, ['O6 b2 a3', 'measure O6->b2'],
	    '#g2p6~O6_b2_a3;measure_O6-%3Eb2', 'start\nX1 a1 c3\nO2 a1 c1\n' +
	    'X3 a1 c1\nmeasure X3->a1\nO4 b2 a3\nX5 a2 b3\nO6 b1 b3\n' +
	    'O6 b2 a3; measure O6->b2'], [s.line, s.cur, s.branch, s.hash,
	    await moves(p)]);
	await p.key('b');
	await settle(p);
	same('B at a move that is no mistake: said, nothing played',
	    [0, 8, 'the move is no mistake: it keeps the value'],
	    ((x) => [x.line, x.cur, x.msg])(await state(p)));
	await open(p, 'nested.html', '#g2p0');
	await sleep(300);
	await clickOn(p, '.qttt-best-was[data-best="6"]');
	s = await state(p);
	same('a click on a best line: played as a variation at its move, ' +
	    'the page at its end', [0, 11, 'X5 b2 a3', 'measure O8->b1'],
	    [s.line, s.cur, s.branch[0], s.acts[10]]);
	/* From the keyboard: Enter on it, the focus on the move shown. */
	await open(p, 'nested.html', '#g2p0');
	await sleep(300);
	await p.eval('document.querySelector(\'.qttt-best-was[data-best="7"]' +
	    '\').focus()');
	await p.key('Enter');
	await settle(p);
	await sleep(100);
	s = await state(p);
	same('Enter on a best line: played, the focus on its last move',
	    [0, 8, [0, 8, true]], [s.line, s.cur, await focused(p)]);
	/* The second time, the variation followed: no other made. */
	await clickOn(p, '#qttt-moves a[data-line="-1"][data-ply="7"]');
	await sleep(300);
	await clickOn(p, '.qttt-best-was[data-best="7"]');
	same('a best line played again: its variation followed', [0, 8, 2],
	    [(await state(p)).line, (await state(p)).cur, await p.eval(LINES)]);
	/* A move of the list followed with Enter keeps the focus. */
	await open(p, 'nested.html', '#g1p0');
	await p.eval('document.querySelector(\'#qttt-moves a[data-line="0"]' +
	    '[data-ply="2"]\').focus()');
	await p.key('Enter');
	await settle(p);
	await sleep(300);
	same('Enter on a move: there, the focus kept on it', [0, 2,
	    [0, 2, true]], ((x) => [x.line, x.cur])(await state(p)).concat(
	    [await focused(p)]));
	/* A move written with its squares in the other order, clicked. */
	await open(p, 'order.html', '#g1p1');
	await clickSquare(p, SQ.b3);
	await clickSquare(p, SQ.b2);
	s = await state(p);
	same('a move written "O2 b3 b2" in the record, clicked: followed',
	    [0, 2, '#g1p2.1.1', 2], [s.line, s.cur, s.hash, await p.eval(LINES)]);
}

/* The analysis shown, as qttt-analyze gives it, at 100 positions. */
async function analysing(p) {
	const positions = file('positions.tsv').trim().split('\n')
	    .map((l) => l.split('\t'));
	const want = file('positions.json').trim().split('\n')
	    .map((l) => JSON.parse(l));
	await open(p, 'club.html', '#g1p0');
	let bad = [];
	for (let i = 0; i < positions.length; i++) {
		const [g, ply, st] = positions[i];
		await p.eval('location.hash = "#g' + g + 'p' + ply + '"');
		await settle(p);
		const got = await p.eval('(function () {' +
		    ' var rows = document.querySelectorAll("#qttt-acts tr"), a = {},' +
		    '  best = [];' +
		    ' rows.forEach(function (r) { var c = r.querySelectorAll("td");' +
		    '  var v = c[1].textContent.replace(" \\u2605", "");' +
		    '  a[c[0].textContent] = v;' +
		    '  if (r.classList.contains("qttt-is-best")) best.push(' +
		    '   c[0].textContent); });' +
		    ' return { state: qtttViewer.state().pos.state, value:' +
		    '  document.querySelector("#qttt-value strong").textContent,' +
		    '  actions: a, best: best }; })()');
		const w = want[i], wa = {};
		w.actions.forEach((x) => { wa[x.item] = x.value; });
		const ok = got.state === st && got.value.split(' ')[0] ===
		    w.value && JSON.stringify(got.actions, Object.keys(wa)
		    .sort()) === JSON.stringify(wa, Object.keys(wa).sort()) &&
		    Object.keys(got.actions).length === w.actions.length &&
		    JSON.stringify(got.best.slice().sort()) ===
		    JSON.stringify(w.best.slice().sort());
		if (!ok)
			bad.push('#g' + g + 'p' + ply + ': ' + JSON.stringify(got)
			    .slice(0, 200));
	}
	check(positions.length + ' positions: the value and every ' +
	    'action\'s, as qttt-analyze -S shows them', bad.length === 0 &&
	    positions.length === 100, bad.length + ' differ: ' +
	    bad.slice(0, 3).join(' | '));
	/*
	 * The best actions on the board: each by its letter, in the
	 * table and in each of its squares, with nothing drawn from one
	 * square to another (no stroke that reads as a line): every
	 * element of the marks lies within the square it marks.  On the
	 * empty board, a move and a measurement.
	 */
	for (const f of ['#g3p0', '#g3p5', '#g3p6']) {
		await open(p, 'line.html', f);
		const got = await p.eval('(function () {' +
		    ' var an = qtttViewer.state().an, B = qtttViewer.board, s = B.board[2],' +
		    '  svg = document.querySelector("#qttt-board svg"), bad = [],' +
		    '  marked = {}, want = {}, n = 0;' +
		    ' svg.querySelectorAll(".qttt-overlay line, .qttt-overlay path,' +
		    '  .qttt-overlay polyline").forEach(function (e) {' +
		    '  bad.push("a " + e.tagName); });' +
		    ' svg.querySelectorAll(".qttt-overlay .qttt-best").forEach(' +
		    '  function (g) { var q = g.getAttribute("data-square"),' +
		    '  p = B.at.indexOf(+q), x = B.board[0] + p % 3 * s,' +
		    '  y = B.board[1] + Math.floor(p / 3) * s;' +
		    '  g.querySelectorAll("*").forEach(function (e) {' +
		    '   var b = e.getBBox(); n++;' +
		    '   if (p < 0 || b.x < x || b.y < y || b.x + b.width > x + s ||' +
		    '    b.y + b.height > y + s) bad.push(e.getAttribute("class") +' +
		    '    " of square " + q + " leaves it"); });' +
		    '  marked[q] = (g.getAttribute("data-letters") || "")' +
		    '   .split(" "); });' +
		    ' document.querySelectorAll("#qttt-acts tr.qttt-is-best").forEach(' +
		    '  function (r) { var c = r.querySelectorAll("td"), a;' +
		    '  if (!c[2]) return bad.push("no letter in the table");' +
		    '  a = an.actions.filter(function (x) {' +
		    '   return x.item === c[0].textContent; })[0];' +
		    '  a.squares.forEach(function (q) { (want[q] = want[q] || [])' +
		    '   .indexOf(c[2].textContent) < 0 && want[q].push(c[2]' +
		    '   .textContent); }); });' +
		    ' return { bad: bad, n: n, best: an.best.length, marked: marked,' +
		    '  want: want }; })()');
		check('the best actions on the board at ' + f + ': marks within ' +
		    'their squares, none across', got.bad.length === 0 &&
		    got.n > 0 && got.best > 0, JSON.stringify(got));
		const sorted = (o) => Object.keys(o).sort().map((k) => k + ' ' +
		    o[k].slice().sort().join(' '));
		same('the best actions on the board at ' + f + ': each one\'s ' +
		    'letter, from the table, in each of its squares',
		    sorted(got.want), sorted(got.marked));
	}
	await open(p, 'line.html', '#g3p0');
	await clickOn(p, '#qttt-analysis');
	same('and not when unticked', 0, await p.eval(
	    'document.querySelectorAll("#qttt-board .qttt-best").length'));
	same('the strip: a bar per position, the solver\'s values',
	    JSON.parse(file('g3.values')), await p.eval('(function () {' +
	    ' var r = document.querySelectorAll("#qttt-strip rect[data-ply]");' +
	    ' return [].map.call(r, function (x) { return x.getAttribute(' +
	    '  "class") === "qttt-bar-x" ? 1 : x.getAttribute("class") ===' +
	    '  "qttt-bar-o" ? -1 : 0; }); })()'));
	same('the line judged as qttt-analyze -s judges it', file('g3.judged')
	    .trim(), await p.eval('document.getElementById("qttt-judged")' +
	    '.textContent.replace(/[^0-9XO]+/g, " ").trim()'));
	same('the judged marks under the bars', JSON.parse(file('g3.marks')),
	    await p.eval('[].map.call(document.querySelectorAll(' +
	    '"#qttt-strip .qttt-judged"), function (t) {' +
	    ' return t.textContent; })'));
	await clickOn(p, '#qttt-strip rect[data-ply="4"]');
	same('a click on the strip goes to its ply', '#g3p4',
	    (await state(p)).hash);
	await clickOn(p, '[data-go=last]');
	same('a game over: its value, and no table of actions', ['#g3p7',
	    '0-1 (O ahead)', true, 0], await p.eval('[location.hash,' +
	    ' document.querySelector("#qttt-value strong").textContent,' +
	    ' document.getElementById("qttt-acts-box").hidden,' +
	    ' document.querySelectorAll("#qttt-acts tr").length]'));
	await clickOn(p, '[data-go=prev]');
	same('and the table again before it', false, await p.eval(
	    'document.getElementById("qttt-acts-box").hidden'));
	/* Glyphs and values of an annotated record, beside its moves. */
	await open(p, 'annotated.html', '#g3p0');
	same('glyphs beside the moves', file('annotated.glyphs').trim()
	    .split('\n'), await p.eval('[].map.call(document.querySelectorAll' +
	    '("#qttt-moves li"), function (l) { var g = l.querySelector(' +
	    '".qttt-glyph-mark"); return g ? g.textContent : "-"; })' +
	    '.slice(1, -1)'));
	check('values beside the moves', /value 0-0; best X1 a1 c3, X1 c1 a3/
	    .test(await p.eval('document.querySelector("#qttt-moves ' +
	    '.qttt-annot").textContent')));
}

/*
 * Against perfect play: it answers each action of the player, with
 * actions that keep the value of the position.
 */
async function opponent(p) {
	await open(p, 'line.html', '#g3p0');
	await p.eval('(function () { var o = document.getElementById(' +
	    '"qttt-opponent"), s = document.getElementById("qttt-side");' +
	    ' o.value = "5"; s.value = "O"; o.dispatchEvent(new Event(' +
	    '"change")); })()');
	let answered = 0, kept = 0, mine = [];
	for (let round = 0; round < 4; round++) {
		const pos = await p.eval('qtttViewer.state().pos');
		if (pos.over)
			break;
		/* The player's action: the first legal one, clicked. */
		const a = pos.actions[0];
		mine.push(a.item);
		const before = pos.plies;
		for (const sq of a.kind === 1 || a.squares[0] === a.squares[1] ?
		    [a.squares[0]] : a.squares)
			await clickSquare(p, sq);
		let s;
		for (let k = 0; k < 100; k++) {
			s = await p.eval('(function () { var s = qtttViewer.state();' +
			    ' return { cur: s.cur, turn: s.pos.turn, over: s.pos.over,' +
			    ' values: s.values }; })()');
			if ((s.over || (s.turn === 'X' && s.cur > before + 1)) &&
			    s.values && s.values.length === s.cur + 1)
				break;
			await sleep(50);
		}
		if (s.over && s.cur === before + 1)
			break;
		answered++;
		let ok = true;
		for (let j = before + 2; j <= s.cur; j++)
			ok = ok && s.values[j] === s.values[j - 1];
		kept += ok;
	}
	check('perfect play answers each action (' + mine.join('; ') + ')',
	    answered >= 3, answered);
	same('its answers keep the value of each position', answered, kept);
}

/* The game list: found by typing, by result, sorted, opened. */
async function listing(p) {
	const counts = JSON.parse(file('club.counts'));
	await open(p, 'club.html', '#g1p0');
	same('the list counts the games', '500 games', await p.eval(
	    'document.getElementById("qttt-count").textContent'));
	check('rows are drawn as they scroll in', await p.eval(
	    'document.querySelectorAll("#qttt-rows a").length') < 40);
	await clickOn(p, '#qttt-find');
	await p.type('x:alice');
	same('x:alice', counts.alice + ' of 500 games', await p.eval(
	    'document.getElementById("qttt-count").textContent'));
	await p.eval('(function () { var r = document.getElementById(' +
	    '"qttt-result"); r.value = "1-0"; r.dispatchEvent(new Event(' +
	    '"change")); })()');
	same('x:alice, won by X', counts.alice10 + ' of 500 games',
	    await p.eval('document.getElementById("qttt-count").textContent'));
	await p.eval('(function () { var f = document.getElementById(' +
	    '"qttt-find"), r = document.getElementById("qttt-result");' +
	    ' f.value = ""; r.value = ""; f.dispatchEvent(new Event(' +
	    '"input")); })()');
	await clickOn(p, '#qttt-find');
	await p.type('summer');
	same('a word in any tag', counts.summer + ' of 500 games',
	    await p.eval('document.getElementById("qttt-count").textContent'));
	await p.eval('(function () { var f = document.getElementById(' +
	    '"qttt-find"); f.value = "moves:>8"; f.dispatchEvent(new Event(' +
	    '"input")); })()');
	same('moves:>8', counts.nine + ' of 500 games', await p.eval(
	    'document.getElementById("qttt-count").textContent'));
	await p.eval('(function () { var f = document.getElementById(' +
	    '"qttt-find"); f.value = ""; f.dispatchEvent(new Event(' +
	    '"input")); })()');
	await clickOn(p, '[data-sort=x]');
	same('sorted by X', counts.firstx, await p.eval(
	    'document.querySelector("#qttt-rows a span:nth-child(2)")' +
	    '.textContent'));
	await clickOn(p, '[data-sort=x]');
	same('sorted by X, the other way', counts.lastx, await p.eval(
	    'document.querySelector("#qttt-rows a span:nth-child(2)")' +
	    '.textContent'));
	await clickOn(p, '[data-sort=date]');
	const href = await p.eval('document.querySelector("#qttt-rows a")' +
	    '.getAttribute("href")');
	await clickOn(p, '#qttt-rows a');
	same('a row opens its game', href, (await state(p)).hash);
	same('and is marked', href, await p.eval('document.querySelector(' +
	    '"#qttt-rows a[aria-current]").getAttribute("href")'));
	const label = await p.eval('(function () { var a = document' +
	    '.querySelector("#qttt-rows a"), c = [].map.call(a.children,' +
	    ' function (e) { return e.textContent; }); return [a.getAttribute(' +
	    '"aria-label"), c]; })()');
	const c = label[1];
	same('a row is labelled for a screen reader: its game, its moves',
	    'game ' + c[0] + ', ' + c[4] + ' moves, ' + (c[3] === '*' ?
	    'unfinished' : c[3]) + ', X: ' + c[1] + ', O: ' + c[2] + ', ' +
	    c[5] + ', ' + c[6], label[0]);
	await open(p, 'big.html', '#g4999p3');
	same('a page of 5,000 games', ['5,000 games', 'g4999', 3],
	    [await p.eval('document.getElementById("qttt-count")' +
	    '.textContent'), (await state(p)).game, (await state(p)).cur]);
	/*
	 * Its records read, the page keeps the nodes of what it shows:
	 * the rows in view, not two for each game.
	 */
	const nodes = await p.eval(NODES);
	check('a page of 5,000 games keeps few nodes (' + nodes + ')',
	    nodes < 2000, nodes);
}

/* The nodes of the document. */
const NODES = '(function () { var n = 0, w = document.createTreeWalker(' +
    'document, NodeFilter.SHOW_ALL); while (w.nextNode()) n++;' +
    ' return n; })()';

/*
 * What the page reads and says: state strings by the page's profile
 * (-R), a right-to-left override in a tag kept to its tag, Copy.
 */
async function reading(b) {
	const p = await b.page(1280, 900);
	await open(p, 'ksmanis.html', '#g1p0');
	same('state strings read by the page\'s profile (-R ksmanis)',
	    ['g1', '', 'Position 1 (ksmanis.txt, line 1)', 'rules: ksmanis',
	    '2 games', '2-0'], await p.eval('[qtttViewer.state().game,' +
	    ' document.getElementById("qttt-msg").textContent,' +
	    ' document.getElementById("qttt-heading").textContent,' +
	    ' document.getElementById("qttt-tags").textContent,' +
	    ' document.getElementById("qttt-count").textContent,' +
	    ' document.querySelector("#qttt-rows a").children[3].textContent]'));
	await open(p, 'rlo.html', '#g1p0');
	/* Where the B and the last b of "Bob" stand, in each place. */
	same('a right-to-left override in a tag: the tags after it, and ' +
	    'the cells, read left to right', [true, true], await p.eval(
	    '(function () { function ltr(box) { var w = document' +
	    '.createTreeWalker(box, NodeFilter.SHOW_TEXT), n, r = document' +
	    '.createRange(), x;' +
	    ' while ((n = w.nextNode())) { var i = n.data.indexOf("Bob");' +
	    '  if (i < 0) continue; r.setStart(n, i); r.setEnd(n, i + 1);' +
	    '  x = r.getBoundingClientRect().left; r.setStart(n, i + 2);' +
	    '  r.setEnd(n, i + 3); return x < r.getBoundingClientRect().left; }' +
	    ' return null; }' +
	    ' return [ltr(document.getElementById("qttt-tags")),' +
	    '  ltr(document.querySelector("#qttt-rows a"))]; })()'));
	/* Copy: the record at any ply; what, and that it did. */
	await open(p, 'line.html', '#g3p0');
	same('Copy at the start of a game: the record', [
	    'X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2; ' +
	    'measure O6->b2; 0-1', false],
	    await p.eval('[document.getElementById("qttt-record").value,' +
	    ' document.getElementById("qttt-copy").disabled]'));
	await p.eval('location.hash = "#g3p2"');
	await settle(p);
	await clickOn(p, '#qttt-copy');
	await sleep(200);
	same('Copy says what it copied, to a screen reader too',
	    ['Copied: X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; ' +
	    'O6 a1 b2; measure O6->b2; 0-1', 'status'], await p.eval(
	    '[document.getElementById("qttt-copied").textContent,' +
	    ' document.getElementById("qttt-copied").getAttribute("role")]'));
	await clickOn(p, '[data-go=next]');
	same('...until the position changes', '', await p.eval(
	    'document.getElementById("qttt-copied").textContent'));
	/* On a screen 900 px tall, under the list: the steps in reach. */
	await open(p, 'g1k.html', '#g3p2');
	same('at 1280 by 900, the step buttons in the upper three quarters',
	    [true, true], await p.eval('[].map.call(document.querySelectorAll(' +
	    '"[data-go=first], [data-go=last]"), function (e) {' +
	    ' var r = e.getBoundingClientRect(); return r.top > 0 &&' +
	    ' r.bottom <= 0.75 * innerHeight; })'));
	await p.send('Target.closeTarget', { targetId: p.targetId });
}

/*
 * The page's style sheet, lib/web/viewer.css, as the browser reads it:
 * each rule kept, with its selector, and each declaration kept (a
 * browser drops what it cannot parse, silently: Debian has no CSS
 * linter, so this is the check).  Its rules, in order, are the last of
 * the page's <style>, after the palettes.
 */
function cssRules(text) {
	const rules = [];
	text = text.replace(/\/\*[\s\S]*?\*\//g, '');
	const re = /([^{};]+)\{([^{}]*)\}|([^{};]+)\{|\}/g;
	let m;
	while ((m = re.exec(text)) !== null) {
		if (m[1] === undefined)
			continue;	/* an @media's opening or closing */
		rules.push({ selector: m[1].trim(), props: m[2].split(';')
		    .map((d) => d.split(':')[0].trim()).filter((d) => d) });
	}
	return rules;
}

async function styles(p) {
	const want = cssRules(fs.readFileSync(path.join(__dirname, '..', '..',
	    'lib', 'web', 'viewer.css'), 'utf8'));
	const got = await p.eval('(function () { var out = [];' +
	    ' (function walk(rules) { for (var i = 0; i < rules.length; i++) {' +
	    '  var r = rules[i]; if (r.cssRules && !r.selectorText)' +
	    '   walk(r.cssRules); else if (r.selectorText) out.push(r); } })(' +
	    '  document.querySelector("style").sheet.cssRules);' +
	    ' out = out.slice(-' + want.length + ');' +
	    ' return out.map(function (r, i) { return { selector:' +
	    '  r.selectorText, props: ' + JSON.stringify(want.map((r) =>
	    r.props)) + '[i].filter(function (q) {' +
	    '  return r.style.getPropertyValue(q) === ""; }) }; }); })()');
	const norm = (x) => x.replace(/[\s"']/g, '').toLowerCase();
	const lost = [];
	want.forEach((r, i) => {
		if (!got[i] || norm(got[i].selector) !== norm(r.selector))
			lost.push('rule ' + r.selector + ' (the browser has ' +
			    (got[i] ? got[i].selector : 'none') + ')');
		else if (got[i].props.length)
			lost.push(r.selector + ': ' + got[i].props.join(', '));
	});
	check('viewer.css: ' + want.length + ' rules, each rule and ' +
	    'declaration kept by the browser', lost.length === 0 &&
	    want.length > 50, lost.slice(0, 5).join('; '));
}

/*
 * The policy a page should have: its own scripts allowed by their
 * hashes (SHA-256 of each inline script, as node computes it), and
 * WebAssembly.
 */
function policy(name) {
	const crypto = require('crypto');
	const hashes = [];
	const re = /<script>([\s\S]*?)<\/script>/g;
	let m;
	while ((m = re.exec(file(name))) !== null)
		hashes.push('\'sha256-' + crypto.createHash('sha256')
		    .update(m[1], 'utf8').digest('base64') + '\'');
	return 'default-src \'none\'; style-src \'unsafe-inline\'; ' +
	    'script-src ' + hashes.join(' ') + ' \'wasm-unsafe-eval\'';
}

/* No request, and the policy: what WebAssembly needs and no more. */
async function network(b) {
	const p = await b.page(1280, 900);
	await open(p, 'line.html', '#g3p6');
	await p.key('ArrowRight');
	await clickSquare(p, SQ.c1);
	same('no request but the page', [url('line.html')], p.requests);
	same('nothing said on the console', [], p.console);
	await styles(p);
	const want = policy('line.html');
	check('the policy allows two scripts by hash, none inline',
	    (want.match(/'sha256-/g) || []).length === 2 &&
	    !/unsafe-inline'[^;]*wasm/.test(want), want);
	same('the policy: the page\'s scripts by their hashes', want,
	    await p.eval('document.querySelector("meta[http-equiv]")' +
	    '.content'));
	/* A script put into the page does not run; the page's own do. */
	await open(p, 'injected.html', '#g3p6');
	same('a script put into the page is refused, the page runs',
	    ['undefined', '', 'g3'], await p.eval('[typeof window.injected,' +
	    ' qtttViewer.error || "", qtttViewer.state().game]'));
	/* A request the page tries is blocked, and seen. */
	await p.open(url('leaky.html'));
	await sleep(200);
	same('the policy blocks a request the page tries',
	    ['http://example.invalid/x.png csp'], p.blocked);
	await p.open(url('leaky-open.html'));
	await sleep(200);
	check('without the policy the request is made', p.requests.some(
	    (r) => /example\.invalid/.test(r)) && p.blocked.length === 1,
	    JSON.stringify([p.requests, p.blocked]));
	/* Without 'wasm-unsafe-eval' no module: the page as without scripts. */
	await p.open(url('nowasm.html'));
	await p.eval('qtttViewer.ready');
	check('without \'wasm-unsafe-eval\' the module is refused',
	    /WebAssembly|Compil|unsafe-eval/i.test(await p.eval(
	    'qtttViewer.error || ""')));
	same('...and the page is as without scripts', ['block', true],
	    await p.eval('[getComputedStyle(document.getElementById(' +
	    '"qttt-static")).display, !!document.querySelector(' +
	    '".qttt-failed")]'));
	await p.send('Target.closeTarget', { targetId: p.targetId });
}

/* The pages of a PDF: the largest /Count of its page trees. */
function pdfPages(pdf) {
	return Math.max(...(pdf.toString('latin1').match(/\/Count \d+/g) ||
	    ['/Count 0']).map((c) => +c.slice(7)));
}

/* Without scripts: every record, the first games in full; print. */
async function noscript(b) {
	const p = await b.page(1280, 900);
	await p.send('Emulation.setScriptExecutionDisabled', { value: true });
	await p.open(url('club.html', '#g3p6'));
	same('no script: every game\'s record, in order', file('club.records')
	    .trim().split('\n'), await p.eval('[].map.call(document.' +
	    'querySelectorAll("ol.qttt-records li"), function (l) {' +
	    ' return l.textContent.trim(); })'));
	same('no script: the first 10 games drawn in full', 10, await p.eval(
	    'document.querySelectorAll("section.qttt-game").length'));
	same('no script: every position of game 3', JSON.parse(
	    file('club.g3plies')), await p.eval('document.querySelectorAll(' +
	    '"#g3 figure.qttt-ply").length'));
	same('no script: the page is not scripted', [false, true],
	    await p.eval('[document.documentElement.classList.contains(' +
	    '"js"), document.getElementById("qttt-app").hidden]'));
	const pages = pdfPages(await p.pdf());
	check('no script: print gives every record', pages >= 10, pages);
	await p.send('Target.closeTarget', { targetId: p.targetId });
	const q = await b.page(1280, 900);
	await open(q, 'line.html', '#g3p6');
	same('print: the position shown on one page', 1,
	    pdfPages(await q.pdf()));
	/* Print every position: the sheet has them all. */
	same('print every position', 8, await q.eval('(function () {' +
	    ' var n = -1; window.print = function () { n =' +
	    '  document.querySelectorAll("#qttt-print figure").length; };' +
	    ' document.getElementById("qttt-sheet").click(); return n; })()'));
	await q.send('Target.closeTarget', { targetId: q.targetId });
}

/*
 * Invalid games (2, drawn in full, and 12, in the list): listed with
 * the others, marked, with the diagnostics qttt-validate gives, and
 * played up to the error; without scripts too.
 */
async function invalid(b) {
	/* qttt-validate's diagnostics of each game, by its line. */
	const diags = {};
	let at = 0;
	for (const l of file('invalid.diags').split('\n')) {
		const m = /^invalid\.qttt:(\d+):/.exec(l);
		if (m)
			at = +m[1];
		if (l)
			diags[at] = (diags[at] || '') + l + '\n';
	}
	const p = await b.page(1280, 900);
	await open(p, 'invalid.html', '#g2p0');
	const shown = () => p.eval('[document.getElementById("qttt-count")' +
	    '.textContent, [].map.call(document.querySelectorAll(' +
	    '"#qttt-rows a.qttt-invalid"), function (a) {' +
	    ' return a.firstChild.textContent + " " + a.children[3]' +
	    ' .textContent; }), document.getElementById("qttt-heading")' +
	    '.textContent, document.getElementById("qttt-diags").textContent,' +
	    ' document.getElementById("qttt-diags").hidden]');
	same('an invalid game: listed, counted, marked, its diagnostics',
	    ['12 games, 2 invalid', ['2 invalid', '12 invalid'],
	    'Game 2 (invalid.qttt, line 2) invalid', diags[2], false],
	    await shown());
	await p.key('End');
	let s = await state(p);
	same('...played up to the error', [2, 'Ply 2 of 2: O2 b1 b2'],
	    [s.cur, s.at]);
	await p.eval('(function () { var r = document.getElementById(' +
	    '"qttt-result"); r.value = "invalid"; r.dispatchEvent(new Event(' +
	    '"change")); })()');
	const found = await shown();
	same('the invalid games, found by their result', ['2 of 12 games, ' +
	    '2 invalid', ['2 invalid', '12 invalid']], found.slice(0, 2));
	await clickOn(p, '#qttt-rows a[href="#g12p0"]');
	s = await state(p);
	same('an invalid game of the list opened: its diagnostics, its ' +
	    'valid part', ['g12', 0, diags[12], 'Ann'], [s.game, s.cur,
	    (await shown())[3], await p.eval('document.getElementById(' +
	    '"qttt-tags").textContent.replace(/^X: /, "")')]);
	await p.key('End');
	same('...up to its error', 'Ply 2 of 2: O2 b1 b2', (await state(p)).at);
	const q = await b.page(1280, 900);
	await q.send('Emulation.setScriptExecutionDisabled', { value: true });
	await q.open(url('invalid.html'));
	same('no script: the invalid game drawn, marked, its diagnostics',
	    ['Game 2 (invalid.qttt, line 2) invalid', diags[2], 3, 2],
	    await q.eval('[document.querySelector("#g2 h2").textContent,' +
	    ' document.querySelector("#g2 pre.qttt-diags").textContent,' +
	    ' document.querySelectorAll("#g2 figure.qttt-ply").length,' +
	    ' document.querySelectorAll("li[data-error]").length]'));
	await q.send('Target.closeTarget', { targetId: q.targetId });
	await p.send('Target.closeTarget', { targetId: p.targetId });
}

/*
 * The keyboard alone, in a page of 1,000 games: Tab from the search
 * goes through the list, one stop, to the board, the moves, the
 * analysis, Play and Copy; ↓ moves among the rows; on the board a
 * square's name clicks it.
 */
async function keyboard(b) {
	const p = await b.page(1280, 900);
	await open(p, 'g1k.html', '#g3p2');
	await p.eval('document.getElementById("qttt-find").focus()');
	const where = '(function () { var e = document.activeElement;' +
	    ' if (!e || e === document.body) return "body";' +
	    ' if (e.closest("#qttt-rows")) return "row " + e.getAttribute("href");' +
	    ' if (e.closest("#qttt-moves")) return "move";' +
	    ' if (e.closest("#qttt-acts")) return "action";' +
	    ' if (e.id) return e.id;' +
	    ' if (e.closest("#qttt-type")) return "play";' +
	    ' return e.tagName + " " + e.textContent.slice(0, 20); })()';
	const seen = [];
	for (let i = 0; i < 150 && seen[seen.length - 1] !== 'qttt-copy';
	    i++) {
		await p.key('Tab');
		seen.push(await p.eval(where));
	}
	const rows = seen.filter((x) => /^row /.test(x));
	const at = (x) => seen.indexOf(x);
	check('Tab from the list of 1,000 games reaches the board, the ' +
	    'moves, the analysis, Play and Copy, in that order', rows.length ===
	    1 && at(rows[0]) < at('qttt-board') && at('qttt-board') <
	    at('move') && at('move') < at('qttt-analysis') &&
	    at('qttt-analysis') < at('action') && at('action') < at('play') &&
	    at('play') < at('qttt-copy'), seen.length + ' stops: ' +
	    seen.slice(0, 30).join(', '));
	/* Back to the list: ↓ to the rows after the first in view. */
	await p.eval('document.querySelector("#qttt-rows [tabindex=\'0\']")' +
	    '.focus()');
	const first = await p.eval(where);
	for (let i = 0; i < 12; i++)
		await p.key('ArrowDown');
	same('↓ moves the focus along the rows, scrolling', ['row #g1p0',
	    'row #g13p0', 1], [first, await p.eval(where), await p.eval(
	    'document.querySelectorAll("#qttt-rows [tabindex=\'0\']").length')]);
	await p.key('Enter');
	await settle(p);
	same('Enter opens the row\'s game, which keeps the focus',
	    ['g13', 'row #g13p0'], [(await state(p)).game,
	    await p.eval(where)]);
	const after = [];
	for (let i = 0; i < 5 && after[after.length - 1] !== 'qttt-board';
	    i++) {
		await p.key('Tab');
		after.push(await p.eval(where));
	}
	check('...and Tab leaves the list for the step buttons, then the ' +
	    'board', after.length > 1 && after.slice(0, -1).every((x) =>
	    /^BUTTON /.test(x)) && after[after.length - 1] === 'qttt-board',
	    after.join(', '));
	/* The board: a1 then c3, as two clicks. */
	await p.eval('location.hash = "#g3p2"');
	await settle(p);
	await p.eval('document.getElementById("qttt-board").focus()');
	for (const k of ['a', '1', 'c', '3'])
		await p.key(k);
	await settle(p);
	const s = await state(p);
	same('typed on the board, a1 c3 make a move', [3, ['X3 a1 c3']],
	    [s.cur, s.branch]);
	await p.send('Target.closeTarget', { targetId: p.targetId });
}

/*
 * Words of 4,000 characters (a tag, comments) break: the page is no
 * wider than the window, with scripts and without.  The headings name
 * the file, not the folders it was written from.
 */
async function wide(b) {
	const p = await b.page(1280, 900);
	const widths = [];
	for (const g of ['#g1p1', '#g2p2', '#g3p1']) {
		await open(p, 'long.html', g);
		widths.push(await p.eval('document.documentElement.scrollWidth'));
	}
	same('words of 4,000 characters: the page\'s width', [1280, 1280, 1280],
	    widths);
	same('the heading names the file, without its folders',
	    'Game 3 (long.qttt, line 3)', await p.eval(
	    'document.getElementById("qttt-heading").textContent'));
	same('...and the search finds it by that name', '3 games',
	    await p.eval('(function () { var f = document.getElementById(' +
	    '"qttt-find"); f.value = "file:long.qttt"; f.dispatchEvent(' +
	    'new Event("input")); return document.getElementById(' +
	    '"qttt-count").textContent; })()'));
	await p.send('Emulation.setScriptExecutionDisabled', { value: true });
	await p.open(url('long.html'));
	same('words of 4,000 characters, no script: the page\'s width, the' +
	    ' headings', [1280, ['Game 1 (long.qttt, line 1)',
	    'Game 2 (long.qttt, line 2)', 'Game 3 (long.qttt, line 3)']],
	    await p.eval('[document.documentElement.scrollWidth,' +
	    ' [].map.call(document.querySelectorAll("section.qttt-game h2"),' +
	    ' function (h) { return h.textContent; })]'));
	await p.send('Target.closeTarget', { targetId: p.targetId });
}

/* At a phone's width, in an iframe: nothing wider than the screen. */
async function phone(b) {
	const p = await b.page(400, 900);
	await p.open(url('frame.html'));
	await p.eval('document.querySelector("iframe").contentWindow' +
	    '.qtttViewer.ready');
	await sleep(200);
	same('in an iframe at phone width', ['g2', 360, 360, 0], await p.eval(
	    '(function () { var w = document.querySelector("iframe")' +
	    '.contentWindow, d = w.document, wide = 0;' +
	    ' d.querySelectorAll("#qttt-app *").forEach(function (e) {' +
	    '  var r = e.getBoundingClientRect();' +
	    '  if (r.width > 0 && r.right > w.innerWidth + 0.5 &&' +
	    '   !e.closest(".qttt-rows")) wide++; });' +
	    ' return [w.qtttViewer.state().game, w.innerWidth,' +
	    '  d.documentElement.scrollWidth, wide]; })()'));
	await p.send('Target.closeTarget', { targetId: p.targetId });
	await phoneLayout(b);
}

/* The contrast of two colours "rgb(r, g, b)", as WCAG 2 defines it. */
const CONTRAST = 'function contrast(a, b) { function lum(c) {' +
    ' var v = c.match(/[0-9.]+/g).slice(0, 3).map(function (x) {' +
    '  x /= 255; return x <= 0.03928 ? x / 12.92 :' +
    '  Math.pow((x + 0.055) / 1.055, 2.4); });' +
    ' return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }' +
    ' var x = lum(a), y = lum(b);' +
    ' return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }';

/*
 * A phone, 390 px by 844: the board as wide as the page, its marks
 * big enough to read, the steps, the moves and the analysis under it
 * in reach, the graph under them; the best actions' outline wide and
 * of contrast in every theme.  Screenshots in DIR: phone-390.png (the
 * first screen), phone-390-page.png (the page, 2,400 px of it).
 */
async function phoneLayout(b) {
	const p = await b.page(390, 844);
	await open(p, 'line.html', '#g3p5');
	const m = await p.eval('(function () {' +
	    ' var s = document.querySelector("#qttt-board svg"),' +
	    '  k = s.getScreenCTM().a, B = qtttViewer.board,' +
	    '  r = s.getBoundingClientRect(), top = function (q) {' +
	    '  return Math.round(document.querySelector(q)' +
	    '   .getBoundingClientRect().top + scrollY); },' +
	    '  g = document.querySelector("#qttt-graph svg");' +
	    ' return { board: Math.round(3 * B.board[2] * k),' +
	    '  svg: Math.round(r.width), page: document.documentElement' +
	    '  .clientWidth, mark: +(20 * k).toFixed(1), sub: +(getComputedStyle(' +
	    '  s.querySelector(".qttt-spooky tspan")).fontSize.replace("px", "")' +
	    '  * k).toFixed(1), boardTop: Math.round(r.top + scrollY),' +
	    '  boardEnd: Math.round(r.bottom + scrollY), nav: top(".qttt-nav"),' +
	    '  moves: top("#qttt-moves"), analysis: top(".qttt-analysis"),' +
	    '  graph: g ? top("#qttt-graph") : -1, nodes: g ? [].filter.call(' +
	    '  g.querySelectorAll("circle"), function (c) { var b =' +
	    '  c.getBoundingClientRect(); return b.width >= 30 && b.left >= 0' +
	    '  && b.right <= innerWidth; }).length : 0,' +
	    '  wide: document.documentElement.scrollWidth }; })()');
	console.log('viewer: at 390 px: ' + JSON.stringify(m));
	check('at 390 px: the board as wide as the page (' + m.board +
	    ' px of ' + m.page + ')', m.board >= 0.88 * m.page &&
	    m.svg <= m.page, JSON.stringify(m));
	check('at 390 px: spooky marks of 18 px or more, their numbers 8 px' +
	    ' or more', m.mark >= 18 && m.sub >= 8, JSON.stringify(m));
	check('at 390 px: the steps over the board, on the first screen;' +
	    ' the moves and the analysis under it, the analysis within 300' +
	    ' px of it', m.nav < m.boardTop && m.boardEnd < 844 &&
	    m.moves > m.boardEnd && m.analysis > m.boardEnd &&
	    m.analysis - m.boardEnd <= 300, JSON.stringify(m));
	check('at 390 px: the graph under them, its nine squares whole',
	    m.graph > m.analysis && m.nodes === 9, JSON.stringify(m));
	same('at 390 px: nothing wider than the screen', 390, m.wide);
	fs.writeFileSync(path.join(dir, 'phone-390.png'), await p.screenshot());
	await p.send('Emulation.setDeviceMetricsOverride', { width: 390,
	    height: 2400, deviceScaleFactor: 1, mobile: false });
	await sleep(100);
	fs.writeFileSync(path.join(dir, 'phone-390-page.png'),
	    await p.screenshot());
	await p.send('Emulation.setDeviceMetricsOverride', { width: 1280,
	    height: 900, deviceScaleFactor: 1, mobile: false });
	await sleep(100);
	same('wider than a phone again: the picture whole', [true, true,
	    true], await p.eval('[document.getElementById("qttt-graph").hidden,' +
	    ' !!document.querySelector("#qttt-board svg .qttt-graph"),' +
	    ' qtttViewer.svg === new XMLSerializer().serializeToString(' +
	    '  document.querySelector("#qttt-board svg")) ||' +
	    ' document.querySelector("#qttt-board svg").getAttribute(' +
	    '  "viewBox") === /viewBox="([^"]*)"/.exec(qtttViewer.svg)[1]]'));
	await p.send('Emulation.setDeviceMetricsOverride', { width: 390,
	    height: 844, deviceScaleFactor: 1, mobile: false });
	/* The outline of a best action, against the square it is in. */
	await open(p, 'line.html', '#g3p5');
	const outline = await p.eval('(function () { ' + CONTRAST +
	    ' var t = document.getElementById("qttt-theme"), out = [];' +
	    ' ["light", "dark", "mono"].forEach(function (v) {' +
	    '  t.value = v; t.dispatchEvent(new Event("change"));' +
	    '  var e = document.querySelector("#qttt-board .qttt-best-square"),' +
	    '   s = getComputedStyle(e), bg = getComputedStyle(document' +
	    '   .querySelector("#qttt-board .qttt-background")).fill,' +
	    '   btn = getComputedStyle(document.querySelector(' +
	    '   "#qttt-acts .qttt-is-best button"));' +
	    '  out.push(v + " " + contrast(s.stroke, bg).toFixed(1) + ":1 " +' +
	    '   (parseFloat(s.strokeWidth) * e.getScreenCTM().a).toFixed(1) +' +
	    '   " px; in the table " + contrast(btn.borderTopColor,' +
	    '   getComputedStyle(document.body).backgroundColor).toFixed(1) +' +
	    '   ":1 " + btn.borderTopWidth); });' +
	    ' return out; })()');
	console.log('viewer: the best actions\' outline: ' + outline.join('; '));
	check('the best actions\' outline: 3:1 against the square and 2 px' +
	    ' wide at 390 px, 3:1 in the table, in every theme', outline
	    .every((x) => { const n = x.match(/[0-9.]+/g).map(Number);
		return n[0] >= 3 && n[2] >= 2 && n[3] >= 3; }), outline.join('; '));
	await p.send('Target.closeTarget', { targetId: p.targetId });
}

/*
 * What the page shows is what -T svg draws: a screenshot of the board
 * against rsvg-convert's picture of the same ply, in each theme, and
 * not the ply before.
 */
async function pictures(b) {
	const p = await b.page(1280, 1000);
	const cases = fs.readdirSync(dir).filter((f) => /^shot-.*\.case$/
	    .test(f));
	for (const c of cases) {
		const [page, frag, theme] = file(c).trim().split(' ');
		await p.send('Emulation.setEmulatedMedia', { features: [{ name:
		    'prefers-color-scheme', value: theme === 'dark' ? 'dark' :
		    'light' }] });
		await open(p, page, frag);
		const box = await p.eval('(function () { var s = document' +
		    '.querySelector("#qttt-board svg"); s.scrollIntoView();' +
		    ' var o = s.querySelector(".qttt-overlay"); if (o) o.remove();' +
		    ' var r = s.getBoundingClientRect(); return { x: r.left +' +
		    ' scrollX, y: r.top + scrollY, width: r.width,' +
		    ' height: r.height }; })()');
		const shot = (await p.screenshot(box)).toString('base64');
		const base = c.replace(/\.case$/, '');
		const share = [];
		/* In a page of its own: the viewer's loads no image. */
		await p.open('about:blank');
		for (const other of ['same', 'before']) {
			const png = fs.readFileSync(path.join(dir, base + '.' +
			    other + '.png')).toString('base64');
			share.push(await p.eval(compare(shot, png)));
		}
		console.log('viewer: ' + page + frag + ' (' + theme + '): ' +
		    share[0] + '/1000 of the pixels differ from -T svg, ' +
		    share[1] + '/1000 from the ply before');
		check('screenshot ' + page + frag + ' (' + theme + ') against ' +
		    '-T svg', share[0] <= 15 && share[1] >= share[0] + 10,
		    share.join(' '));
	}
	await p.send('Emulation.setEmulatedMedia', { features: [] });
	/* The print.css example: the picture is used, not half of it. */
	await p.open(url('styled.svg'));
	const used = await p.eval('(function () { var s = document' +
	    '.documentElement, v = s.viewBox.baseVal, x0 = 1e9, x1 = -1e9;' +
	    ' s.querySelectorAll("text, circle, path").forEach(function (e) {' +
	    '  if (getComputedStyle(e).display === "none" ||' +
	    '   e.closest("[style*=none]")) return;' +
	    '  var r = e.getBoundingClientRect(); if (!r.width) return;' +
	    '  x0 = Math.min(x0, r.left); x1 = Math.max(x1, r.right); });' +
	    ' return Math.round(100 * (x1 - x0) / s.getBoundingClientRect()' +
	    '  .width); })()');
	check('the print.css example fills its picture (' + used + '%)',
	    used >= 85, used);
	await p.send('Target.closeTarget', { targetId: p.targetId });
}

/* A script that compares two PNGs pixel by pixel: the share, in 1/1000. */
function compare(a, b) {
	return '(function () { return new Promise(function (done) {' +
	    ' setTimeout(function () { done(-1); }, 10000);' +
	    ' var x = new Image(), y = new Image(), left = 2;' +
	    ' x.onload = y.onload = function () { if (--left) return;' +
	    '  var w = y.width, h = y.height, c = document.createElement(' +
	    '   "canvas"); c.width = w; c.height = h;' +
	    '  var g = c.getContext("2d"); g.drawImage(x, 0, 0, w, h);' +
	    '  var p = g.getImageData(0, 0, w, h).data; g.clearRect(0, 0, w, h);' +
	    '  g.drawImage(y, 0, 0, w, h);' +
	    '  var q = g.getImageData(0, 0, w, h).data, n = 0, i, k;' +
	    '  for (i = 0; i < p.length; i += 4) for (k = 0; k < 3; k++)' +
	    '   if (Math.abs(p[i + k] - q[i + k]) > 64) { n++; break; }' +
	    '  done(Math.round(1000 * n / (w * h))); };' +
	    ' x.src = "data:image/png;base64,' + a + '";' +
	    ' y.src = "data:image/png;base64,' + b + '"; }); })()';
}

/* make bench: each page opened, and what it measured of itself. */
async function bench(b) {
	const p = await b.page(1280, 1000);
	for (const page of benchPages) {
		const t0 = Date.now();
		await p.open('file://' + path.resolve(page));
		await p.eval('qtttViewer.ready');
		const ready = Date.now() - t0;
		const nodes = await p.eval(NODES);
		/* What the page prepares while idle, done. */
		await sleep(3000);
		for (const k of ['ArrowRight', 'ArrowRight', 'ArrowRight',
		    'End', 'Home', 'ArrowRight', 'ArrowRight'])
			await p.key(k);
		await clickSquare(p, 0);
		await clickSquare(p, 4);
		await clickOn(p, '#qttt-find');
		await p.type('1-0');
		await p.eval('(function () { var f = document.getElementById(' +
		    '"qttt-find"); f.value = "moves:>8"; f.dispatchEvent(new ' +
		    'Event("input")); f.value = ""; f.dispatchEvent(new Event(' +
		    '"input")); })()');
		await clickOn(p, '[data-sort=moves]');
		/* The empty board's 36 actions; positions after move 2. */
		await p.eval('location.hash = "#g1p0"');
		await settle(p);
		await p.eval('(function () { var M = qtttViewer.session, t, i;' +
		    ' for (i = 0; i < 3; i++) { M.line(""); t = performance.now();' +
		    '  M.analyze(); qtttViewer.timings.analyses.push({ plies: 0,' +
		    '  ms: performance.now() - t }); } })()');
		for (let g = 1; g <= 40; g++) {
			await p.eval('location.hash = "#g' + g + 'p' +
			    (3 + g % 8) + '"');
			await settle(p);
		}
		const T = await p.eval('qtttViewer.timings');
		const max = (a) => a.length ? Math.max(...a) : 0;
		const med = (a) => a.length ? a.slice().sort((x, y) => x - y)[
		    a.length >> 1] : 0;
		const empty = T.analyses.filter((a) => a.plies === 0).map((a) =>
		    a.ms);
		const later = T.analyses.filter((a) => a.plies >= 3).map((a) =>
		    a.ms);
		const f = (x) => x.toFixed(0);
		console.log('viewer bench: ' + path.basename(page) + ': ' +
		    'interactive ' + f(T.ready) + ' ms after navigation, its ' +
		    'game list ' + f(T.list || T.ready) + ' ms (target: 2000;' +
		    ' all seen by the driver after ' + ready + ' ms); records ' +
		    'read ' + f(T.collect) + ' ms, module ' + f(T.module) +
		    ' ms, index ' + f(T.index || 0) + ' ms; ' + nodes +
		    ' nodes kept');
		console.log('viewer bench: ' + path.basename(page) + ': step ' +
		    'median ' + f(med(T.steps)) + ' ms, max ' + f(max(T.steps)) +
		    ' ms (' + T.steps.length + '); click max ' + f(max(T.clicks)) +
		    ' ms (' + T.clicks.length + '); filter median ' +
		    f(med(T.filters)) + ' ms, max ' + f(max(T.filters)) + ' ms (' +
		    T.filters.length + ')');
		console.log('viewer bench: ' + path.basename(page) + ': the ' +
		    '36 first moves valued in ' + f(med(empty)) + ' ms (median ' +
		    'of ' + empty.length + ', max ' + f(max(empty)) + '); ' +
		    'positions after move 2: median ' + f(med(later)) + ' ms, ' +
		    'max ' + f(max(later)) + ' ms (' + later.length + ')');
	}
}

async function main() {
	/* File pages in frames of file pages may be read, as on a server. */
	const b = await Browser.launch(chromium, path.join(dir, 'profile'),
	    ['--allow-file-access-from-files']);
	try {
		if (mode === 'bench') {
			await bench(b);
			return;
		}
		const p = await b.page(1280, 1000);
		for (const part of [stepping, playing, variations, analysing,
		    opponent, listing]) {
			try {
				await part(p);
			} catch (e) {
				check(part.name, false, e.stack);
			}
		}
		same('no exception in the page', [], p.console.filter((c) =>
		    /^exception/.test(c)));
		for (const part of [network, noscript, invalid, keyboard, wide,
		    reading, phone, pictures]) {
			try {
				await part(b);
			} catch (e) {
				check(part.name, false, e.stack);
			}
		}
	} finally {
		await b.close();
	}
	console.log('viewer: browser: ' + pass + ' passed, ' + fail +
	    ' failed');
	process.exit(fail === 0 ? 0 : 1);
}

main().catch((e) => {
	console.log('FAIL: ' + (e && e.stack ? e.stack : e));
	process.exit(1);
});
