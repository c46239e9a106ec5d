'use strict';
/**
 * What a bench run leaves: the tables on stdout, the figures in a JSON file (bench-results.json)
 * and the failed runs on stderr; and the tables again from such a file (--report).
 */
const fs = require('node:fs');
const os = require('node:os');
const { runtimePackage } = require('../harness/n8n-cli');
const { cases } = require('./cases');
const { failures } = require('./failures');
const { commandLine } = require('./options');
const { summarize } = require('./summary');
const { markdown } = require('./tables');

/**
 * Prints the tables, writes the figures to options.out and lists the failed runs. `all` are the
 * cases, `variants` those run, `records` their runs; sets the exit code (failures.js).
 */
function report({ options, all, variants, records, started }) {
	const summary = summarize(variants, records);
	const machine = {
		cpus: os.cpus().length,
		memoryGb: Math.round(os.totalmem() / 2 ** 30),
		node: process.version,
		// the release on PATH, the one the runs used (scripts/n8n.sh installs it from N8N_RELEASE)
		n8n: runtimePackage('n8n/package.json').version,
	};
	const command = commandLine(options);
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

module.exports = { report, reprint };
