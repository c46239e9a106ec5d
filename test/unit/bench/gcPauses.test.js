'use strict';
/** The bench's record of garbage-collection pauses in the measured n8n process (bench/gcPauses.js). */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { gcFigures, gcRecording, pausedWithin, readPauses } = require('../../../bench/gcPauses');

describe('bench: garbage-collection pauses', () => {
	test('a pause counts for its part inside the span, however it overlaps it', () => {
		const pauses = [
			{ at: 90, ms: 20, kind: 'minor' }, // 10 ms inside [100, 200)
			{ at: 120, ms: 30, kind: 'minor' }, // all 30 ms inside
			{ at: 195, ms: 40, kind: 'major' }, // 5 ms inside
			{ at: 300, ms: 50, kind: 'minor' }, // outside
		];
		expect(pausedWithin(pauses, 100, 200)).toBe(45);
		expect(pausedWithin(pauses, 0, 1000)).toBe(140);
		expect(pausedWithin(pauses, 400, 500)).toBe(0);
	});

	test('within a node time: in all, before the first create, the longest; and the longest just before it', () => {
		const pauses = [
			{ at: 950, ms: 100, kind: 'minor' },
			{ at: 1080, ms: 78.44, kind: 'minor' },
			{ at: 1400, ms: 3, kind: 'minor' },
			{ at: 5000, ms: 60, kind: 'minor' },
		];
		expect(gcFigures(pauses, { start: 1000, end: 2000 }, 1200)).toEqual({
			pauses: 3,
			inNodeMs: 131.4,
			beforeFirstCreateMs: 128.4,
			// 78.44 ms inside against the 50 of the pause that began before the node
			longest: { at: 80, ms: 78.4, kind: 'minor' },
			beforeNode: { at: -50, ms: 100, kind: 'minor' },
		});
		// none inside; before it, the longest of the two seconds before its start
		expect(gcFigures(pauses, { start: 2300, end: 2400 }, undefined)).toEqual({
			pauses: 0,
			inNodeMs: 0,
			beforeFirstCreateMs: undefined,
			longest: undefined,
			beforeNode: { at: -1350, ms: 100, kind: 'minor' },
		});
		// pauses more than two seconds before the start are not the node's business
		expect(gcFigures(pauses, { start: 4000, end: 4500 }, 4100).beforeNode).toBeUndefined();
	});

	test('a process started with the recording writes its own pauses, read back by its pid', async () => {
		const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gc-')), 'gc.log');
		// short-lived garbage, enough to fill the young generation many times over: kept in a ring
		// for a while, so that the optimising compiler cannot prove it unused and leave it
		// unallocated (then no collection happens at all). The process then lives on a little, as
		// pauses reach the observer a turn of the event loop later
		const script =
			'const ring = new Array(1024); let keep = 0; for (let i = 0; i < 3e6; i++) { ring[i & 1023] = [i, { i }]; keep += ring[i & 1023].length; } console.log(keep); setTimeout(() => {}, 100)';
		const started = Date.now();
		const child = spawn(process.execPath, ['-e', script], {
			env: { ...process.env, ...gcRecording(file, { NODE_OPTIONS: '--no-warnings' }) },
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let out = '';
		child.stdout.on('data', (d) => (out += d));
		const code = await new Promise((resolve) => child.on('exit', resolve));
		const ended = Date.now();
		expect(code).toBe(0);
		// the NODE_OPTIONS it was given are kept beside the recording's own
		expect(gcRecording(file, { NODE_OPTIONS: '--no-warnings' }).NODE_OPTIONS).toMatch(
			/^--no-warnings --require ".*gcPreload\.js"$/,
		);
		expect(out.trim()).toBe('6000000');
		const pauses = readPauses(file, child.pid);
		expect(pauses.length).toBeGreaterThan(0);
		expect(pauses.some((p) => p.kind === 'minor')).toBe(true);
		for (const p of pauses) {
			// the process's own clock and the test's agree within a few ms
			expect(p.at).toBeGreaterThanOrEqual(started - 5);
			expect(p.at + p.ms).toBeLessThanOrEqual(ended + 5);
			expect(p.ms).toBeGreaterThan(0);
		}
		// another process's lines are not this one's
		expect(readPauses(file, child.pid + 1)).toEqual([]);
		// a run that recorded nothing (no file) has no pauses
		expect(readPauses(path.join(path.dirname(file), 'none.log'), child.pid)).toEqual([]);
		fs.rmSync(path.dirname(file), { recursive: true, force: true });
	});
});
