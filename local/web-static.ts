/**
 * The built web app (web/dist) as CloudFront serves it (lib/constructs/web.ts): compressed when the
 * browser accepts it (br, else gzip, with Vary: Accept-Encoding), hashed files under /assets cached
 * for a year as immutable, everything else revalidated each time (no-cache, with an ETag), and
 * any path without a file extension answered with its prerendered page or the app's shell (the
 * app's client routes).
 * /robots.txt and /sitemap.xml are written for the origin they are asked on, as the stack writes
 * them for its own at deploy time.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { robotsTxt, sitemapXml } from '../web/src/lib/pageMeta';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** Text is worth compressing; images, video and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.map', '.txt', '.xml']);

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (file: Buffer) => Promise<Buffer>> = {
  // quality 5: within a tenth of brotli's best for our bundles at a fiftieth of its time (the first
  // request of each file waits for it; the result is kept)
  br: (file) =>
    promisify(brotliCompress)(file, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: file.length },
    }),
  gzip: (file) => promisify(gzip)(file, { level: 9 }),
};

/** Compressed files by path, encoding and modification time: each is compressed once per build. */
const compressed = new Map<string, Promise<Buffer>>();

const compress = (file: string, mtimeMs: number, encoding: Encoding): Promise<Buffer> => {
  const key = `${encoding}:${mtimeMs}:${file}`;
  let body = compressed.get(key);
  if (!body) {
    body = readFile(file).then(compressors[encoding]);
    body.catch(() => compressed.delete(key));
    compressed.set(key, body);
  }
  return body;
};

/** The browser's best accepted encoding of ours (a q=0 refuses one). */
const negotiate = (header: string | undefined): Encoding | null => {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
};

const SITE_FILES: Record<string, { type: string; body: (origin: string) => string }> = {
  '/robots.txt': { type: MIME['.txt'], body: robotsTxt },
  '/sitemap.xml': { type: MIME['.xml'], body: sitemapXml },
};

const plain = (res: ServerResponse, status: number, text: string) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(text);
};

export const serveStatic = async (
  req: IncomingMessage,
  res: ServerResponse,
  dist: string,
  pathname: string,
  /** Added to every answer of the app's files (the Content-Security-Policy). */
  extraHeaders: Record<string, string> = {},
): Promise<void> => {
  const site = SITE_FILES[pathname];
  if (site) {
    res.writeHead(200, { 'content-type': site.type, 'cache-control': 'no-cache' });
    return void res.end(site.body(`http://${req.headers.host}`));
  }
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(dist, safe);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    // A missing file (/robots.txt before a build has one, an old hash under /assets) is a 404:
    // a page in its place would be parsed as a script or a text file. Anything else is a client
    // route: its prerendered page (<path>/index.html, the home page index.html) or the app's empty
    // shell, app.html (web/vite.config.ts; a build from before prerendering, say a bench's
    // baseline, has only index.html).
    if (extname(safe)) return plain(res, 404, 'Not found');
    const pages = [join(dist, safe, 'index.html'), join(dist, 'app.html'), join(dist, 'index.html')];
    file = pages.find((page) => page.startsWith(dist) && existsSync(page)) ?? pages[2];
  }
  if (!existsSync(file)) return plain(res, 503, 'The web app is not built yet: run npm run build:web');

  const { size, mtimeMs } = statSync(file);
  const ext = extname(file);
  const hashed = file.startsWith(join(dist, 'assets') + sep);
  const etag = `W/"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`;
  const headers: Record<string, string> = {
    ...extraHeaders,
    'content-type': MIME[ext] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
  };
  if (COMPRESSIBLE.has(ext)) headers.vary = 'Accept-Encoding';
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const encoding = COMPRESSIBLE.has(ext) ? negotiate(req.headers['accept-encoding']) : null;
  if (!encoding) {
    res.writeHead(200, { ...headers, 'content-length': String(size) });
    return void createReadStream(file).pipe(res);
  }
  const body = await compress(file, mtimeMs, encoding);
  res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
  res.end(body);
};
