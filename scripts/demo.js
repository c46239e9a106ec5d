'use strict';
/**
 * The demo: starts the fake service, runs the node through n8n's engine and prints what came back.
 * With MEDIA_GENERATION_API_KEY and MEDIA_GENERATION_BASE_URL set, it talks to a real account instead.
 */
require('../test/setup-env');
const fs = require('node:fs');
const path = require('node:path');
const { startFakeService } = require('../test/fake-service/server');
const { runWorkflow, mediaNode, nodeResult, readBinary } = require('../test/harness/run-workflow');
const { sniffImage } = require('../test/fake-service/media/sniff');
const { readMp4 } = require('../test/fake-service/media/mp4');
const { mp3DurationMs } = require('../test/fake-service/media/mp3');

const OUTPUT = path.resolve(__dirname, '../demo-output');

function table(rows, columns) {
	const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
	const line = (cells) => cells.map((v, i) => String(v ?? '').padEnd(widths[i])).join('  ');
	return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c])))].join('\n');
}

/** The cheapest model and resolution of the listing: a demo on a real account spends little. */
function cheapestImage(models) {
	const options = models.flatMap((m) => Object.entries(m.credits_by_resolution ?? {}).map(([resolution, credits]) => ({ model: m, resolution, credits })));
	options.sort((a, b) => a.credits - b.credits);
	return options[0];
}

async function generateImage(credentials, models) {
	const choice = cheapestImage(models);
	if (!choice) throw new Error('The image model listing is empty');
	const params = {
		resource: 'image',
		operation: 'generate',
		prompt: 'A lighthouse on a rocky coast at dawn, watercolour',
		model: choice.model.id,
		resolution: choice.resolution,
		options: { fileName: 'lighthouse', maxCredits: choice.credits, pollIntervalSeconds: 1 },
	};
	console.log(`\nImage > Generate with ${choice.model.id} at ${choice.resolution} (${choice.credits} credit${choice.credits === 1 ? "" : "s"}), waiting for the result:\n`);
	await runAndWrite(credentials, params);
}

/** The cheapest video the listing offers: text mode, lowest price per second, shortest duration. */
function cheapestVideo(models) {
	const options = models
		.filter((m) => m.modes.includes('text'))
		.flatMap((m) => m.resolutions.map((r) => ({ model: m, resolution: r.resolution, perSecond: r.credits_per_second, seconds: Math.min(...m.durations) })));
	options.sort((a, b) => a.perSecond * a.seconds - b.perSecond * b.seconds);
	return options[0];
}

async function generateVideo(credentials, models) {
	const choice = cheapestVideo(models);
	if (!choice) throw new Error('No video model in the listing does text mode');
	const credits = Math.ceil(choice.perSecond * choice.seconds);
	const params = {
		resource: 'video',
		operation: 'generate',
		mode: 'text',
		prompt: 'Waves rolling onto a beach at sunset, slow camera pan',
		model: choice.model.id,
		resolution: choice.resolution,
		duration: choice.seconds,
		options: { fileName: 'waves', maxCredits: credits, pollIntervalSeconds: 2, maxWaitMinutes: 30 },
	};
	console.log(`\nVideo > Generate (text mode) with ${choice.model.id} at ${choice.resolution}, ${choice.seconds} s (about ${credits} credits), waiting for the result:\n`);
	await runAndWrite(credentials, params);
}

async function generatePodcast(credentials, real) {
	const voices = [process.env.MEDIA_GENERATION_VOICE_1, process.env.MEDIA_GENERATION_VOICE_2];
	if (real && !(voices[0] && voices[1])) {
		// a real account's voice ids are its own: without them, let the service pick its default voices
		console.log('\nPodcast > Generate from Prompt (the default voices), waiting for the result:\n');
		const prompt = 'A 20-second news brief: media generation now runs inside n8n workflows.';
		return await runAndWrite(credentials, { resource: 'podcast', operation: 'generateFromPrompt', prompt, options: { fileName: 'news', pollIntervalSeconds: 2 } });
	}
	const params = {
		resource: 'podcast',
		operation: 'generateFromScript',
		segments: {
			segment: [
				{ voiceId: voices[0] || 'voice-ava', text: 'Welcome to the two-minute news. Today: media generation inside n8n workflows.' },
				{ voiceId: voices[1] || 'voice-ben', text: 'One node, every endpoint, and the files come back ready for the next step.' },
			],
		},
		options: { fileName: 'news', pollIntervalSeconds: 2 },
	};
	console.log('\nPodcast > Generate from Script (two short segments, about 10 credits a minute), waiting for the result:\n');
	await runAndWrite(credentials, params);
}

/** Runs one node, writes each output file to demo-output/ and prints a table of them. */
async function runAndWrite(credentials, params) {
	const run = await runWorkflow({ nodes: [mediaNode('Media Generation', params)], credentials });
	const { items, error } = nodeResult(run, 'Media Generation');
	if (error) throw error;
	fs.mkdirSync(OUTPUT, { recursive: true });
	const rows = [];
	for (const item of items) {
		const binary = item.binary.data;
		const bytes = await readBinary(binary);
		const file = path.join(OUTPUT, binary.fileName);
		fs.writeFileSync(file, bytes);
		const image = sniffImage(bytes);
		const video = image ? undefined : readMp4(bytes);
		const audioMs = binary.mimeType === 'audio/mpeg' ? mp3DurationMs(bytes) : undefined;
		rows.push({
			file: path.relative(process.cwd(), file),
			type: binary.mimeType,
			size: `${(bytes.length / 1024).toFixed(1)} KB`,
			'duration or dimensions': image
				? `${image.width}x${image.height}`
				: audioMs !== undefined
					? `${(audioMs / 1000).toFixed(1)} s`
					: video
					? `${(video.durationMs / 1000).toFixed(1)} s, ${video.width}x${video.height}`
					: '?',
			job_id: item.json.job_id,
		});
	}
	console.log(table(rows, Object.keys(rows[0])));
}

async function main() {
	const real = process.env.MEDIA_GENERATION_API_KEY && process.env.MEDIA_GENERATION_BASE_URL;
	const svc = real ? undefined : await startFakeService();
	const credentials = real
		? { apiKey: process.env.MEDIA_GENERATION_API_KEY, baseUrl: process.env.MEDIA_GENERATION_BASE_URL }
		: { apiKey: 'test-key-alice', baseUrl: svc.apiUrl };
	console.log(real ? `Using the service at ${credentials.baseUrl}` : `Fake service running at ${credentials.baseUrl}`);
	try {
		const listings = {};
		for (const [operation, title] of [
			['listImageModels', 'Image models'],
			['listVideoModels', 'Video models'],
		]) {
			const run = await runWorkflow({ nodes: [mediaNode('Media Generation', { resource: 'model', operation })], credentials });
			const { items, error } = nodeResult(run, 'Media Generation');
			if (error) throw error;
			listings[operation] = items.map((i) => i.json);
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
		await generateImage(credentials, listings.listImageModels);
		await generateVideo(credentials, listings.listVideoModels);
		await generatePodcast(credentials, Boolean(real));
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
