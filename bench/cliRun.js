'use strict';
/**
 * A run of a planned workflow by `n8n execute` (the CLI), measured: node time, peak RSS and native
 * heap, requests, job lags and garbage-collection pauses; rerun after a stray exit, or unmeasured.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { runError } = require('../harness/n8n-cli');
const { sampleRss } = require('./rssSampler');
const {
	nodeBounds,
	phases,
	requestCounts,
	jobLags,
	serviceSpan,
	resetService,
} = require('./measure');
const { BEFORE_NODE_MS, gcFigures, gcRecording, readPauses } = require('./gcPauses');
const { KEY } = require('./credentials');
const { plannedId } = require('./plan');
const { producedFiles, recordHead, logRun } = require('./runRecord');
const { traceRun } = require('./trace');

/** One run of workflow `id`: its record (a run of the JSON file's `runs`), and its line on stderr. */
async function runOne({ n8n, svc, variant, side, small, id, repeat }) {
	resetService(svc);
	variant.setup(svc, { small });
	// the run before wrote its files into n8n's storage: they go to disk now, not during this run
	// (case d, 4 rounds, 2026-11-28: each side 501 to 532 ms with it; 473 to 563 ms without, the
	// first run after the reading alone the slower in every round)
	execFileSync('sync');
	let sampler;
	let pid;
	// in n8n's user folder, which the bench removes at its end whatever happens to a run
	const gcFile = path.join(n8n.folder, 'gc-pauses.log');
	const result = await n8n.execute(id, {
		timeoutMs: 30 * 60_000,
		env: gcRecording(gcFile, n8n.env),
		onSpawn: (child) => {
			pid = child.pid;
			sampler = sampleRss(child.pid);
		},
	});
	const peakRssMb = sampler.stop();
	const nativeHeapMb = sampler.nativeHeapMb();
	const pauses = readPauses(gcFile, pid);
	fs.rmSync(gcFile, { force: true });
	const counts = requestCounts(svc);
	const files = result.data ? producedFiles(result.data, variant, side) : 0;
	let error;
	let exitAfterSuccess = false;
	if (result.code !== 0 || !result.data) {
		const failure = JSON.stringify(runError(result.data))?.slice(0, 500);
		exitAfterSuccess =
			!failure &&
			result.data?.status === 'success' &&
			result.data?.finished === true &&
			files === variant.files;
		// what n8n printed on stderr says why it exited; stdout ends with the run's result
		const why = failure ?? (result.stderr.trim().slice(-800) || result.stdout.trim().slice(-800));
		error = `n8n exited ${result.code}${exitAfterSuccess ? ' after a finished, successful run' : ''}: ${why}`;
	} else if (files !== variant.files) error = `expected ${variant.files} files, got ${files}`;
	else if (result.stdout.includes(KEY) || result.stderr.includes(KEY))
		error = 'the API key showed up in the output';
	const jobs = variant.workflow === 'upload' ? variant.files : svc.state.jobs.size;
	const bounds = result.data ? nodeBounds(result.data) : undefined;
	const times = result.data ? phases(result.data, svc) : undefined;
	const firstCreateAt =
		times?.firstCreate === undefined ? undefined : bounds.start + times.firstCreate;
	const record = {
		...recordHead({
			variant,
			side,
			files: small ? '4 KB' : 'full',
			repeat,
			data: result.data,
			peakRssMb,
		}),
		nativeHeapMb: Math.round(nativeHeapMb * 10) / 10,
		jobs,
		requests: counts,
		lags: variant.lag ? jobLags(svc) : undefined,
		serviceMs: variant.serviceBound ? serviceSpan(svc) : undefined,
		phases: times,
		gc: bounds && gcFigures(pauses, bounds, firstCreateAt),
		error,
	};
	if (exitAfterSuccess) Object.defineProperty(record, 'exitAfterSuccess', { value: true });
	if (process.env.MEDIA_GEN_BENCH_TRACE && repeat >= 0)
		traceRun(process.env.MEDIA_GEN_BENCH_TRACE, record, svc);
	const gc = record.gc
		? `, GC ${record.gc.inNodeMs} ms in the node (${record.gc.beforeFirstCreateMs ?? '–'} before its first create; longest in the ${BEFORE_NODE_MS / 1000} s before it ${record.gc.beforeNode?.ms ?? 0} ms)`
		: '';
	logRun(record, {
		before: `${small ? '4 KB ' : ''}${repeat < 0 ? '(not measured) ' : ''}`,
		memory: ` (native heap ${record.nativeHeapMb})`,
		after: gc,
	});
	return record;
}

/**
 * One run, measured. A run that finished with success, no error in its data and every file out,
 * and whose `n8n execute` still exited non-zero, is run again, up to RERUNS times: that exit is
 * the CLI's own, after the result was printed and the node had returned (n8n 2.40 on a loaded
 * machine, now and then, with nothing on stderr). In CI beside the durable suites it came to the
 * input alone of case d twice in a row, and to this node's run of d once (2026-11-29, the Upload
 * operation, whose every request and stream had ended before the node returned): it says
 * nothing of what is measured, on either side. The new record keeps the first exit in
 * `rerunAfter`, and the run's line says so; a run that failed in any other way fails the bench.
 */
const RERUNS = 3;

async function measureOne(args) {
	const first = await runOne(args);
	if (!first.exitAfterSuccess) return first;
	let record = first;
	for (let i = 0; i < RERUNS && record.exitAfterSuccess; i++) {
		console.error(`  ${args.variant.key} ${args.side}: run again (${record.error.slice(0, 200)})`);
		record = await runOne(args);
	}
	return { ...record, rerunAfter: first.error };
}

/**
 * One run of `side`'s workflow that is not measured, after the run that reads the file alone:
 * each measured side then follows a whole upload by the other. Without it the side right after
 * the reading alone was the slower in each round, whichever it was (2026-11-29, with the sync and
 * warm-up upload: 534 and 516 ms against 483 and 488 ms).
 */
async function warmUp({ n8n, svc, variant, plan, side }) {
	const id = plannedId(plan, variant, side);
	const run = await runOne({ n8n, svc, variant, side, small: false, id, repeat: -1 });
	// n8n's own nodes' run may end with a non-zero exit after a successful run (measureOne)
	if (run.error && !run.exitAfterSuccess)
		throw new Error(`the unmeasured ${side} run of ${variant.key} failed: ${run.error}`);
}

module.exports = { measureOne, warmUp };
