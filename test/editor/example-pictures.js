'use strict';
/**
 * The examples in the editor as a user imports them, and the README's pictures taken from them
 * (docs/images/*.jpg; part of `npm run test:editor`): the image to video example's model picker,
 * its run and its output with the credits hint, the durable loop's Check outputs, and the first
 * podcast's MP3.
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { openWorkflow, runWorkflow, openNode, openBinaryOutput, closeNode } = require('./canvas');
const { locatorItems } = require('./parameters');
const { listName, namesFor, byTitle } = require('./model-listing');

const IMAGES = path.resolve(__dirname, '../../docs/images');

/** Writes the page as the README's picture docs/images/`name` (JPEG, quality 85). */
async function picture(page, name) {
	fs.mkdirSync(IMAGES, { recursive: true });
	await page.screenshot({ path: path.join(IMAGES, name), type: 'jpeg', quality: 85 });
}

async function checkExamplePictures(page, session, step) {
	// an example as a user imports it: the video node at the newest version, its model in the
	// picker, which lists the service's models of the node's mode (the README's form picture)
	await openWorkflow(page, session, 'image-to-video-start-end-frames');
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
		await locatorItems(page, 'model', { search: '', waitFor: namesFor('frames').at(-1) }),
		namesFor('frames'),
	);
	await picture(page, 'node-form-models.jpg');
	await page.keyboard.press('Escape');
	await closeNode(page);
	step(
		`the image to video example: its model "${chosen}" in the picker, the list of frames models; wrote docs/images/node-form-models.jpg`,
	);

	// the same example run in the editor, for the README's other two pictures
	await runWorkflow(page, 'Dawn to Night Video');
	await page.waitForTimeout(500);
	await picture(page, 'workflow-executed.jpg');
	await openBinaryOutput(page, 'Dawn to Night Video', 'dawn-to-night.mp4');
	// the node's execution hint: the credits its job was estimated at
	const hint = /The job of this run is estimated at \d+(\.\d+)? credits?\./;
	await page.getByText(hint).first().waitFor({ timeout: 15_000 });
	await page.waitForTimeout(500);
	await picture(page, 'output-binary.jpg');
	await closeNode(page);
	step(
		'ran the image to video example; its output shows the credits hint; wrote docs/images/workflow-executed.jpg and output-binary.jpg',
	);

	// Check's two outputs, as the editor draws them from the operation (the durable loop)
	await openWorkflow(page, session, 'long-podcasts-durable-wait');
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
	await picture(page, 'durable-loop.jpg');
	step(
		'the durable loop example: Check Podcasts shows its Done and Running outputs; wrote docs/images/durable-loop.jpg',
	);

	// the first podcast example run: the node's form beside its MP3 (the README's first steps)
	await openWorkflow(page, session, 'first-podcast');
	await runWorkflow(page, 'Generate Podcast');
	await openBinaryOutput(page, 'Generate Podcast', 'first-podcast.mp3');
	await page.waitForTimeout(500);
	await picture(page, 'first-podcast.jpg');
	await closeNode(page);
	step('ran the first podcast example: its MP3 in the output; wrote docs/images/first-podcast.jpg');
}

module.exports = { checkExamplePictures };
