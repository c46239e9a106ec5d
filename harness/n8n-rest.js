'use strict';
/**
 * n8n's REST API as the suites that run `n8n start` use it (faults, queue mode, durable jobs),
 * gathered in one place: the client (n8n-rest-client.js and its executions part,
 * n8n-rest-executions.js) and the items of an execution it read (run-data.js).
 */
const { webhookNode } = require('./n8n-rest-client');
const { N8nRest, seenAt } = require('./n8n-rest-executions');
const { itemsOf } = require('./run-data');

module.exports = { N8nRest, itemsOf, seenAt, webhookNode };
