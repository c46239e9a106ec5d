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
 * only a --smoke run (see failures.js).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startFakeService } = require('../harness/fake-service/server');
const { N8nInstance } = require('../harness/n8n-cli');
const { cases } = require('./cases');
const { measureOne, warmUp } = require('./cliRun');
const { accounts, credentials } = require('./credentials');
const { parseArgs } = require('./options');
const { fileSizes, planRuns, importPlan, plannedId } = require('./plan');
const { report, reprint } = require('./results');
const { runServedOne } = require('./servedRun');
const { writeUploadFiles, warmUpload } = require('./uploadFiles');

const PORT = Number(process.env.BENCH_PORT ?? 5850);

/** The variants the options ask for, among all cases' (every variant without --case). */
function chosenVariants(all, options) {
	// a case's id takes all its variants (e: e, e3 and e2); a variant's key that one alone (e3)
	const variants = all
		.flatMap((c) => c.variants.map((v) => ({ id: c.id, v })))
		.filter(({ id, v }) => !options.cases || options.cases.some((k) => k === id || k === v.key))
		.map(({ v }) => v);
	const known = all.flatMap((c) => [c.id, ...c.variants.map((v) => v.key)]);
	const unknown = (options.cases ?? []).filter((k) => !known.includes(k));
	if (unknown.length)
		throw new Error(`Unknown case ${unknown.join(',')}; cases: ${[...new Set(known)].join(',')}`);
	return variants;
}

/** One round: each variant's runs, the sides in `order`. */
async function runRound({ n8n, svc, variants, plan, order, repeat, records }) {
	for (const variant of variants) {
		if (variant.served) {
			for (const side of order) records.push(await runServedOne({ svc, variant, side, repeat }));
			continue;
		}
		if (variant.inputOnly) {
			const id = plannedId(plan, variant, 'input');
			records.push(
				await measureOne({ n8n, svc, variant, side: 'input', small: false, id, repeat }),
			);
			await warmUp({ n8n, svc, variant, plan, side: order[order.length - 1] });
		}
		for (const small of fileSizes(variant)) {
			for (const side of order) {
				const id = plannedId(plan, variant, side, small);
				records.push(await measureOne({ n8n, svc, variant, side, small, id, repeat }));
			}
		}
	}
}

async function main() {
	const options = parseArgs(process.argv.slice(2));
	if (options.report) return reprint(options.report);
	const all = cases({ smoke: options.smoke });
	const variants = chosenVariants(all, options);
	const started = new Date();

	const svc = await startFakeService({ port: PORT, accounts });
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-gen-bench-'));
	const n8n = new N8nInstance({
		folder,
		binaryDataMode: 'filesystem',
		env: { N8N_RESTRICT_FILE_ACCESS_TO: folder },
	});
	const records = [];
	try {
		console.error(`[bench] fake service ${svc.apiUrl}; n8n user folder ${folder}`);
		const upload = variants.find((v) => v.workflow === 'upload');
		const files = upload ? writeUploadFiles(folder, upload.uploadBytes) : {};
		if (upload) await warmUpload(svc, files.big);
		n8n.installPackage();
		await n8n.importCredentials(credentials(svc.apiUrl));
		const plan = planRuns(variants, options.sides);
		await importPlan(n8n, plan, { apiUrl: svc.apiUrl, files });

		for (let repeat = 0; repeat < options.repeat; repeat++) {
			const order = repeat % 2 === 0 ? options.sides : [...options.sides].reverse();
			console.error(
				`[bench] round ${repeat + 1} of ${options.repeat}: ${order.join(' first, then ')}`,
			);
			await runRound({ n8n, svc, variants, plan, order, repeat, records });
		}
	} finally {
		await n8n.stop();
		await svc.stop();
		// the user folder holds every run's binary data: over 2 GB for a full run
		if (process.env.MEDIA_GEN_BENCH_KEEP === '1') console.error(`[bench] kept ${folder}`);
		else fs.rmSync(folder, { recursive: true, force: true });
	}
	report({ options, all, variants, records, started });
}

main().catch((err) => {
	console.error(err);
	process.exitCode = 1;
});
