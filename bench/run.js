'use strict';
/**
 * `npm run bench`: our node at default settings against workflows made only of n8n's own nodes,
 * in the real n8n (the CLI of the end-to-end suite), against the fake service, in one run.
 *
 *   npm run bench                       every case, each twice with the order of the sides swapped
 *   npm run bench -- --case a,e3        some cases (a case's letter: all its variants)
 *   npm run bench -- --repeat 3         more repetitions
 *   npm run bench -- --side ours        one side only (ours or hand), e.g. to compare two builds
 *   npm run bench -- --out file.json    where the figures go (default bench-results.json;
 *                                       bench-smoke-results.json for --smoke)
 *   npm run bench -- --smoke            short jobs and few items; exits 1 on any error
 *   npm run bench -- --report FILE      only print the tables again from a JSON file of figures
 *
 * The n8n user folder, with every run's binary data, is removed at the end; MEDIA_GEN_BENCH_KEEP=1
 * keeps it. MEDIA_GEN_BENCH_TRACE=FILE appends each run's jobs and API requests to FILE, a JSON
 * line per run, to read when each job was polled.
 *
 * Prints Markdown tables (docs/performance.md takes them as they are). Exits 1 when
 * a run of this node fails; a failed hand-built run is listed and marked in the tables, and fails
 * only a --smoke run (see failures in report.js).
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startFakeService } = require('../harness/fake-service/server');
const { writeMp4 } = require('../harness/fake-service/media/mp4');
const { N8nInstance, runError, runtimePackage } = require('../harness/n8n-cli');
const { api, uploadForm } = require('../harness/fake-service/client');
const { cases } = require('./cases');
const { sampleRss } = require('./rssSampler');
const {
	nodeBounds,
	nodeSpan,
	phases,
	outputItems,
	requestCounts,
	jobLags,
	serviceSpan,
	resetService,
} = require('./measure');
const { BEFORE_NODE_MS, gcFigures, gcRecording, readPauses } = require('./gcPauses');
const { failures, summarize, markdown } = require('./report');
const { runServed, servedWorkflow } = require('./served');

const ROOT = path.resolve(__dirname, '..');
const KEY = 'bench-key';
const PORT = Number(process.env.BENCH_PORT ?? 5850);
const SIDES = ['ours', 'hand'];

function parseArgs(argv) {
	const options = {
		repeat: 2,
		out: path.join(ROOT, 'bench-results.json'),
		smoke: false,
		cases: undefined,
		report: undefined,
		sides: SIDES,
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=');
		const value = () => inline ?? argv[++i];
		if (flag === '--smoke') options.smoke = true;
		else if (flag === '--repeat') options.repeat = Number(value());
		else if (flag === '--case' || flag === '--cases')
			options.cases = value()
				.split(',')
				.map((c) => c.trim());
		else if (flag === '--out') options.out = path.resolve(value());
		else if (flag === '--report') options.report = path.resolve(value());
		else if (flag === '--side') options.sides = [value()];
		else
			throw new Error(
				`Unknown option ${argv[i]}; use --case a,b,c,d,e,f,g,h --repeat N --side ours|hand --out FILE --smoke, or --report FILE`,
			);
	}
	if (!options.sides.every((side) => SIDES.includes(side)))
		throw new Error(`--side must be one of ${SIDES.join(', ')}`);
	if (!Number.isInteger(options.repeat) || options.repeat < 1)
		throw new Error('--repeat must be a whole number of at least 1');
	if (options.smoke && !argv.some((a) => a.startsWith('--repeat'))) options.repeat = 1;
	// a smoke run keeps the figures of the last full run
	if (options.smoke && !argv.some((a) => a.startsWith('--out')))
		options.out = path.join(ROOT, 'bench-smoke-results.json');
	return options;
}

/** A workflow of bench/workflows/ made ready for one variant: its items, the API's URL, the file to read. */
function workflowFor(variant, side, { small, apiUrl, files }) {
	const file = path.join(__dirname, 'workflows', `${variant.workflow}-${side}.json`);
	const text = fs
		.readFileSync(file, 'utf8')
		.replaceAll('__API__', apiUrl)
		.replaceAll('__FILE__', files[small ? 'small' : 'big'] ?? '');
	const workflow = JSON.parse(text);
	workflow.name = `${workflow.name} (${variant.key}${small ? ', 4 KB files' : ''})`;
	const items = workflow.nodes.find((n) => n.name === 'Items');
	if (items)
		items.parameters.jsCode = `return ${JSON.stringify(variant.items)}.map((json) => ({ json }));`;
	return workflow;
}

/** The files the run produced: binaries out of our node or the hand-built download, or the upload's answer. */
function producedFiles(data, variant, side) {
	if (side === 'input') return outputItems(data, 'Read File').filter((i) => i.binary?.data).length;
	if (variant.workflow === 'upload') {
		return outputItems(data, side === 'ours' ? 'Media Generation' : 'Upload').filter(
			(i) => i.json?.video_id,
		).length;
	}
	return outputItems(data, side === 'ours' ? 'Media Generation' : 'Download').filter(
		(i) => i.binary?.data,
	).length;
}

/** One line of FILE per run: its case and side, the service's jobs and every API request. */
function traceRun(file, record, svc) {
	const jobs = [...svc.state.jobs.values()].map((j) => ({
		id: j.id,
		createdAt: j.createdAt,
		startsAt: j.startsAt,
		endsAt: j.endsAt,
	}));
	const requests = svc.state.requests.map((r) => ({
		method: r.method,
		path: r.path,
		time: r.time,
		answeredAt: r.answeredAt,
		status: r.status,
		jobState: r.jobState,
	}));
	const { case: key, side, repeat, files } = record;
	fs.appendFileSync(
		file,
		`${JSON.stringify({ case: key, side, repeat, files, jobs, requests })}\n`,
	);
}

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
		case: variant.key,
		label: variant.label,
		side,
		files: small ? '4 KB' : 'full',
		repeat,
		nodeMs: result.data ? nodeSpan(result.data) : undefined,
		peakRssMb: Math.round(peakRssMb * 10) / 10,
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
	const time = record.nodeMs === undefined ? '?' : `${(record.nodeMs / 1000).toFixed(1)} s`;
	const gc = record.gc
		? `, GC ${record.gc.inNodeMs} ms in the node (${record.gc.beforeFirstCreateMs ?? '–'} before its first create; longest in the ${BEFORE_NODE_MS / 1000} s before it ${record.gc.beforeNode?.ms ?? 0} ms)`
		: '';
	console.error(
		`  ${variant.key} ${side.padEnd(4)} ${small ? '4 KB ' : ''}${repeat < 0 ? '(not measured) ' : ''}${time}, peak RSS ${record.peakRssMb} MB (native heap ${record.nativeHeapMb}), ${counts.creates}/${counts.polls}/${counts.downloads} requests${gc}${error ? `  ERROR ${error}` : ''}`,
	);
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
 * Sends the upload's file to the fake service once before the rounds. The fake service runs in
 * this process, and its first large multipart body is read by code not yet compiled: without
 * this, the side that goes first in round 1 pays for it (ours first, 629 ms against 500 and 508
 * in the rounds after, the hand-built side 469 to 493 ms, 2026-11-28).
 */
async function warmUpload(svc, file) {
	const form = uploadForm('video', fs.readFileSync(file), 'warm-up.mp4', 'video/mp4');
	const res = await api(svc, 'POST', '/video/upload', { key: KEY, form });
	if (res.status !== 200) throw new Error(`the warm-up upload failed: ${res.status} ${res.text}`);
}

/**
 * One run of `side`'s workflow that is not measured, after the run that reads the file alone:
 * each measured side then follows a whole upload by the other. Without it the side right after
 * the reading alone was the slower in each round, whichever it was (2026-11-29, with the sync and
 * warm-up upload: 534 and 516 ms against 483 and 488 ms).
 */
async function warmUp({ n8n, svc, variant, plan, side }) {
	const p = plan.find((q) => q.variant === variant && q.side === side && !q.small);
	const run = await runOne({ n8n, svc, variant, side, small: false, id: p.id, repeat: -1 });
	// n8n's own nodes' run may end with a non-zero exit after a successful run (measureOne)
	if (run.error && !run.exitAfterSuccess)
		throw new Error(`the unmeasured ${side} run of ${variant.key} failed: ${run.error}`);
}

/**
 * A served variant's run: n8n as a server, the workflow started by a webhook, a small execution
 * started every few seconds meanwhile (served.js). Also checks that no item was lost or doubled.
 */
async function runServedOne({ svc, variant, side, repeat }) {
	resetService(svc);
	variant.setup(svc, { small: false });
	const workflow = servedWorkflow(variant, side, svc.apiUrl);
	let result;
	let error;
	try {
		result = await runServed({ workflow, apiUrl: svc.apiUrl, key: KEY, sample: sampleRss });
	} catch (e) {
		error = `the run failed: ${e.message.slice(0, 800)}`;
	}
	const counts = requestCounts(svc);
	const data = result?.data;
	const files = data ? producedFiles(data, variant, side) : 0;
	const doubled = svc.state.duplicateCreates().length;
	const failure = runError(data);
	if (!error && failure) {
		const { message, description, node } = failure;
		const where = node?.name ? ` in ${node.name}` : '';
		error = `n8n${where}: ${message}${description ? ` (${description})` : ''}`.slice(0, 800);
	} else if (!error && files !== variant.files)
		error = `expected ${variant.files} files, got ${files}`;
	else if (!error && doubled) error = `${doubled} items made more than one job`;
	const lags = jobLags(svc);
	const last = lags.reduce((a, l) => (l.endsAt > (a?.endsAt ?? -Infinity) ? l : a), undefined);
	const pings = result?.pings ?? [];
	const record = {
		case: variant.key,
		label: variant.label,
		side,
		files: 'full',
		repeat,
		nodeMs: data ? nodeSpan(data) : undefined,
		peakRssMb: Math.round((result?.peakRssMb ?? 0) * 10) / 10,
		jobs: svc.state.jobs.size,
		requests: counts,
		served: {
			itemsOut: files,
			doubled,
			lastLagMs: last?.lagMs,
			// every job's lag, not only the last one's: when the batch saw its jobs end
			lagsMs: lagSpread(lags),
			pings: pings.length,
			slowestPingMs: Math.max(0, ...pings.map((p) => p.ms)),
			failedPings: pings.filter((p) => !p.ok).length,
			// when each small execution started after the run's webhook was called, and how long it took (ms)
			timeline: pings.map((p) => [p.at, p.ms]),
		},
		phases: data ? phases(data, svc) : undefined,
		error,
	};
	const time = record.nodeMs === undefined ? '?' : `${(record.nodeMs / 1000).toFixed(1)} s`;
	console.error(
		`  ${variant.key} ${side.padEnd(4)} ${time}, peak RSS ${record.peakRssMb} MB, ${counts.creates}/${counts.polls}/${counts.downloads} requests, ${files} files, slowest small execution ${record.served.slowestPingMs} ms of ${pings.length}${error ? `  ERROR ${error}` : ''}`,
	);
	return record;
}

/** The median, 90th percentile and largest of the jobs' lags (ms), over the jobs seen ended. */
function lagSpread(lags) {
	const sorted = lags
		.map((l) => l.lagMs)
		.filter((ms) => ms !== undefined)
		.sort((a, b) => a - b);
	if (!sorted.length) return undefined;
	const pick = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
	return { median: pick(0.5), p90: pick(0.9), max: sorted[sorted.length - 1] };
}

/** Prints the tables of an earlier run from its JSON file. */
function reprint(file) {
	const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
	const ids = new Set(saved.cases.map((c) => c.id));
	const variants = cases({ smoke: saved.smoke })
		.filter((c) => ids.has(c.id))
		.flatMap((c) => c.variants);
	console.log(
		markdown(summarize(variants, saved.runs), {
			machine: saved.machine,
			command: saved.command,
			started: new Date(saved.started),
		}),
	);
}

async function main() {
	const options = parseArgs(process.argv.slice(2));
	if (options.report) return reprint(options.report);
	const all = cases({ smoke: options.smoke });
	// a case's id takes all its variants (e: e, e3 and e2); a variant's key that one alone (e3)
	const variants = all
		.flatMap((c) => c.variants.map((v) => ({ id: c.id, v })))
		.filter(({ id, v }) => !options.cases || options.cases.some((k) => k === id || k === v.key))
		.map(({ v }) => v);
	const known = all.flatMap((c) => [c.id, ...c.variants.map((v) => v.key)]);
	const unknown = (options.cases ?? []).filter((k) => !known.includes(k));
	if (unknown.length)
		throw new Error(`Unknown case ${unknown.join(',')}; cases: ${[...new Set(known)].join(',')}`);
	const started = new Date();

	const svc = await startFakeService({
		port: PORT,
		accounts: { [KEY]: { user: 'bench', paid: true, credits: 1e12 } },
	});
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-gen-bench-'));
	const n8n = new N8nInstance({
		folder,
		binaryDataMode: 'filesystem',
		env: { N8N_RESTRICT_FILE_ACCESS_TO: folder },
	});
	const records = [];
	try {
		console.error(`[bench] fake service ${svc.apiUrl}; n8n user folder ${folder}`);
		const files = {};
		const upload = variants.find((v) => v.workflow === 'upload');
		if (upload) {
			files.big = path.join(folder, 'upload-big.mp4');
			files.small = path.join(folder, 'upload-small.mp4');
			const mp4 = (bytes) =>
				writeMp4({
					width: 640,
					height: 360,
					durationMs: 10_000,
					paddingBytes: Math.max(
						0,
						bytes - writeMp4({ width: 640, height: 360, durationMs: 10_000 }).length,
					),
				});
			fs.writeFileSync(files.big, mp4(upload.uploadBytes));
			fs.writeFileSync(files.small, mp4(4096));
			await warmUpload(svc, files.big);
		}
		n8n.installPackage();
		await n8n.importCredentials([
			{
				id: 'mediaGenCred0001',
				name: 'Media Generation account',
				type: 'mediaGenerationApi',
				data: { apiKey: KEY, baseUrl: svc.apiUrl },
			},
			{
				id: 'benchHeaderAuth1',
				name: 'Media Generation API key (header)',
				type: 'httpHeaderAuth',
				data: { name: 'X-API-KEY', value: KEY },
			},
		]);
		const plan = variants
			.filter((v) => !v.served)
			.flatMap((variant) => [
				...(variant.baseline ? [false, true] : [false]).flatMap((small) =>
					options.sides.map((side) => ({ variant, side, small })),
				),
				...(variant.inputOnly ? [{ variant, side: 'input', small: false }] : []),
			]);
		const ids = !plan.length
			? []
			: await n8n.importWorkflows(
					plan.map((p) =>
						workflowFor(p.variant, p.side, { small: p.small, apiUrl: svc.apiUrl, files }),
					),
				);
		plan.forEach((p, i) => (p.id = ids[i]));

		for (let repeat = 0; repeat < options.repeat; repeat++) {
			const order = repeat % 2 === 0 ? options.sides : [...options.sides].reverse();
			console.error(
				`[bench] round ${repeat + 1} of ${options.repeat}: ${order.join(' first, then ')}`,
			);
			for (const variant of variants) {
				if (variant.served) {
					for (const side of order)
						records.push(await runServedOne({ svc, variant, side, repeat }));
					continue;
				}
				if (variant.inputOnly) {
					const p = plan.find((q) => q.variant === variant && q.side === 'input');
					records.push(
						await measureOne({ n8n, svc, variant, side: 'input', small: false, id: p.id, repeat }),
					);
					await warmUp({ n8n, svc, variant, plan, side: order[order.length - 1] });
				}
				for (const small of variant.baseline ? [false, true] : [false]) {
					for (const side of order) {
						const p = plan.find(
							(q) => q.variant === variant && q.side === side && q.small === small,
						);
						records.push(await measureOne({ n8n, svc, variant, side, small, id: p.id, repeat }));
					}
				}
			}
		}
	} finally {
		await n8n.stop();
		await svc.stop();
		// the user folder holds every run's binary data: over 2 GB for a full run
		if (process.env.MEDIA_GEN_BENCH_KEEP === '1') console.error(`[bench] kept ${folder}`);
		else fs.rmSync(folder, { recursive: true, force: true });
	}

	const summary = summarize(variants, records);
	const machine = {
		cpus: os.cpus().length,
		memoryGb: Math.round(os.totalmem() / 2 ** 30),
		node: process.version,
		// the release on PATH, the one the runs used (scripts/n8n.sh installs it from N8N_RELEASE)
		n8n: runtimePackage('n8n/package.json').version,
	};
	const command = `npm run bench --${options.smoke ? ' --smoke' : ''}${options.cases ? ` --case ${options.cases.join(',')}` : ''} --repeat ${options.repeat}${options.sides.length < SIDES.length ? ` --side ${options.sides[0]}` : ''}`;
	const table = markdown(summary, { machine, command, started });
	console.log(table);
	fs.writeFileSync(
		options.out,
		`${JSON.stringify({ started, command, machine, smoke: options.smoke, cases: all.filter((c) => c.variants.some((v) => variants.includes(v))).map((c) => ({ id: c.id, title: c.title })), summary, runs: records }, null, 2)}\n`,
	);
	console.error(`[bench] figures written to ${options.out}`);
	const { lines, exitCode } = failures(records, options);
	if (lines.length) console.error(`[bench] ${lines.length} run(s) failed:\n${lines.join('\n')}`);
	if (lines.length && !exitCode)
		console.error('[bench] only hand-built runs failed: the figures of this node stand');
	process.exitCode = exitCode;
}

main().catch((err) => {
	console.error(err);
	process.exitCode = 1;
});
