'use strict';
/** Page helpers for the editor's canvas: opening a workflow, running it, and opening and closing its nodes. */

/** Closes the editor's first-visit pop-ups, if any. */
async function dismissOverlays(page) {
	await page.waitForTimeout(1000);
	for (const selector of [
		'[data-test-id="close-button"]',
		'.el-dialog__headerbtn',
		'[aria-label="Close"]',
	]) {
		for (const el of await page.locator(selector).all())
			await el.click({ timeout: 1000 }).catch(() => undefined);
	}
}

/** Opens the session's workflow imported as `name` and waits until its canvas shows. */
async function openWorkflow(page, session, name) {
	await page.goto(`${session.url}/workflow/${session.workflows[name]}`);
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
	await dismissOverlays(page);
}

/** Runs the open workflow from the editor and waits until the node named `name` shows success. */
async function runWorkflow(page, name) {
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
	await page.waitForSelector(
		`[data-test-id="canvas-node"][data-node-name="${name}"] [data-test-id="canvas-node-status-success"]`,
		{ timeout: 120_000 },
	);
}

async function openNode(page, name) {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 30_000 });
	await page.waitForTimeout(1500);
}

/** Opens a node and its output's Binary view, and waits until the file named `fileName` shows. */
async function openBinaryOutput(page, name, fileName) {
	await openNode(page, name);
	const binaryTab = page.locator(
		'[data-test-id="output-panel"] [data-test-id="radio-button-binary"]',
	);
	if (await binaryTab.count()) await binaryTab.first().click();
	await page
		.locator('[data-test-id="output-panel"]')
		.getByText(fileName)
		.first()
		.waitFor({ timeout: 30_000 });
}

async function closeNode(page) {
	await page.locator('[data-test-id="ndv-close-button"]').first().click();
	await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden', timeout: 10_000 });
}

module.exports = {
	dismissOverlays,
	openWorkflow,
	runWorkflow,
	openNode,
	openBinaryOutput,
	closeNode,
};
