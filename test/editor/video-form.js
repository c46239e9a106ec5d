'use strict';
/**
 * The Video > Generate form in the editor (part of `npm run test:editor`): the model picker's
 * list and search, the fields that follow the chosen model, and each video mode's own inputs.
 */
const assert = require('node:assert/strict');
const { CREDENTIALS } = require('../../harness/examples');
const { openWorkflow, openNode, closeNode } = require('./canvas');
const {
	dropdownOptions,
	choose,
	locatorItems,
	chooseFromLocator,
	locatorById,
	visibleParameters,
	parametersWithIssues,
} = require('./parameters');
const { MODEL_DEFAULT, expectedChoices, listName, namesFor, byTitle } = require('./model-listing');

/** A workflow with one Video > Generate node, as a user would add it. */
const VIDEO_WORKFLOW = {
	name: 'Editor test: Video > Generate',
	nodes: [
		{
			id: 'e0000000-0000-4000-8000-000000000001',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'e0000000-0000-4000-8000-000000000002',
			name: 'Video',
			type: 'n8n-nodes-media-generation.mediaGeneration',
			typeVersion: 3,
			position: [300, 0],
			parameters: { resource: 'video', operation: 'generate', prompt: 'A lighthouse at dawn' },
			credentials: {
				mediaGenerationApi: { id: CREDENTIALS.media.id, name: 'Media Generation API' },
			},
		},
	],
	connections: { Start: { main: [[{ node: 'Video', type: 'main', index: 0 }]] } },
};

/** The inputs each video mode shows; every other mode's inputs stay hidden. */
const MODE_INPUTS = {
	Text: [],
	Image: ['startFrameId', 'startFrameField', 'startFrameUrl'],
	Frames: [
		'startFrameId',
		'startFrameField',
		'startFrameUrl',
		'endFrameId',
		'endFrameField',
		'endFrameUrl',
	],
	References: [
		'referenceImageIds',
		'referenceImageFields',
		'referenceImageUrls',
		'referenceVideoIds',
		'referenceVideoFields',
		'referenceVideoUrls',
	],
	'Video to Video': ['sourceVideoId', 'sourceVideoField', 'sourceVideoUrl'],
};
const ALL_INPUTS = [...new Set(Object.values(MODE_INPUTS).flat())];

/** Checks the form of the session's workflow imported as 'editor-video' (VIDEO_WORKFLOW). */
async function checkVideoForm(page, session, step) {
	await openWorkflow(page, session, 'editor-video');
	const listings = () =>
		session.fake.state.requests.filter((r) => r.path === '/v1/video/models').length;
	const listingsBefore = listings();
	await openNode(page, 'Video');

	// the model list comes from the service, filtered to the mode (Text by default), named
	// with prices; the search looks at descriptions and ids too
	assert.deepEqual(
		await locatorItems(page, 'model', { waitFor: namesFor('text').at(-1) }),
		namesFor('text'),
	);
	assert.ok(
		listings() > listingsBefore,
		'the model list did not ask the fake service for GET /video/models',
	);
	step(`model list loaded from the fake service: ${namesFor('text').join(', ')}`);
	const searches = [
		['cinematic', [listName(byTitle('Cinema Pro'))]],
		['motion-f', [listName(byTitle('Motion Fast'))]],
		['restyle', []],
	];
	for (const [search, expected] of searches) {
		assert.deepEqual(
			await locatorItems(page, 'model', { search, waitFor: expected[0] }),
			expected,
			`the model list searched for "${search}"`,
		);
	}
	await page.keyboard.press('Escape');
	step(
		`search: ${searches.map(([q, e]) => `"${q}" finds ${e.length ? e.join(', ') : 'nothing (that model lacks Text mode)'}`).join('; ')}`,
	);

	// before a model is chosen, only the required model field is marked; the fields that
	// follow the model hold their empty default, which their lists offer as "Model's Default"
	for (const parameter of ['resolution', 'aspectRatio', 'duration']) {
		assert.deepEqual(
			await dropdownOptions(page, parameter, { waitFor: MODEL_DEFAULT }),
			[MODEL_DEFAULT],
			`${parameter} before a model is chosen`,
		);
		await page.keyboard.press('Escape');
	}
	await page.waitForTimeout(500);
	const marked = await parametersWithIssues(page);
	assert.deepEqual(
		marked.filter((p) => p !== 'model'),
		[],
		`fields marked with an issue before a model is chosen: ${marked.join(', ')}`,
	);
	step(
		`before a model is chosen: no issue on resolution, aspect ratio or duration (marked: ${marked.join(', ') || 'none'})`,
	);

	// a model chosen from the list, then one typed By ID, narrows resolution, aspect ratio and
	// duration to its own
	for (const [title, how] of [
		['Cinema Pro', 'From List'],
		['Motion Fast', 'By ID'],
	]) {
		const model = byTitle(title);
		if (how === 'By ID') await locatorById(page, 'model', model.id);
		else await chooseFromLocator(page, 'model', listName(model));
		const expected = expectedChoices(model);
		for (const parameter of ['resolution', 'aspectRatio', 'duration']) {
			assert.deepEqual(
				// the model's own first choice: the list has reloaded for it
				await dropdownOptions(page, parameter, { waitFor: expected[parameter][1] }),
				expected[parameter],
				`${parameter} for ${title} (${how})`,
			);
			await page.keyboard.press('Escape');
		}
		const markedNow = await parametersWithIssues(page);
		assert.deepEqual(
			markedNow,
			[],
			`fields marked with an issue once ${title} is chosen: ${markedNow.join(', ')}`,
		);
		step(
			`${title} (${how}): resolutions ${expected.resolution.join(', ')}; aspect ratios ${expected.aspectRatio.join(', ')}; durations ${expected.duration.join(', ')}`,
		);
	}

	// modes by their labels, each showing its own inputs only
	assert.deepEqual(await dropdownOptions(page, 'mode'), Object.keys(MODE_INPUTS).sort());
	await page.keyboard.press('Escape');
	for (const [mode, inputs] of Object.entries(MODE_INPUTS)) {
		await choose(page, 'mode', mode);
		const shown = (await visibleParameters(page)).filter((p) => ALL_INPUTS.includes(p));
		assert.deepEqual(shown, inputs, `inputs shown in ${mode} mode`);
	}
	step(
		`each mode shows its own inputs only: ${Object.entries(MODE_INPUTS)
			.map(([m, i]) => `${m} (${i.length})`)
			.join(', ')}`,
	);

	await closeNode(page);
}

module.exports = { VIDEO_WORKFLOW, checkVideoForm };
