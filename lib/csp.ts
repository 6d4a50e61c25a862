import { createHash } from 'node:crypto';
import { COLOR_MODE_SCRIPT } from '../web/src/theme/colorModeScript';

/** The one inline script the pages run: index.html's colour mode before the first paint. */
const colorModeScript = `'sha256-${createHash('sha256').update(COLOR_MODE_SCRIPT).digest('base64')}'`;

/**
 * The web app's Content-Security-Policy, one text for CloudFront (lib/constructs/web.ts) and the
 * local stack's web server (local/gateway.ts), each naming the origins it talks to: the app's own scripts only, and the colour-mode script by its hash; styles also inline (Chakra UI's
 * emotion injects <style> elements, and components set style attributes); images also as data:
 * and blob: URLs (drawn ones, like the plan-activated picture); fetches and sockets to the app
 * itself and `connections`; never framed, no plugins, no <base> elsewhere.
 */
export const contentSecurityPolicy = (connections: readonly string[]): string =>
  [
    "default-src 'self'",
    `script-src 'self' ${colorModeScript}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ${connections.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
