'use strict';
/** The API's routes (spec 4), each [method, path pattern, route name, handler], and what they are. */
const { readJson } = require('./body');
const images = require('./images');
const videos = require('./videos');
const podcasts = require('./podcasts');
const uploads = require('./uploads');

const UUIDISH = '([^/]+)';

/** The routes of images or videos: their models, an upload, a create and a job's state. */
function assetRoutes(kind, resource, upload) {
	return [
		['GET', `/${kind}/models`, `GET /${kind}/models`, (svc, a) => resource.listModels(svc, a)],
		[
			'POST',
			`/${kind}/upload`,
			`POST /${kind}/upload`,
			async (svc, a, req) => upload(svc, a, await uploads.uploadedFile(req, kind)),
		],
		[
			'POST',
			`/${kind}`,
			`POST /${kind}`,
			async (svc, a, req) => resource.create(svc, a, await jsonOf(req)),
		],
		[
			'GET',
			`/${kind}/${UUIDISH}`,
			`GET /${kind}/:id`,
			(svc, a, _req, m) => resource.get(svc, a, m[1]),
		],
	];
}

const ROUTES = [
	...assetRoutes('image', images, uploads.uploadImage),
	...assetRoutes('video', videos, uploads.uploadVideo),
	...Object.keys(podcasts.ENDPOINTS).map((path) => [
		'POST',
		path,
		`POST ${path}`,
		async (svc, a, req) => podcasts.create(svc, a, path, await jsonOf(req)),
	]),
	[
		'GET',
		`/podcast/${UUIDISH}`,
		'GET /podcast/:id',
		(svc, a, _req, m) => podcasts.get(svc, a, m[1]),
	],
];

/** The route of a request to `path` (below /v1) and its pattern's match, or none. */
function findRoute(method, path) {
	for (const route of ROUTES) {
		const match = route[0] === method && new RegExp(`^${route[1]}$`).exec(path);
		if (match) return { route, match };
	}
	return {};
}

/** Create routes whose JSON body is read before faults are chosen (a fault may match on it). */
const JSON_CREATES = new Set([
	'POST /image',
	'POST /video',
	...Object.keys(podcasts.ENDPOINTS).map((p) => `POST ${p}`),
]);

/** What a request is, for counting requests in flight at once. */
function requestClass(route) {
	if (!route) return 'other';
	if (JSON_CREATES.has(route)) return 'create';
	if (/^GET \/(image|video|podcast)\/:id$/.test(route)) return 'read';
	if (route.endsWith('/upload')) return 'upload';
	return 'other';
}

/** The JSON body read ahead for a create route (or the error reading it gave). */
async function jsonOf(req) {
	if (!req.jsonAhead) return readJson(req);
	if (req.jsonAhead.error) throw req.jsonAhead.error;
	return req.jsonAhead.body;
}

module.exports = { findRoute, JSON_CREATES, requestClass };
