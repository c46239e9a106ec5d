'use strict';
/**
 * Hostile values for every field of every operation: the node's own form (its description, read
 * from dist/) says which fields each operation has; each field gets the fixed hostile values
 * plus a few drawn by a small seeded generator, so that every run tries the same cases.
 */
const path = require('node:path');
const { seeded } = require('../../harness/seeded');

const { MediaGeneration } = require(
	path.resolve(__dirname, '../../dist/nodes/MediaGeneration/MediaGeneration.node.js'),
);

function deepJunk(depth) {
	let v = { junk: true };
	for (let i = 0; i < depth; i++) v = i % 2 ? [v, null, 'x'] : { [`k${i}`]: v, n: NaN };
	return v;
}

const MB = 1024 * 1024;
/** Values no field takes as they are; each has a name for the test's title. */
const FIXED = [
	['a negative number', -1],
	['NaN', NaN],
	['a huge number', 1e308],
	['Infinity', Infinity],
	['a 1 MB string', 'x'.repeat(MB)],
	['a 1 MB string of control characters', '\u0000\u0007\u001b[2J\r\n'.repeat(MB / 8)],
	['an array of strings', ['first', 'second']],
	['an empty array', []],
	['an object', { a: 1 }],
	['deep junk JSON', deepJunk(60)],
	['deep junk JSON as text', JSON.stringify(deepJunk(60))],
	['a boolean', true],
	['null', null],
	['@Image 999', 'a cat like @Image 999'],
	['@Video 999', 'in the style of @Video 999'],
	['an id that is not a uuid', '3fa85f64-5717-4562-b3fc-2c963f66afa'],
	['a path', '../../../etc/passwd'],
];

const ALPHABET = [
	'a',
	' ',
	',',
	'\n',
	'\u0000',
	'\u202e',
	'🦊',
	'é',
	'"',
	'{',
	'}',
	'[',
	']',
	'\\',
	'@',
	'9',
	'-',
	'%',
	'\ud800',
];
/** A random value of a random shape: text with odd characters, numbers, arrays, objects. */
function randomValue(random, depth = 0) {
	const pick = Math.floor(random() * (depth > 2 ? 3 : 6));
	if (pick === 0)
		return Array.from(
			{ length: 1 + Math.floor(random() * 40) },
			() => ALPHABET[Math.floor(random() * ALPHABET.length)],
		).join('');
	if (pick === 1)
		return [-1e12, -0.5, 1e21, Number.MAX_SAFE_INTEGER + 2, -0][Math.floor(random() * 5)];
	if (pick === 2) return [NaN, -Infinity, undefined][Math.floor(random() * 3)] ?? null;
	if (pick === 3)
		return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
	if (pick === 4)
		return Object.fromEntries(
			Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => [
				`f${i}`,
				randomValue(random, depth + 1),
			]),
		);
	return { segment: [{ text: randomValue(random, depth + 1), voice_id: 7 }] };
}

/** The cases for one field: the fixed ones and `randomCount` drawn from the seed. */
function hostileValues(seed, randomCount = 3) {
	const random = seeded(seed);
	return [
		...FIXED,
		...Array.from({ length: randomCount }, (_, i) => [
			`random value ${i + 1} (seed ${seed})`,
			randomValue(random),
		]),
	];
}

/**
 * Every field each operation shows, from the node's description: [{resource, operation, path,
 * label, mode}] where path is where the value goes in the parameters (options.x, segments.segment.0.text).
 */
function formFields() {
	const props = new MediaGeneration().description.properties;
	const fields = [];
	for (const p of props) {
		// a notice is text for the user, not a value the node reads
		if (p.name === 'resource' || p.name === 'operation' || p.type === 'notice') continue;
		const show = p.displayOptions?.show ?? {};
		// the table runs the node itself: fields of its AI-tool variant alone are not on its form
		if (show['@tool']?.every((tool) => tool === true)) continue;
		for (const resource of show.resource ?? []) {
			for (const operation of show.operation ?? []) {
				const base = { resource, operation, mode: show.mode?.[0] };
				if (p.type === 'collection') {
					for (const o of p.options)
						fields.push({ ...base, path: [p.name, o.name], label: o.displayName, type: o.type });
				} else if (p.type === 'fixedCollection') {
					for (const group of p.options) {
						for (const v of group.values) {
							const at = p.typeOptions?.multipleValues
								? [p.name, group.name, 0, v.name]
								: [p.name, group.name, v.name];
							fields.push({
								...base,
								path: at,
								label: v.displayName,
								parentLabel: p.displayName,
								type: v.type,
							});
						}
					}
				} else {
					fields.push({ ...base, path: [p.name], label: p.displayName, type: p.type });
				}
			}
		}
	}
	return fields;
}

/** Sets a value deep in a parameters object, making the objects and arrays on the way. */
function setPath(target, at, value) {
	let o = target;
	at.slice(0, -1).forEach((key, i) => {
		o[key] ??= typeof at[i + 1] === 'number' ? [] : {};
		if (Array.isArray(o[key]) && typeof at[i + 1] !== 'number') o[key] = {};
		o = o[key];
	});
	o[at[at.length - 1]] = value;
	return target;
}

module.exports = { hostileValues, formFields, setPath };
