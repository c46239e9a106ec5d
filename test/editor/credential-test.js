'use strict';
/**
 * The credential test in the editor (part of `npm run test:editor`), as the credential dialog runs
 * it on Save: it passes with a good key and explains a wrong one, each result the new key's.
 */

async function checkCredentialTest(page, session, step) {
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
}

module.exports = { checkCredentialTest };
