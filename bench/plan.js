'use strict';
/**
 * The plan of a bench run: each run n8n executes from the command line (every variant not served),
 * with the workflow of bench/workflows/ it imports for that run.
 */
const fs = require('node:fs');
const path = require('node:path');

/** The sizes of files a variant runs with: full, and 4 KB when it has a baseline. */
const fileSizes = (variant) => (variant.baseline ? [false, true] : [false]);

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

/** Each run of a round: the variant, its side (or the reading alone, 'input') and file size. */
function planRuns(variants, sides) {
	return variants
		.filter((v) => !v.served)
		.flatMap((variant) => [
			...fileSizes(variant).flatMap((small) => sides.map((side) => ({ variant, side, small }))),
			...(variant.inputOnly ? [{ variant, side: 'input', small: false }] : []),
		]);
}

/** Imports each planned run's workflow into n8n and keeps its id in the plan. */
async function importPlan(n8n, plan, { apiUrl, files }) {
	const ids = !plan.length
		? []
		: await n8n.importWorkflows(
				plan.map((p) => workflowFor(p.variant, p.side, { small: p.small, apiUrl, files })),
			);
	plan.forEach((p, i) => (p.id = ids[i]));
}

/** The id of the workflow planned for this variant, side and file size. */
const plannedId = (plan, variant, side, small = false) =>
	plan.find((q) => q.variant === variant && q.side === side && q.small === small).id;

module.exports = { fileSizes, planRuns, importPlan, plannedId };
