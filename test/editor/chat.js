'use strict';
/**
 * The chat example in the editor's own chat (part of `npm run test:editor`): a message typed in
 * the chat panel below the canvas; the node's progress lines, then the video's link, show in the
 * chat's answer while the job runs, in one message, with no error. On the way it takes the
 * README's picture of it, docs/images/chat-progress.png.
 */
const assert = require('node:assert/strict');
const path = require('node:path');
const { openWorkflow } = require('./canvas');
const { until } = require('../../harness/wait');
const { now } = require('../../harness/clock');

const EXAMPLE = 'chat-video-with-progress';
const PROMPT = 'A paper boat drifting down a rainy city street at dusk';
/** the chat's video job: a few seconds, long enough to be seen processing */
const CHAT_JOB_MS = 6000;
const PICTURE = path.resolve(__dirname, '../../docs/images/chat-progress.png');

/** The fake service's video run time: the chat's job takes CHAT_JOB_MS, the others `otherMs`. */
const videoMs = (otherMs) => (body) => (body.prompt === PROMPT ? CHAT_JOB_MS : otherMs);

/** The chat's answers: the text of every message from the workflow, in order. */
async function botMessages(chat) {
	return await chat.locator('.chat-message-from-bot').allInnerTexts();
}

/** Waits until the chat's answers hold text matching `re`; returns when it showed (the tests' clock). */
async function shown(chat, re, what) {
	await until(async () => re.test((await botMessages(chat)).join('\n')), what, {
		timeoutMs: 60_000,
		intervalMs: 100,
		seen: async () => JSON.stringify(await botMessages(chat)),
	});
	return now();
}

async function checkChatProgress(page, session, step) {
	await page.setViewportSize({ width: 1280, height: 800 });
	await openWorkflow(page, session, EXAMPLE);
	await page.locator('[data-test-id="workflow-chat-button"]').click();
	const chat = page.locator('[data-test-id="canvas-chat"]');
	await chat.waitFor({ timeout: 30_000 });
	await roomForTheChat(page);
	const input = chat.locator('[data-test-id="chat-input"]');
	await input.waitFor({ timeout: 30_000 });
	await input.fill(PROMPT);
	await input.press('Enter');

	const jobs = () =>
		[...session.fake.state.jobs.values()].filter((j) => j.request?.prompt === PROMPT);
	const [job] = await until(() => jobs().length && jobs(), "the chat message's video job", {
		timeoutMs: 60_000,
	});
	const createdAt = await shown(
		chat,
		new RegExp(`${job.id.slice(0, 8)}.*created`),
		'the created line',
	);
	const processingAt = await shown(
		chat,
		new RegExp(`${job.id.slice(0, 8)}.*processing`),
		'the processing line',
	);
	const readyAt = await shown(chat, /ready: /, "the video's line");
	// the lines showed while the job ran, its link once it was done
	assert.ok(createdAt < job.endsAt, 'the created line showed only after the job had ended');
	assert.ok(processingAt < job.endsAt, 'the processing line showed only after the job had ended');
	assert.ok(readyAt >= job.endsAt);

	// one answer, from the node, with every line and no error
	await page.waitForTimeout(1000);
	const answers = await botMessages(chat);
	assert.equal(answers.length, 1, `the chat's answers: ${JSON.stringify(answers)}`);
	assert.doesNotMatch(answers[0], /error|No response received/i);
	assert.equal(jobs().length, 1, 'one message made one job');
	// the video's link: the service's own, a link the person can click
	const links = await chat
		.locator('.chat-message-from-bot a')
		.evaluateAll((as) => as.map((a) => a.href));
	const video = `${session.fake.filesOrigin}/files/`;
	assert.ok(
		links.some((href) => href.startsWith(video) && href.includes(`video-${job.id.slice(0, 8)}`)),
		`no link to the video in the chat's answer: ${JSON.stringify(links)}`,
	);
	// each step on a line of its own, as the node sends them
	const shownLines = answers[0].split('\n').filter((l) => l.trim());
	for (const word of ['created', 'processing', 'ready:'])
		assert.ok(
			shownLines.some(
				(l) => l.includes(word) && !/created|processing|ready:/.test(l.replace(word, '')),
			),
			`"${word}" is not on a line of its own in the chat; it shows:\n${answers[0]}`,
		);
	step(
		`the chat example in the editor's chat: ${shownLines.length} lines in one answer, created and processing while the job ran, then the link`,
	);

	// n8n's notice of the finished run would hide part of the picture
	for (const close of await page.locator('.el-notification__closeBtn').all()) await close.click();
	await page.waitForTimeout(500);
	await page.screenshot({ path: PICTURE });
	step(`wrote ${path.relative(process.cwd(), PICTURE)}`);
}

/** Drags the resize handle whose middle is nearest to (x, y) by dx, dy. */
async function drag(page, { x, y }, dx, dy) {
	const handles = await page.locator('[data-test-id="resize-handle"]').all();
	const middles = [];
	for (const handle of handles) {
		const box = await handle.boundingBox();
		if (box) middles.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
	}
	const distance = (m) => Math.hypot(m.x - x, m.y - y);
	const nearest = middles.sort((a, b) => distance(a) - distance(b))[0];
	await page.mouse.move(nearest.x, nearest.y);
	await page.mouse.down();
	await page.mouse.move(nearest.x + dx, nearest.y + dy, { steps: 10 });
	await page.mouse.up();
}

/** The panel below the canvas taller and its chat wider, for a picture that reads; the canvas fit above. */
async function roomForTheChat(page) {
	const panel = await page.locator('[data-test-id="logs-panel"]').boundingBox();
	const chat = await page.locator('[data-test-id="canvas-chat"]').boundingBox();
	const { width, height } = page.viewportSize();
	await drag(page, { x: panel.x + panel.width / 2, y: panel.y }, 0, height * 0.4 - panel.y);
	const right = { x: chat.x + chat.width, y: chat.y + chat.height / 2 };
	await drag(page, right, width * 0.55 - right.x, 0);
	await page.locator('[data-test-id="zoom-to-fit"]').click();
	await page.waitForTimeout(500);
}

module.exports = { checkChatProgress, videoMs };
