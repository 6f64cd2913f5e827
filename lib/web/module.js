/*
 * The viewer page's module (formats/viewer.md, "The module"): libqttt
 * built for wasm32-wasi (lib/web/module.c), and what the page needs to
 * run it: the few WASI calls it imports, and a session object whose
 * methods pass text in and parse what comes out.  The same file runs
 * under node in the module's unit test (tests/viewer/module.test.js).
 */
/* exported QtttModule */
var QtttModule = (function () {
	'use strict';

	/*
	 * WASI: the library writes only to memory streams, so the stdio
	 * calls that wasi-libc links in are never made on a file; each
	 * says EBADF (8), as for a descriptor that is not open.
	 */
	var EBADF = 8;
	var wasi = {
		fd_close: function () { return EBADF; },
		fd_seek: function () { return EBADF; },
		fd_write: function () { return EBADF; },
		proc_exit: function (code) {
			throw new Error('the module exited with ' + code);
		}
	};

	var encoder = new TextEncoder();
	var decoder = new TextDecoder();

	function Session(instance) {
		var x = instance.exports;
		this.x = x;
		if (x._initialize)
			x._initialize();
		this.h = x.web_new();
		if (!this.h)
			throw new Error('out of memory');
	}

	/* Puts s into the module's input; returns its length in bytes. */
	Session.prototype.put = function (s) {
		var bytes = encoder.encode(s);
		var p = this.x.web_input(this.h, bytes.length);
		if (!p)
			throw new Error('out of memory');
		new Uint8Array(this.x.memory.buffer, p, bytes.length).set(bytes);
		return bytes.length;
	};

	/* What the last call wrote, as text. */
	Session.prototype.text = function () {
		var p = this.x.web_output(this.h), n = this.x.web_output_len(this.h);
		if (!p)
			return '';
		return decoder.decode(new Uint8Array(this.x.memory.buffer, p, n));
	};

	/* What the last call wrote, as JSON; {error} if nothing. */
	Session.prototype.json = function () {
		var t = this.text();
		return t ? JSON.parse(t) : { error: 'out of memory' };
	};

	Session.prototype.setup = function (options) {
		this.x.web_setup(this.h, this.put(options));
		return this.json();
	};
	/* The profile of the state strings read next ('' for Goff's). */
	Session.prototype.rules = function (name) {
		this.x.web_rules(this.h, this.put(name || ''));
		return this.json();
	};
	Session.prototype.index = function (records) {
		var n = this.x.web_index(this.h, this.put(records));
		return n < 0 ? null : this.text();
	};
	Session.prototype.load = function (record) {
		this.x.web_load(this.h, this.put(record));
		return this.json();
	};
	Session.prototype.line = function (items) {
		this.x.web_line(this.h, this.put(items));
		return this.json();
	};
	Session.prototype.svg = function (preview) {
		return this.x.web_svg(this.h, preview ? 1 : 0) === 0 ?
		    this.text() : null;
	};
	Session.prototype.click = function (s0, s1) {
		this.x.web_click(this.h, s0, s1 === undefined ? -1 : s1);
		return this.json();
	};
	Session.prototype.analyze = function () {
		this.x.web_analyze(this.h);
		return this.json();
	};
	Session.prototype.values = function () {
		this.x.web_values(this.h);
		return this.json();
	};
	/*
	 * The best line instead of ply p (from 1) of the line shown, a
	 * mistake, played into the tree: the cursor at its end.
	 */
	Session.prototype.best = function (p) {
		this.x.web_best(this.h, p);
		return this.json();
	};
	Session.prototype.reply = function (level, seed) {
		this.x.web_reply(this.h, level, seed >>> 0);
		return this.json();
	};
	/*
	 * The tree of the record loaded and its cursor: a line (-1 the
	 * main line) and the plies of it shown.
	 */
	Session.prototype.goto = function (line, ply) {
		this.x.web_goto(this.h, line, ply);
		return this.json();
	};
	Session.prototype.step = function (how) {
		this.x.web_step(this.h, how);
		return this.json();
	};
	Session.prototype.play = function (item) {
		this.x.web_play(this.h, this.put(item));
		return this.json();
	};
	Session.prototype.promote = function () {
		this.x.web_promote(this.h);
		return this.json();
	};
	Session.prototype.remove = function () {
		this.x.web_delete(this.h);
		return this.json();
	};
	/* The cursor to the position a path of the record names. */
	Session.prototype.path = function (path) {
		this.x.web_path(this.h, this.put(path));
		return this.json();
	};
	Session.prototype.tree = function () {
		this.x.web_tree(this.h);
		return this.json();
	};
	/* The record with its tree, in the line notation; null if none. */
	Session.prototype.copy = function () {
		return this.x.web_copy(this.h) === 0 ? this.text() : null;
	};

	/* A session of the module in bytes (a BufferSource). */
	function instantiate(bytes) {
		return WebAssembly.instantiate(bytes,
		    { wasi_snapshot_preview1: wasi }).then(function (r) {
			return new Session(r.instance);
		});
	}

	/* A session of the module as the page carries it: gzip in base64. */
	function fromPage(base64) {
		var bin = atob(base64.replace(/\s+/g, ''));
		var bytes = new Uint8Array(bin.length), i;
		for (i = 0; i < bin.length; i++)
			bytes[i] = bin.charCodeAt(i);
		var s = new Blob([bytes]).stream()
		    .pipeThrough(new DecompressionStream('gzip'));
		return new Response(s).arrayBuffer().then(instantiate);
	}

	return { wasi: wasi, instantiate: instantiate, fromPage: fromPage };
})();

if (typeof module === 'object' && module.exports)
	module.exports = QtttModule;
