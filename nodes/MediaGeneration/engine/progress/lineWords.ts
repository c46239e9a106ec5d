import type { JobKind } from '../../contract/jobs';

/** How a progress line names a kind's results: one, and many. */
export const NOUNS: Record<JobKind, [one: string, many: string]> = {
	image: ['image', 'images'],
	video: ['video', 'videos'],
	podcast: ['audio file', 'audio files'],
};

/** "45 s", "2 min 5 s", "1 h 2 min": how long, as a chat line says it. */
export function spoken(ms: number): string {
	const s = Math.round(ms / 1000);
	if (s < 60) return `${s} s`;
	if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
	const min = Math.floor((s % 3600) / 60);
	return `${Math.floor(s / 3600)} h${min ? ` ${min} min` : ''}`;
}

/**
 * A file's link as Markdown, which n8n's chat renders (a bare address stays plain text there):
 * `[name](url)`, named "link" before the file is stored. A space or parenthesis in the address,
 * which would end it early, is percent-encoded.
 */
export function linked(file: { url: string; name?: string }): string {
	const url = file.url.replace(/[ ()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
	return `[${(file.name ?? 'link').replace(/[[\]]/g, '')}](${url})`;
}
