/** Types of pages.js for the TypeScript tests. */
/** A load balancer's or CDN's HTML error page for `status`, naming `host`. */
export function gatewayPage(status: number, host: string): string;
export const GATEWAY_TITLES: Record<number, string>;
