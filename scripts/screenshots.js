'use strict';
/**
 * Takes the README's screenshots of the node in the real n8n editor: `n8n start` on loopback with
 * this package installed as a community package, the fake service behind the credential, and
 * Debian's Chromium driven headless by playwright-core. Writes docs/images/*.png.
 *
 * Needs Chromium at /usr/bin/chromium (Debian: apt-get install chromium) or CHROMIUM_PATH.
 */
require('../test/setup-env');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { startFakeService } = require('../test/fake-service/server');
const { N8nInstance } = require('../test/e2e/n8n-cli');
const { loadExamples, credentialsFor } = require('../test/e2e/examples');

const OUT = path.resolve(__dirname, '../docs/images');
const PORT = Number(process.env.SCREENSHOT_PORT ?? 5698);
const OWNER = { email: 'owner@example.com', firstName: 'Demo', lastName: 'Owner', password: 'Media-Generation-1' };

async function main() {
	const svc = await startFakeService({ timing: { queueMs: 200, imageMs: 1000, videoMs: 1500, audioMs: 1500 } });
	const n8n = new N8nInstance({ binaryDataMode: 'filesystem' }).installPackage();
	let browser;
	let page;
	try {
		await n8n.importCredentials(credentialsFor({ apiKey: 'test-key-alice', baseUrl: svc.apiUrl, openAiKey: 'sk-demo', openAiUrl: svc.apiUrl.replace(/\/v1$/, '/openai/v1') }));
		const examples = loadExamples();
		const [workflowId] = await n8n.importWorkflows([examples['image-to-video-start-end-frames']]);
		const base = await n8n.start(PORT);
		console.log(`n8n is up at ${base}`);

		browser = await chromium.launch({
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
		});
		const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
		page = await context.newPage();
		const setup = await page.request.post(`${base}/rest/owner/setup`, { data: OWNER });
		if (!setup.ok()) throw new Error(`Owner setup answered ${setup.status()}: ${await setup.text()}`);
		await page.request.post(`${base}/rest/login`, { data: { emailOrLdapLoginId: OWNER.email, password: OWNER.password } });

		await page.goto(`${base}/workflow/${workflowId}`);
		await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
		await dismissOverlays(page);

		// 1. the form, with the model list loaded live from the service
		await openNode(page, 'Dawn to Night Video');
		await page.locator('[data-test-id="parameter-input-model"]').click();
		// the fake service's frames-mode models, loaded through the node's loadOptions
		await page.getByText('Cinema Pro', { exact: true }).waitFor({ timeout: 30_000 });
		await page.waitForTimeout(500);
		fs.mkdirSync(OUT, { recursive: true });
		await page.screenshot({ path: path.join(OUT, 'node-form-models.jpg'), type: 'jpeg', quality: 85 });
		console.log('wrote docs/images/node-form-models.jpg');
		await page.keyboard.press('Escape');
		await closeNode(page);

		// 2. the executed workflow, the video node's output as binary data
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		await page.waitForSelector('[data-test-id="canvas-node"][data-node-name="Dawn to Night Video"] [data-test-id="canvas-node-status-success"]', { timeout: 120_000 });
		await page.waitForTimeout(500);
		await page.screenshot({ path: path.join(OUT, 'workflow-executed.jpg'), type: 'jpeg', quality: 85 });
		console.log('wrote docs/images/workflow-executed.jpg');
		await openNode(page, 'Dawn to Night Video');
		const binaryTab = page.locator('[data-test-id="ndv-output-panel"] [data-test-id="radio-button-binary"]');
		if (await binaryTab.count()) await binaryTab.first().click();
		await page.waitForTimeout(800);
		await page.screenshot({ path: path.join(OUT, 'output-binary.jpg'), type: 'jpeg', quality: 85 });
		console.log('wrote docs/images/output-binary.jpg');
	} catch (error) {
		// a picture of where it stopped, to see which part of the editor changed
		await page?.screenshot({ path: path.join(os.tmpdir(), 'media-gen-screenshot-failure.png') }).catch(() => undefined);
		throw error;
	} finally {
		await browser?.close();
		await n8n.stop();
		await svc.stop();
	}
}

async function openNode(page, name) {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 30_000 });
	await page.waitForTimeout(800);
}

async function closeNode(page) {
	for (const selector of ['[data-test-id="ndv-close-button"]', '[data-test-id="ndv"] button[aria-label="Close"]', '[data-test-id="back-to-canvas"]']) {
		const button = page.locator(selector).first();
		if (await button.isVisible().catch(() => false)) {
			await button.click();
			break;
		}
	}
	if (await page.locator('[data-test-id="ndv"]').isVisible().catch(() => false)) await page.mouse.click(8, 450);
	await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Closes the editor's first-visit pop-ups, if any. */
async function dismissOverlays(page) {
	await page.waitForTimeout(1500);
	for (const selector of ['[data-test-id="close-button"]', '.el-dialog__headerbtn', '[aria-label="Close"]']) {
		for (const el of await page.locator(selector).all()) await el.click({ timeout: 1000 }).catch(() => undefined);
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
