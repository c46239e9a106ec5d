'use strict';
/**
 * The node in the real n8n editor, driven by Debian's Chromium through playwright-core
 * (`npm run test:editor`): the pinned n8n with this package installed, the fake service behind
 * the credential. Checks what only the editor shows:
 *   - the model picker (n8n's resource locator, version 3) lists the service's models with their
 *     prices, filtered to the chosen video mode, and searches them by description and id;
 *   - a model chosen from the list or typed By ID narrows resolution, aspect ratio and duration to
 *     that model's, and before a model is chosen those fields show no issue (their empty default
 *     is a listed choice);
 *   - each video mode shows its own inputs only, and the modes by their labels;
 *   - after a run, the output shows the node's execution hint with the credits estimated;
 *   - the credential test passes with a good key and explains a wrong one;
 *   - Check shows two outputs, Done and Running (the durable loop example);
 *   - an imported example holds its model in the picker, named as the list names it;
 *   - the chat example's progress lines and link in the editor's chat (./chat.js).
 * On the way it takes the README's screenshots (docs/images/*.jpg) from the example workflows, as a
 * user imports them. Exits 1 on the first failure,
 * leaving a picture of the page in the temporary folder.
 */
require('../../harness/n8n-env');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startEditorSession } = require('../../harness/editor-session');
const {
	launch,
	dismissOverlays,
	openNode,
	openBinaryOutput,
	closeNode,
	dropdownOptions,
	choose,
	locatorItems,
	chooseFromLocator,
	locatorById,
	visibleParameters,
	parametersWithIssues,
} = require('./browser');
const { videoModels } = require('../../harness/fake-service/catalogue');
const { CREDENTIALS } = require('../../harness/examples');
const { checkChatProgress, videoMs } = require('./chat');

const PORT = Number(process.env.MEDIA_GENERATION_EDITOR_TEST_PORT ?? 5751);
const IMAGES = path.resolve(__dirname, '../../docs/images');

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

/** The first choice of every list that follows the model: the field's empty default. */
const MODEL_DEFAULT = "Model's Default";

/** What the resolution, aspect ratio and duration dropdowns must offer for a model of the listing. */
function expectedChoices(model) {
	const dflt = (name, isDefault) => (isDefault ? `${name} (default)` : name);
	return {
		resolution: [
			MODEL_DEFAULT,
			...model.resolutions.map((r) =>
				dflt(
					r.label && r.label !== r.resolution
						? `${r.resolution} (renders ${r.label})`
						: r.resolution,
					r.resolution === model.default_resolution,
				),
			),
		],
		aspectRatio: [MODEL_DEFAULT, ...model.aspect_ratios],
		duration: [
			MODEL_DEFAULT,
			...model.durations.map((d) => dflt(`${d} s`, d === model.default_duration)),
		],
	};
}

/** A model as the picker's list names it: its title and the range of its prices. */
function listName(model) {
	const prices = model.resolutions.map((r) => r.credits_per_second);
	const [low, high] = [Math.min(...prices), Math.max(...prices)];
	const per = (n) => `${n} ${n === 1 ? 'credit' : 'credits'} per second`;
	return `${model.title} (${low === high ? per(high) : `${low} to ${per(high)}`})`;
}
const namesFor = (mode) => videoModels.filter((m) => m.modes.includes(mode)).map(listName);
const byTitle = (title) => videoModels.find((m) => m.title === title);

async function main() {
	const started = Date.now();
	const step = (text) =>
		console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s  ${text}`);
	console.log(`Starting n8n with this package on port ${PORT}…`);
	const session = await startEditorSession({
		port: PORT,
		timing: { queueMs: 200, imageMs: 800, videoMs: videoMs(1200), audioMs: 1200 },
		workflows: { 'editor-video': VIDEO_WORKFLOW },
	});
	let browser;
	let page;
	try {
		step(`n8n is up at ${session.url}`);
		browser = await launch();
		const context = await browser.newContext({
			viewport: { width: 1440, height: 900 },
			deviceScaleFactor: 1,
		});
		page = await context.newPage();
		const login = await page.request.post(`${session.url}/rest/login`, {
			data: { emailOrLdapLoginId: session.owner.email, password: session.owner.password },
		});
		assert.ok(login.ok(), `login answered ${login.status()}`);

		await page.goto(`${session.url}/workflow/${session.workflows['editor-video']}`);
		await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
		await dismissOverlays(page);
		const listings = () =>
			session.fake.state.requests.filter((r) => r.path === '/v1/video/models').length;
		const listingsBefore = listings();
		await openNode(page, 'Video');

		// the model list comes from the service, filtered to the mode (Text by default), named
		// with prices; the search looks at descriptions and ids too
		assert.deepEqual(
			await locatorItems(page, 'model', { waitFor: namesFor('text')[0] }),
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

		// an example as a user imports it: the video node at the newest version, its model in the
		// picker, which lists the service's models of the node's mode (the README's form picture)
		await page.goto(
			`${session.url}/workflow/${session.workflows['image-to-video-start-end-frames']}`,
		);
		await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
		await dismissOverlays(page);
		await openNode(page, 'Dawn to Night Video');
		// the picker shows the name the list gives the model the example holds
		const modelField = page.locator('[data-test-id="parameter-input-model"]');
		const shown = [
			await modelField.innerText(),
			...(await Promise.all((await modelField.locator('input').all()).map((i) => i.inputValue()))),
		].join(' | ');
		const chosen = listName(byTitle('Motion Fast'));
		assert.ok(shown.includes(chosen), `the example's model: the picker shows "${shown}"`);
		assert.deepEqual(
			await locatorItems(page, 'model', { search: '', waitFor: namesFor('frames')[0] }),
			namesFor('frames'),
		);
		fs.mkdirSync(IMAGES, { recursive: true });
		await page.screenshot({
			path: path.join(IMAGES, 'node-form-models.jpg'),
			type: 'jpeg',
			quality: 85,
		});
		await page.keyboard.press('Escape');
		await closeNode(page);
		step(
			`the image to video example: its model "${chosen}" in the picker, the list of frames models; wrote docs/images/node-form-models.jpg`,
		);

		// the same example run in the editor, for the README's other two pictures
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		await page.waitForSelector(
			'[data-test-id="canvas-node"][data-node-name="Dawn to Night Video"] [data-test-id="canvas-node-status-success"]',
			{ timeout: 120_000 },
		);
		await page.waitForTimeout(500);
		await page.screenshot({
			path: path.join(IMAGES, 'workflow-executed.jpg'),
			type: 'jpeg',
			quality: 85,
		});
		await openBinaryOutput(page, 'Dawn to Night Video', 'dawn-to-night.mp4');
		// the node's execution hint: the credits its job was estimated at
		const hint = /The job of this run is estimated at \d+(\.\d+)? credits?\./;
		await page.getByText(hint).first().waitFor({ timeout: 15_000 });
		await page.waitForTimeout(500);
		await page.screenshot({
			path: path.join(IMAGES, 'output-binary.jpg'),
			type: 'jpeg',
			quality: 85,
		});
		await closeNode(page);
		step(
			'ran the image to video example; its output shows the credits hint; wrote docs/images/workflow-executed.jpg and output-binary.jpg',
		);

		// Check's two outputs, as the editor draws them from the operation (the durable loop)
		await page.goto(`${session.url}/workflow/${session.workflows['long-podcasts-durable-wait']}`);
		await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
		await dismissOverlays(page);
		const check = page.locator('.vue-flow__node', {
			has: page.locator('[data-test-id="canvas-node"][data-node-name="Check Podcasts"]'),
		});
		for (const label of ['Done', 'Running'])
			await check.getByText(label, { exact: true }).first().waitFor({ timeout: 30_000 });
		const startNode = page.locator('.vue-flow__node', {
			has: page.locator('[data-test-id="canvas-node"][data-node-name="Start Podcasts"]'),
		});
		assert.equal(await startNode.getByText('Running', { exact: true }).count(), 0);
		await page.waitForTimeout(500);
		await page.screenshot({
			path: path.join(IMAGES, 'durable-loop.jpg'),
			type: 'jpeg',
			quality: 85,
		});
		step(
			'the durable loop example: Check Podcasts shows its Done and Running outputs; wrote docs/images/durable-loop.jpg',
		);

		// the first podcast example run: the node's form beside its MP3 (the README's first steps)
		await page.goto(`${session.url}/workflow/${session.workflows['first-podcast']}`);
		await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
		await dismissOverlays(page);
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		await page.waitForSelector(
			'[data-test-id="canvas-node"][data-node-name="Generate Podcast"] [data-test-id="canvas-node-status-success"]',
			{ timeout: 120_000 },
		);
		await openBinaryOutput(page, 'Generate Podcast', 'first-podcast.mp3');
		await page.waitForTimeout(500);
		await page.screenshot({
			path: path.join(IMAGES, 'first-podcast.jpg'),
			type: 'jpeg',
			quality: 85,
		});
		await closeNode(page);
		step(
			'ran the first podcast example: its MP3 in the output; wrote docs/images/first-podcast.jpg',
		);

		// the credential test, as the credential dialog runs it on Save
		await page.goto(`${session.url}/home/credentials/${session.credentialId}`);
		const apiKey = page.locator('[data-test-id="parameter-input-apiKey"] input');
		await apiKey.waitFor({ timeout: 30_000 });
		for (const [key, expectation, details] of [
			['test-key-bob', /Connection tested successfully/],
			[
				'a-wrong-key',
				/Couldn.t connect with these settings/,
				/The API key was refused\. Copy a key from Workspace Settings > API keys\./,
			],
			['test-key-alice', /Connection tested successfully/],
		]) {
			await apiKey.fill(key);
			await apiKey.press('Tab');
			await page.waitForTimeout(1000); // the dialog takes the typed value after a short delay
			await page.locator('[data-test-id="credential-save-button"]').click();
			const modal = page.locator('[data-test-id="editCredential-modal"]');
			await modal.getByText(expectation).first().waitFor({ timeout: 30_000 });
			// the banner of the previous try must be gone: this result is the new key's
			for (const other of [
				'Connection tested successfully',
				"Couldn't connect with these settings",
				'Couldn’t connect with these settings',
			]) {
				if (!expectation.test(other))
					await modal.getByText(other).first().waitFor({ state: 'hidden', timeout: 10_000 });
			}
			if (details) {
				// the dialog shows the credential's own message under "More details"
				const more = modal.getByText('More details').first();
				await more.hover();
				await more.click();
				await page.getByText(details).first().waitFor({ timeout: 10_000 });
				await page.mouse.move(5, 5);
			}
			step(`credential test with ${key}: "${(details ?? expectation).source.replace(/\\/g, '')}"`);
		}

		await checkChatProgress(page, session, step);
		console.log(`Editor checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	} catch (error) {
		const picture = path.join(os.tmpdir(), 'media-generation-editor-failure.png');
		await page?.screenshot({ path: picture }).catch(() => undefined);
		console.error(`Editor check failed (the page at that moment: ${picture})`);
		throw error;
	} finally {
		await browser?.close();
		await session.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
