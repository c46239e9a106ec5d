'use strict';
/** Page helpers for the open node's parameters: dropdowns, resource locators and the fields shown. */

/** Opens a dropdown parameter of the open node (it may take a moment to load its choices). */
async function openDropdown(page, parameter, waitFor) {
	const items = page.locator('.el-select-dropdown__item:visible');
	const wanted = waitFor ? items.filter({ hasText: waitFor }).first() : items.first();
	for (let attempt = 0; ; attempt++) {
		await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
		try {
			await wanted.waitFor({ timeout: 10_000 });
			return items;
		} catch (error) {
			if (attempt === 2) throw error;
			await page.keyboard.press('Escape');
			await page.waitForTimeout(500);
		}
	}
}

/** Opens a dropdown parameter of the open node and returns the option headlines it shows. */
async function dropdownOptions(page, parameter, { waitFor } = {}) {
	const items = await openDropdown(page, parameter, waitFor);
	await page.waitForTimeout(300);
	const names = [];
	for (const item of await items.all()) {
		const headline = item.locator('.option-headline');
		names.push(
			((await headline.count())
				? await headline.first().innerText()
				: await item.innerText()
			).trim(),
		);
	}
	return names;
}

/** Picks an option of a dropdown parameter by its visible name. */
async function choose(page, parameter, name) {
	const items = await openDropdown(page, parameter, name);
	await items.filter({ hasText: name }).first().click();
	await page.waitForTimeout(500);
}

/**
 * The names a resource locator parameter's list shows (From List), after typing `search` in its
 * search box when given; `waitFor` is a name to wait for, the list's last for a whole list (without
 * it: a moment for the answer).
 */
async function locatorItems(page, parameter, { search, waitFor } = {}) {
	const field = page.locator(`[data-test-id="parameter-input-${parameter}"]`);
	const box = page.locator('[data-test-id="rlc-search"]:visible');
	if (!(await box.count())) await field.locator('[data-test-id="rlc-input"]').click();
	await box.first().waitFor({ timeout: 10_000 });
	if (search !== undefined) await box.first().fill(search);
	const items = page.locator('[data-test-id="rlc-item"]:visible');
	if (waitFor) await items.filter({ hasText: waitFor }).first().waitFor({ timeout: 15_000 });
	else await page.waitForTimeout(1500);
	await page.waitForTimeout(300);
	return (await items.allInnerTexts()).map((t) => t.trim());
}

/** Picks an item of a resource locator's list by its name (clearing the search first). */
async function chooseFromLocator(page, parameter, name) {
	await locatorItems(page, parameter, { search: '', waitFor: name });
	await page.locator('[data-test-id="rlc-item"]:visible', { hasText: name }).first().click();
	await page.waitForTimeout(800);
}

/** Switches a resource locator to one of its modes by the mode's label ("By ID", "From List"). */
async function locatorMode(page, parameter, label) {
	const field = page.locator(`[data-test-id="parameter-input-${parameter}"]`);
	await field.locator('[data-test-id="rlc-mode-selector"]').click();
	const option = page.locator('.el-select-dropdown__item:visible', { hasText: label }).first();
	await option.waitFor({ timeout: 10_000 });
	await option.click();
	await page.waitForTimeout(500);
}

/** Types a value into a resource locator in its By ID mode. */
async function locatorById(page, parameter, id) {
	await locatorMode(page, parameter, 'By ID');
	const input = page.locator(
		`[data-test-id="parameter-input-${parameter}"] [data-test-id="rlc-input"]`,
	);
	await input.fill(id);
	await input.press('Tab');
	await page.waitForTimeout(800);
}

/** The names of the parameters the open node shows, in order. */
async function visibleParameters(page) {
	return await page.$$eval('[data-test-id="ndv"] [data-test-id^="parameter-input-"]', (els) =>
		els
			.filter((e) => e.offsetParent !== null)
			.map((e) => e.getAttribute('data-test-id').replace('parameter-input-', ''))
			.filter((n) => n !== 'field' && n !== 'item'),
	);
}

/** The names of the open node's shown parameters that carry the editor's issue mark (the red triangle). */
async function parametersWithIssues(page) {
	return await page.$$eval('[data-test-id="ndv"] [data-test-id="parameter-item"]', (items) =>
		items
			.filter(
				(i) => i.offsetParent !== null && i.querySelector('[data-test-id="parameter-issues"]'),
			)
			.map(
				(i) =>
					i
						.querySelector('[data-test-id^="parameter-input-"]')
						?.getAttribute('data-test-id')
						.replace('parameter-input-', '') ?? '?',
			),
	);
}

module.exports = {
	dropdownOptions,
	choose,
	locatorItems,
	chooseFromLocator,
	locatorMode,
	locatorById,
	visibleParameters,
	parametersWithIssues,
};
