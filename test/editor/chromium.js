'use strict';
/** Debian's Chromium for playwright-core, installed with apt when missing, and launched for the editor test. */
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps calling Google's hosts, which this
// kind of closed network refuses.
const FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** Installs Debian's chromium package when there is no browser yet (needs root and apt). */
function ensureChromium() {
	if (fs.existsSync(CHROMIUM)) return CHROMIUM;
	if (process.env.CHROMIUM_PATH) throw new Error(`No browser at CHROMIUM_PATH=${CHROMIUM}`);
	console.log("[setup] installing Debian's chromium package with apt (once; about a minute)");
	const [command, prefix] = process.getuid?.() === 0 ? ['apt-get', []] : ['sudo', ['apt-get']];
	const apt = (...args) =>
		execFileSync(command, [...prefix, ...args], {
			stdio: ['ignore', 'ignore', 'inherit'],
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
	apt('update', '-qq');
	apt('install', '-y', '-qq', 'chromium');
	if (!fs.existsSync(CHROMIUM))
		throw new Error(`apt installed chromium, but ${CHROMIUM} is missing`);
	return CHROMIUM;
}

async function launch() {
	return await chromium.launch({ executablePath: ensureChromium(), args: FLAGS });
}

module.exports = { launch, ensureChromium };
