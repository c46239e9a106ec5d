'use strict';
/**
 * The real n8n CLI as the suites, the demo and the scripts use it, gathered in one place: the
 * instance (n8n-instance.js), the packed package (n8n-package.js), what `n8n execute` printed
 * (n8n-execute-result.js), a run's data (run-data.js) and the n8n release on PATH (n8n-release.js).
 */
const { executeCode, parseResult } = require('./n8n-execute-result');
const { N8nInstance } = require('./n8n-instance');
const { NODE_TYPE, PACKAGE, unpackPackage } = require('./n8n-package');
const { runtimePath, runtimePackage } = require('./n8n-release');
const { newId } = require('./n8n-user-folder');
const { binaryModeOf, nodeItems, runData, runError } = require('./run-data');

module.exports = {
	N8nInstance,
	NODE_TYPE,
	PACKAGE,
	unpackPackage,
	parseResult,
	executeCode,
	nodeItems,
	binaryModeOf,
	runData,
	runError,
	newId,
	runtimePath,
	runtimePackage,
};
