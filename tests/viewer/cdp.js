/*
 * Headless Chromium driven over the DevTools protocol through a pipe
 * (--remote-debugging-pipe: commands on descriptor 3, answers and
 * events on descriptor 4, each a JSON message ending in a NUL byte), so
 * that a test opens a page, clicks and types as a user does, reads the
 * page, takes screenshots and PDFs, and sees every request the page
 * makes, in real time, with nothing but node.
 *
 *	const b = await Browser.launch(chromium, profileDir);
 *	const p = await b.page(width, height);
 *	await p.open(url); await p.eval(expr); await p.click(x, y);
 *	await b.close();
 */
'use strict';

const { spawn } = require('child_process');

class Browser {
	static launch(binary, profile, extra) {
		const args = ['--headless', '--no-sandbox', '--disable-gpu',
		    '--disable-background-networking', '--disable-component-update',
		    '--disable-sync', '--no-first-run', '--disable-default-apps',
		    '--hide-scrollbars', '--force-device-scale-factor=1',
		    '--user-data-dir=' + profile, '--remote-debugging-pipe']
		    .concat(extra || [], ['about:blank']);
		const child = spawn(binary, args,
		    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
		const b = new Browser(child);
		return b.send('Browser.getVersion').then(() => b);
	}

	constructor(child) {
		this.child = child;
		this.id = 0;
		this.waiting = new Map();
		this.listeners = [];
		this.buffer = '';
		this.exited = false;
		child.stdio[4].setEncoding('utf8');
		child.stdio[4].on('data', (s) => this.receive(s));
		child.on('exit', () => {
			this.exited = true;
			for (const w of this.waiting.values())
				w.reject(new Error('the browser exited'));
			this.waiting.clear();
		});
	}

	receive(s) {
		let i;
		this.buffer += s;
		while ((i = this.buffer.indexOf('\0')) >= 0) {
			const m = JSON.parse(this.buffer.slice(0, i));
			this.buffer = this.buffer.slice(i + 1);
			if (m.id !== undefined && this.waiting.has(m.id)) {
				const w = this.waiting.get(m.id);
				this.waiting.delete(m.id);
				if (m.error)
					w.reject(new Error(w.method + ': ' +
					    m.error.message));
				else
					w.resolve(m.result);
			} else if (m.method)
				for (const l of this.listeners.slice())
					l(m);
		}
	}

	send(method, params, sessionId) {
		const id = ++this.id;
		const m = { id, method, params: params || {} };
		if (sessionId)
			m.sessionId = sessionId;
		return new Promise((resolve, reject) => {
			if (this.exited)
				return reject(new Error('the browser exited'));
			this.waiting.set(id, { resolve, reject, method });
			this.child.stdio[3].write(JSON.stringify(m) + '\0');
		});
	}

	/* An event of a session that passes test, within ms. */
	wait(sessionId, method, ms, test) {
		return new Promise((resolve, reject) => {
			const l = (m) => {
				if (m.sessionId === sessionId && m.method === method &&
				    (!test || test(m.params))) {
					clearTimeout(timer);
					this.listeners.splice(this.listeners.indexOf(l), 1);
					resolve(m.params);
				}
			};
			const timer = setTimeout(() => {
				this.listeners.splice(this.listeners.indexOf(l), 1);
				reject(new Error('no ' + method + ' within ' + ms +
				    ' ms'));
			}, ms);
			this.listeners.push(l);
		});
	}

	async page(width, height) {
		const { targetId } = await this.send('Target.createTarget',
		    { url: 'about:blank' });
		const { sessionId } = await this.send('Target.attachToTarget',
		    { targetId, flatten: true });
		const p = new Page(this, sessionId, targetId);
		await p.send('Page.enable');
		await p.send('Runtime.enable');
		await p.send('Network.enable');
		await p.send('Emulation.setDeviceMetricsOverride', { width,
		    height, deviceScaleFactor: 1, mobile: false });
		return p;
	}

	close() {
		if (this.exited)
			return Promise.resolve();
		return new Promise((resolve) => {
			this.child.on('exit', resolve);
			this.send('Browser.close').catch(() => {});
			setTimeout(() => this.child.kill('SIGKILL'), 5000);
		});
	}
}

class Page {
	constructor(browser, sessionId, targetId) {
		this.b = browser;
		this.s = sessionId;
		this.targetId = targetId;
		/*
		 * Every request the page makes, those the browser blocked
		 * (the URL and why: "csp" for its security policy), and what
		 * its console says.
		 */
		this.requests = [];
		this.blocked = [];
		this.console = [];
		const ids = new Map();
		browser.listeners.push((m) => {
			if (m.sessionId !== sessionId)
				return;
			if (m.method === 'Network.requestWillBeSent') {
				this.requests.push(m.params.request.url);
				ids.set(m.params.requestId, m.params.request.url);
			} else if (m.method === 'Network.loadingFailed' &&
			    m.params.blockedReason)
				this.blocked.push(ids.get(m.params.requestId) + ' ' +
				    m.params.blockedReason);
			else if (m.method === 'Runtime.consoleAPICalled')
				this.console.push(m.params.type + ': ' + m.params.args
				    .map((a) => a.value !== undefined ? a.value :
				    a.description).join(' '));
			else if (m.method === 'Runtime.exceptionThrown')
				this.console.push('exception: ' +
				    (m.params.exceptionDetails.exception ?
				    m.params.exceptionDetails.exception.description :
				    m.params.exceptionDetails.text));
		});
	}

	send(method, params) {
		return this.b.send(method, params, this.s);
	}

	/*
	 * Opens url and waits for its load event; a page that is the one
	 * open, but for its fragment, is loaded again.
	 */
	async open(url, ms) {
		const loaded = this.b.wait(this.s, 'Page.loadEventFired',
		    ms || 60000);
		const r = await this.send('Page.navigate', { url });
		if (r.loaderId === undefined) {
			loaded.catch(() => {});
			await this.open('about:blank', ms);
			return this.open(url, ms);
		}
		await loaded;
	}

	/* The value of an expression (a promise is awaited). */
	async eval(expression) {
		const r = await this.send('Runtime.evaluate', { expression,
		    awaitPromise: true, returnByValue: true });
		if (r.exceptionDetails)
			throw new Error('in the page: ' + (r.exceptionDetails
			    .exception ? r.exceptionDetails.exception.description :
			    r.exceptionDetails.text));
		return r.result.value;
	}

	/* A click of the left button at a point of the viewport. */
	async click(x, y) {
		const e = { x, y, button: 'left', clickCount: 1 };
		await this.send('Input.dispatchMouseEvent',
		    Object.assign({ type: 'mouseMoved' }, e));
		await this.send('Input.dispatchMouseEvent',
		    Object.assign({ type: 'mousePressed' }, e));
		await this.send('Input.dispatchMouseEvent',
		    Object.assign({ type: 'mouseReleased' }, e));
	}

	/*
	 * A key pressed and let go: ArrowLeft, ArrowRight, Home, End,
	 * Tab..., or a letter or a digit.
	 */
	async key(key) {
		const codes = { ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39,
		    ArrowDown: 40, Home: 36, End: 35, Enter: 13, Backspace: 8,
		    Tab: 9 };
		/* A letter or a digit: its key code is its capital's. */
		const code = key.length === 1 ? key.toUpperCase().charCodeAt(0) :
		    codes[key];
		const e = { key, code: key, windowsVirtualKeyCode: code,
		    nativeVirtualKeyCode: code };
		/* Enter with its text: it follows a link, as a user's does. */
		if (key === 'Enter')
			Object.assign(e, { text: '\r', unmodifiedText: '\r' });
		await this.send('Input.dispatchKeyEvent',
		    Object.assign({ type: key === 'Enter' ? 'keyDown' :
		    'rawKeyDown' }, e));
		await this.send('Input.dispatchKeyEvent',
		    Object.assign({ type: 'keyUp' }, e));
	}

	/* Text typed into the element that has the focus. */
	async type(text) {
		await this.send('Input.insertText', { text });
	}

	async screenshot(clip) {
		const r = await this.send('Page.captureScreenshot',
		    clip ? { format: 'png', clip: Object.assign({ scale: 1 },
		    clip) } : { format: 'png' });
		return Buffer.from(r.data, 'base64');
	}

	async pdf() {
		const r = await this.send('Page.printToPDF',
		    { displayHeaderFooter: false, printBackground: false });
		return Buffer.from(r.data, 'base64');
	}
}

module.exports = { Browser, Page };
