'use strict';
/**
 * Garbage-collection pauses of a measured n8n process (recorded by gcPreload.js), and how much of
 * a side's node time they took. A fresh `n8n execute` process collects its young generation when
 * what it allocated since its start fills it. The first large such collection (60 to 130 ms, as it
 * copies most of what n8n set up at its start) falls before a side's first node or inside it, by
 * how much the run allocated by then (docs/performance.md, _Where it is still behind_).
 */
const fs = require('node:fs');
const path = require('node:path');
const { constants } = require('node:perf_hooks');

const PRELOAD = path.join(__dirname, 'gcPreload.js');

const KINDS = {
	[constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
	[constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
	[constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
	[constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/**
 * The environment that has a process record its pauses into `file`, on top of the NODE_OPTIONS
 * of `env`.
 */
function gcRecording(file, env = process.env) {
	const options = [env.NODE_OPTIONS, `--require ${JSON.stringify(PRELOAD)}`].filter(Boolean);
	return { NODE_OPTIONS: options.join(' '), MEDIA_GEN_BENCH_GC_FILE: file };
}

/** The pauses process `pid` wrote to `file`, in order: start (epoch ms), duration (ms), kind. */
function readPauses(file, pid) {
	let text = '';
	try {
		text = fs.readFileSync(file, 'utf8');
	} catch {
		return [];
	}
	return text
		.split('\n')
		.map((line) => line.split(' '))
		.filter((parts) => parts.length === 4 && Number(parts[0]) === pid)
		.map(([, at, ms, kind]) => ({ at: Number(at), ms: Number(ms), kind: KINDS[kind] ?? kind }))
		.sort((a, b) => a.at - b.at);
}

/** How long the pauses held the process within [from, to), each counted for its part inside (ms). */
function pausedWithin(pauses, from, to) {
	let ms = 0;
	for (const p of pauses) ms += Math.max(0, Math.min(to, p.at + p.ms) - Math.max(from, p.at));
	return ms;
}

const tenths = (ms) => Math.round(ms * 10) / 10;

/** How far before the node's start `beforeNode` looks: the run's input nodes and n8n's setup. */
const BEFORE_NODE_MS = 2000;

/**
 * A side's pauses within its node time (`bounds`, epoch ms): in all, before its first create
 * (`firstCreateAt`, epoch ms, when it made one), and the one that took the most of it; and the
 * longest in the BEFORE_NODE_MS before the node's start. A pause is given by its start in ms from
 * the node's start (negative: before it) and its whole length.
 */
function gcFigures(pauses, bounds, firstCreateAt) {
	const inside = pauses.filter((p) => p.at < bounds.end && p.at + p.ms > bounds.start);
	const before = pauses.filter((p) => p.at >= bounds.start - BEFORE_NODE_MS && p.at < bounds.start);
	const most = (list, weight) =>
		list.reduce((a, b) => (a && weight(a) >= weight(b) ? a : b), undefined);
	const described = (p) =>
		p && { at: Math.round(p.at - bounds.start), ms: tenths(p.ms), kind: p.kind };
	return {
		pauses: inside.length,
		inNodeMs: tenths(pausedWithin(inside, bounds.start, bounds.end)),
		beforeFirstCreateMs:
			firstCreateAt === undefined
				? undefined
				: tenths(pausedWithin(inside, bounds.start, firstCreateAt)),
		// the pause that took the most of the node time
		longest: described(most(inside, (p) => pausedWithin([p], bounds.start, bounds.end))),
		beforeNode: described(most(before, (p) => p.ms)),
	};
}

module.exports = { BEFORE_NODE_MS, gcRecording, readPauses, pausedWithin, gcFigures };
