'use strict';
/** The bench's command-line flags (run.js lists them), and the command that gives the same run. */
const path = require('node:path');
const { SIDES } = require('./sides');

const ROOT = path.resolve(__dirname, '..');

/** The options `argv` asks for, the defaults filled in; an unknown flag or a bad value throws. */
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

/** The npm command of a run with these options, as the tables and the JSON file give it. */
const commandLine = (options) =>
	`npm run bench --${options.smoke ? ' --smoke' : ''}${options.cases ? ` --case ${options.cases.join(',')}` : ''} --repeat ${options.repeat}${options.sides.length < SIDES.length ? ` --side ${options.sides[0]}` : ''}`;

module.exports = { parseArgs, commandLine };
