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
 *   - each video mode shows its own inputs only, and the modes by their labels (./video-form.js);
 *   - an imported example holds its model in the picker, named as the list names it;
 *   - after a run, the output shows the node's execution hint with the credits estimated;
 *   - Check shows two outputs, Done and Running (the durable loop example; ./example-pictures.js);
 *   - the credential test passes with a good key and explains a wrong one (./credential-test.js);
 *   - the chat example's progress lines and link in the editor's chat (./chat.js).
 * On the way it takes the README's screenshots (docs/images/*.jpg) from the example workflows, as a
 * user imports them. Exits 1 on the first failure,
 * leaving a picture of the page in the temporary folder.
 */
require('../../harness/n8n-env');
const assert = require('node:assert/strict');
const os = require('node:os');
const path = require('node:path');
const { startEditorSession } = require('../../harness/editor-session');
const { launch } = require('./chromium');
const { VIDEO_WORKFLOW, checkVideoForm } = require('./video-form');
const { checkExamplePictures } = require('./example-pictures');
const { checkCredentialTest } = require('./credential-test');
const { checkChatProgress, videoMs } = require('./chat');

const PORT = Number(process.env.MEDIA_GENERATION_EDITOR_TEST_PORT ?? 5751);

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

		await checkVideoForm(page, session, step);
		await checkExamplePictures(page, session, step);
		await checkCredentialTest(page, session, step);
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
