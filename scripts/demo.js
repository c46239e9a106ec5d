'use strict';
/**
 * The demo: starts the fake service, runs the node through n8n's engine and prints what came back.
 * With MEDIA_GENERATION_API_KEY and MEDIA_GENERATION_BASE_URL set, it talks to a real account instead.
 */
require('../test/setup-env');
const { startFakeService } = require('../test/fake-service/server');
const { runWorkflow, mediaNode, nodeResult } = require('../test/harness/run-workflow');

function table(rows, columns) {
	const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
	const line = (cells) => cells.map((v, i) => String(v ?? '').padEnd(widths[i])).join('  ');
	return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c])))].join('\n');
}

async function main() {
	const real = process.env.MEDIA_GENERATION_API_KEY && process.env.MEDIA_GENERATION_BASE_URL;
	const svc = real ? undefined : await startFakeService();
	const credentials = real
		? { apiKey: process.env.MEDIA_GENERATION_API_KEY, baseUrl: process.env.MEDIA_GENERATION_BASE_URL }
		: { apiKey: 'test-key-alice', baseUrl: svc.apiUrl };
	console.log(real ? `Using the service at ${credentials.baseUrl}` : `Fake service running at ${credentials.baseUrl}`);
	try {
		for (const [operation, title] of [
			['listImageModels', 'Image models'],
			['listVideoModels', 'Video models'],
		]) {
			const run = await runWorkflow({ nodes: [mediaNode('Media Generation', { resource: 'model', operation })], credentials });
			const { items, error } = nodeResult(run, 'Media Generation');
			if (error) throw error;
			const rows = items.map(({ json: m }) => ({
				id: m.id,
				title: m.title,
				resolutions: (m.resolutions ?? []).map((r) => (typeof r === 'string' ? r : r.resolution)).join(' '),
				aspect_ratios: (m.aspect_ratios ?? []).join(' '),
				...(operation === 'listVideoModels'
					? { modes: m.modes.join(' '), durations: m.durations.join(' ') }
					: { references: m.supports_reference_images ? `up to ${m.max_reference_images}` : 'no' }),
			}));
			console.log(`\n${title} (${items.length}), through the Media Generation node:\n`);
			console.log(table(rows, Object.keys(rows[0] ?? { id: '' })));
		}
	} finally {
		await svc?.stop();
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(`Demo failed: ${error.message}${error.description ? `\n${error.description}` : ''}`);
		process.exit(1);
	},
);
