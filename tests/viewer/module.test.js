/*
 * The viewer page's WebAssembly module under node: the module the page
 * carries is lib/web/qttt.wasm byte for byte; what it imports, the
 * page's shim gives (lib/web/module.js, the same file the page runs);
 * each exported function does what formats/viewer.md says, checked
 * against the tools: every position of a collection drawn with the
 * page's options is what qttt-render -T svg draws for it, byte for
 * byte, and the analysis of positions is what qttt-analyze says.
 *
 *	node module.test.js WASM PAGE DIR...
 *
 * PAGE is a page of the games that each DIR was drawn from: DIR holds
 * games.qttt (one valid record a line), options.html (a page written
 * with the options of the pictures: the module reads them from it) and
 * svg/, what qttt-render -T svg -a -d wrote of the games with those
 * options.  WASM_STATES and WASM_ANALYSIS (environment) name a file of
 * state strings and qttt-analyze -T json's report of them.  Prints
 * "ok NAME" or "FAIL: NAME: why" for each check, and a tally.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const QtttModule = require('../../lib/web/module.js');

let pass = 0, fail = 0;

function check(name, ok, why) {
	if (ok) {
		pass++;
		return true;
	}
	fail++;
	console.log('FAIL: ' + name + (why ? ': ' + why : ''));
	return false;
}

function same(name, want, got) {
	const w = JSON.stringify(want), g = JSON.stringify(got);
	return check(name, w === g, 'want ' + w.slice(0, 300) + ', got ' +
	    g.slice(0, 300));
}

/* What an attribute of a page holds, its character references undone. */
function attribute(html, name) {
	const m = new RegExp(' ' + name + '="([^"]*)"').exec(html);
	return m ? m[1].replace(/&#10;/g, '\n').replace(/&#13;/g, '\r')
	    .replace(/&lt;/g, '<').replace(/&gt;/g, '>')
	    .replace(/&quot;/g, '"').replace(/&amp;/g, '&') : null;
}

/* The module as a page carries it: gzip in base64. */
function carried(html) {
	const m = /<script type="application\/octet-stream" id="qttt-module">([^<]*)<\/script>/
	    .exec(html);
	return m ? m[1] : null;
}

async function main() {
	const [wasmPath, pagePath, ...dirs] = process.argv.slice(2);
	const wasm = fs.readFileSync(wasmPath);
	const page = fs.readFileSync(pagePath, 'utf8');

	/* The page carries the module built, and the shim is what it needs. */
	const b64 = carried(page);
	check('the page carries a module', b64 !== null);
	same('the module in the page is lib/web/qttt.wasm', true,
	    b64 !== null && zlib.gunzipSync(Buffer.from(b64, 'base64'))
	    .equals(wasm));
	const mod = new WebAssembly.Module(wasm);
	const imports = WebAssembly.Module.imports(mod);
	same('every import is in the shim', [],
	    imports.filter((i) => i.module !== 'wasi_snapshot_preview1' ||
	    typeof QtttModule.wasi[i.name] !== 'function')
	    .map((i) => i.module + '.' + i.name));
	same('the module imports the WASI calls of stdio only',
	    ['fd_close', 'fd_seek', 'fd_write'],
	    imports.map((i) => i.name).sort());
	const names = WebAssembly.Module.exports(mod).map((e) => e.name);
	same('the module exports what the page calls', [],
	    ['memory', '_initialize', 'web_new', 'web_free', 'web_input',
	    'web_output', 'web_output_len', 'web_setup', 'web_index',
	    'web_load', 'web_line', 'web_svg', 'web_click', 'web_analyze',
	    'web_values', 'web_reply', 'web_goto', 'web_step', 'web_play',
	    'web_promote', 'web_delete', 'web_tree', 'web_copy', 'web_best']
	    .filter((n) => !names.includes(n)));

	/* As the page loads it, when node has the streams it uses. */
	let s;
	if (typeof DecompressionStream === 'function' &&
	    typeof Response === 'function') {
		s = await QtttModule.fromPage(b64);
		check('the page\'s own loader', s && s.h);
	} else {
		console.log('module: node has no DecompressionStream: the ' +
		    'page\'s loader is tried in the browser only');
		s = await QtttModule.instantiate(wasm);
	}

	/* Each export, as formats/viewer.md says. */
	const setup = s.setup(attribute(page, 'data-options'));
	same('setup: where the board is drawn', { board: [16, 16, 100],
	    at: [0, 1, 2, 3, 4, 5, 6, 7, 8] }, setup);
	same('setup: a bad option', { error: 'bad option: flip x' },
	    s.setup('flip x\n'));
	s.setup(attribute(page, 'data-options'));
	const g = s.load('[x Ann] [o Ben] X1 a1 b1; O2 b1 c1?; ' +
	    'X3 a1 c1 [value 1-0]; measure X3->a1');
	same('load: the plies', ['X1 a1 b1', 'O2 b1 c1', 'X3 a1 c1',
	    'measure X3->a1'], g.plies);
	same('load: a glyph is the note mark', [[], [['mark', '?']],
	    [['value', '1-0']], []], g.notes);
	same('load: the tags', [['x', 'Ann'], ['o', 'Ben']], g.meta);
	same('load: the profile, by its name', 'goff', g.rules);
	same('load: a record the rules refuse', {
		error: 'X3 is out of turn: the next move is O2',
		code: 'move-order' }, s.load('X1 a1 b1; X3 a1 b1'));
	s.load('*');
	let p = s.line('X1 a1 b1; O2 a1 b1');
	same('line: a cycle pending', [2, 'X', [0, 1]],
	    [p.plies, p.turn, p.cycle]);
	same('line: its measurements', ['measure O2->a1', 'measure O2->b1'],
	    p.actions.map((a) => a.item));
	p = s.line('X1 a1 b1; O2 a1 b1; X3 a1 c1');
	same('line: an action refused, and how far the line went', {
		plies: 2, error: 'a measurement of the cycle closed by O2 is ' +
		'due before X3', code: 'measurement-due' }, p);
	s.line('X1 a1 b1');
	same('click: a first square', { first: 4 }, s.click(4));
	same('click: the second', 'O2 b2 c3', s.click(8, 4).item);
	same('click: a square twice', 'same-square', s.click(4, 4).code);
	s.line('');
	const an = s.analyze();
	same('analyze: the empty board is worth 1-1/2, X1 a1 c3 and ' +
	    'X1 c1 a3 keep it', ['1-1/2', 36, ['X1 a1 c3', 'X1 c1 a3']],
	    [an.value, an.actions.length, an.best.map((i) =>
	    an.actions[i].item)]);
	s.line('X1 a1 c3; O2 a1 c1');
	same('values: one per position, a mark and a mover per ply',
	    [3, 2, 'XO'], ((v) => [v.values.length, v.marks.length,
	    v.movers])(s.values()));
	const r5 = s.reply(5, 7);
	const a2 = s.analyze();
	check('reply: perfect play keeps the value', a2.best.some((i) =>
	    a2.actions[i].item === r5.item), JSON.stringify(r5));
	/* The tree: a variation played, promoted, copied with the rest. */
	const t = s.load('X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2); X3 a1 c1');
	same('load: the tree, the main line first', [[-1, 3], [0, 2]],
	    t.tree.map((l) => [l.line, l.items.length]));
	s.goto(-1, 2);
	let c = s.play('X3 b1 b2');
	same('play: a variation at a move', [1, 3, 3], [c.line, c.ply,
	    c.tree.length]);
	same('promote: the line shown made the main line', [-1, 3],
	    ((x) => [x.line, x.ply])(s.promote()));
	same('copy: every line', 'X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2); ' +
	    'X3 b1 b2 (X3 a1 c1)', s.copy());
	c = s.step(5);
	same('step: down to the alternative', [1, 3, true], [c.line, c.ply,
	    c.moved]);
	same('delete: the line shown', [-1, 2], ((x) => [x.line, x.ply])(
	    s.remove()));
	same('tree: the lines left', 2, s.tree().length);
	same('index: one line per record',
	    '7\t5\t1-0\tA\tB\t\t\t\n0\t0\t!\t\t\t\t\t\n',
	    s.index('[x A] [o B] X1 a1 b1; O2 a1 b1; measure O2->a1; ' +
	    'X3 a2 b2; O4 c1 c2; X5 a3 c1; measure X5->a3; 1-0\nnonsense'));

	/* Every position of each collection, as -T svg draws it. */
	let drawn = 0;
	for (const dir of dirs) {
		const opts = attribute(fs.readFileSync(path.join(dir,
		    'options.html'), 'utf8'), 'data-options');
		const set = s.setup(opts);
		check(dir + ': setup', !set.error, set.error);
		const games = fs.readFileSync(path.join(dir, 'games.qttt'),
		    'utf8').split('\n').filter((l) => l && l[0] !== '#');
		let n = 0, bad = [];
		for (let i = 0; i < games.length; i++) {
			const game = s.load(games[i]);
			for (let ply = 0; ply <= game.plies.length; ply++) {
				const file = path.join(dir, 'svg', 'game' +
				    String(i + 1).padStart(4, '0') + '-ply' +
				    String(ply).padStart(2, '0') + '.svg');
				s.line(game.plies.slice(0, ply).join('; '));
				const want = fs.readFileSync(file, 'utf8');
				if (s.svg(false) !== want)
					bad.push(path.basename(file));
				n++;
			}
		}
		check(dir + ': ' + n + ' positions, each as -T svg draws it',
		    bad.length === 0, bad.length + ' differ: ' +
		    bad.slice(0, 5).join(' '));
		console.log('module: ' + dir + ': ' + n + ' positions drawn ' +
		    'by the module, byte for byte as qttt-render -T svg');
		drawn += n;
	}
	/* Issue 23: a test that compares 1,000 positions at least. */
	check('1,000 positions or more compared with -T svg (' + drawn +
	    ')', drawn >= 1000, drawn);

	/* Positions analysed as qttt-analyze analyses them. */
	if (process.env.WASM_STATES) {
		const states = fs.readFileSync(process.env.WASM_STATES, 'utf8')
		    .split('\n').filter((l) => l);
		const want = fs.readFileSync(process.env.WASM_ANALYSIS, 'utf8')
		    .split('\n').filter((l) => l).map((l) => JSON.parse(l));
		let bad = [];
		for (let i = 0; i < states.length; i++) {
			s.load(states[i]);
			s.line('');
			const a = s.analyze();
			const got = { value: a.value, actions: a.actions.map((x) =>
			    ({ item: x.item, value: x.value })),
			    best: a.best.map((k) => a.actions[k].item),
			    pv: a.pv.map((x) => x.item) };
			const w = { value: want[i].value, actions: want[i].actions,
			    best: want[i].best, pv: want[i].pv };
			if (JSON.stringify(got) !== JSON.stringify(w))
				bad.push(states[i]);
		}
		check(states.length + ' positions analysed as qttt-analyze ' +
		    'does', bad.length === 0 && states.length === want.length,
		    bad.length + ' differ: ' + bad.slice(0, 3).join(' | '));
	}

	/*
	 * The best line of each mistake, as qttt-analyze's report writes
	 * it after "best was" (WASM_BEST: game, ply and line of each, of
	 * the records of WASM_BEST_RECORDS, one a line); and each played
	 * into the tree as a variation at its move, the cursor at its end.
	 */
	if (process.env.WASM_BEST) {
		const want = fs.readFileSync(process.env.WASM_BEST, 'utf8');
		const recs = fs.readFileSync(process.env.WASM_BEST_RECORDS,
		    'utf8').split('\n').filter((l) => l);
		s.setup('');
		let got = '', played = [];
		for (let i = 0; i < recs.length; i++) {
			const g = s.load(recs[i]);
			s.line(g.plies.join('; '));
			const v = s.values();
			for (let k = 0; k < g.plies.length; k++) {
				if (v.best[k] === null)
					continue;
				got += (i + 1) + '\t' + (k + 1) + '\t' + v.best[k] +
				    '\n';
				s.load(recs[i]);
				s.goto(-1, g.plies.length);
				const c = s.best(k + 1);
				const line = v.best[k].replace(/; \.\.\.$/, '')
				    .split('; ');
				if (c.error || c.line !== 0 || JSON.stringify(c.acts) !==
				    JSON.stringify(g.plies.slice(0, k).concat(line)) ||
				    c.ply !== k + line.length || c.tree.length !== 2)
					played.push((i + 1) + '/' + (k + 1));
			}
		}
		const n = want.split('\n').length - 1;
		same(n + ' best lines, as qttt-analyze writes them', want, got);
		same('...each played as a variation at its move', [], played);
	}

	console.log('module: ' + pass + ' passed, ' + fail + ' failed');
	process.exit(fail === 0 ? 0 : 1);
}

main().catch((e) => {
	console.log('FAIL: ' + (e && e.stack ? e.stack : e));
	process.exit(1);
});
