'use strict';
/**
 * Control endpoints under /__fake/ for runs in another process (the real n8n, the demo): the
 * service's state, and faults to add or clear. They need no key.
 */
const { readJson } = require('./body');
const { send } = require('./answers');

async function handleControl(svc, req, res, url) {
	if (req.method === 'GET' && url.pathname === '/__fake/state')
		return send(res, 200, svc.summary());
	if (req.method === 'POST' && url.pathname === '/__fake/faults') {
		const fault = await readJson(req).catch(() => undefined);
		if (!fault?.route || !fault.kind)
			return send(res, 422, { detail: 'route and kind are required' });
		svc.faults.add(fault);
		return send(res, 200, { ok: true });
	}
	if (req.method === 'DELETE' && url.pathname === '/__fake/faults') {
		svc.faults.clear();
		return send(res, 200, { ok: true });
	}
	send(res, 404, { detail: 'Not Found' });
}

module.exports = { handleControl };
