import type { IDataObject } from 'n8n-workflow';

const TEXT_FIELDS = new Set(['prompt', 'delivery_instructions']);

/**
 * The settings that decide how long a job takes: everything in its create request but free text
 * and which inputs it names (only how many); a script counts by its length.
 */
export function cohortKey(kind: string, path: string, body: IDataObject): string {
	const parts: string[] = [kind, path];
	for (const key of Object.keys(body).sort()) {
		const v = body[key];
		if (TEXT_FIELDS.has(key)) {
			const length = typeof v === 'string' ? v.length : 0;
			parts.push(`${key}~${Math.round(length / 500)}`);
		} else if (key === 'script' && Array.isArray(v)) {
			// segments are objects (validation/podcastRequest.ts); a missing text joins as none
			const words = (v as IDataObject[])
				.map((s) => s.text)
				.join(' ')
				.split(/\s+/).length;
			parts.push(`script~${Math.round(words / 50)}`);
		} else if (Array.isArray(v)) {
			parts.push(`${key}#${v.length}`);
		} else if (/_id$/.test(key) && key !== 'model_id') {
			parts.push(`${key}?${v ? 1 : 0}`);
		} else {
			parts.push(`${key}=${JSON.stringify(v)}`);
		}
	}
	return parts.join('|');
}
