/**
 * Reads StrykerJS's report (reports/mutation/mutation.json, from `npm run test:mutation`) and
 * prints the mutation score of each folder of the pure logic as a Markdown table. It fails when a
 * folder that was mutated scores under its minimum, or marks more than 5 % of its mutants as
 * equivalent (Stryker's disable comments). The score counts killed and timed-out mutants over all
 * that are not marked; a mutant no test covers counts as survived.
 */
const fs = require('fs');
const path = require('path');

const REPORT = path.join(__dirname, '..', 'reports', 'mutation', 'mutation.json');
const FOLDERS = {
	'engine/plan': 90,
	validation: 85,
	'actions/cost': 85,
};
const ALL_MIN = 85;
const MARKED_MAX = 0.05;
const DETECTED = new Set(['Killed', 'Timeout']);

function tally(mutants) {
	const marked = mutants.filter((m) => m.status === 'Ignored').length;
	const counted = mutants.length - marked;
	const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
	const score = counted ? (100 * detected) / counted : 100;
	return { mutants: mutants.length, marked, counted, detected, score };
}

function main() {
	const report = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
	const byFolder = new Map();
	for (const [file, { mutants }] of Object.entries(report.files)) {
		const folder = Object.keys(FOLDERS).find((f) => file.includes(`/MediaGeneration/${f}/`));
		if (!folder) continue;
		byFolder.set(folder, [...(byFolder.get(folder) ?? []), ...mutants]);
	}
	const rows = [...byFolder].map(([folder, mutants]) => ({
		folder,
		min: FOLDERS[folder],
		...tally(mutants),
	}));
	rows.push({ folder: 'all', min: ALL_MIN, ...tally([...byFolder.values()].flat()) });
	const failures = [];
	console.log('| Folder | Mutants | Marked equivalent | Killed or timed out | Score | Minimum |');
	console.log('| --- | --- | --- | --- | --- | --- |');
	for (const r of rows) {
		console.log(
			`| ${r.folder} | ${r.mutants} | ${r.marked} | ${r.detected} of ${r.counted} | ${r.score.toFixed(2)} % | ${r.min} % |`,
		);
		if (r.score < r.min)
			failures.push(`${r.folder} scores ${r.score.toFixed(2)} %, under ${r.min} %`);
		if (r.marked > MARKED_MAX * r.mutants)
			failures.push(`${r.folder} marks ${r.marked} of ${r.mutants} mutants equivalent, over 5 %`);
	}
	for (const f of failures) console.error(`[mutation] ${f}`);
	process.exitCode = failures.length ? 1 : 0;
}

main();
