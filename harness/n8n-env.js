'use strict';
// n8n-core and the n8n CLI keep their settings in the user folder: give every run its own (a test
// run, the demo, `npm run dev`); test/global-teardown.js removes those of runs that have ended.
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');

const folder = path.join(os.tmpdir(), `media-generation-tests-${process.pid}`);
fs.mkdirSync(folder, { recursive: true });
process.env.N8N_USER_FOLDER = folder;
process.env.N8N_BINARY_DATA_STORAGE_PATH = path.join(folder, 'binaryData');
// binary data on disk, as a regular n8n keeps it by default and n8n 3.0 always does; a test file
// may choose n8n 2.x's in-memory mode ('default') before it loads n8n-core
process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';
process.env.N8N_ENCRYPTION_KEY = 'test-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_LOG_LEVEL = 'silent';
