/**
 * The local server sends the built app as CloudFront does: compressed by Accept-Encoding (br, then
 * gzip) with Vary, hashed assets immutable for a year, the rest revalidated (no-cache, ETag, 304),
 * a prerendered page answered with its HTML (<path>/index.html) and other client routes with the
 * app's shell (app.html), and a missing file with a 404 rather than a page;
 * robots.txt and sitemap.xml written for the origin asked.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '#local/web-static';

const SCRIPT = `export const answer = ${JSON.stringify('forty-two '.repeat(500))};\n`;
const SHELL = '<!doctype html><html lang="en"><title>Trendex</title><div id="root"></div></html>';
const HOME = '<!doctype html><html lang="en"><title>Trendex</title><div id="root"><h1>Home</h1></div></html>';
const PRICING =
  '<!doctype html><html lang="en"><title>Pricing</title><div id="root"><h1>Pricing</h1></div></html>';

let dist: string;
let server: Server;

/** A GET with node:http, which (unlike fetch) hands back the body as sent, still compressed. */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    request({ port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-static-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(dist, 'index.html'), HOME);
  writeFileSync(join(dist, 'app.html'), SHELL);
  mkdirSync(join(dist, 'pricing'));
  writeFileSync(join(dist, 'pricing', 'index.html'), PRICING);
  server = createServer((req, res) => {
    void serveStatic(req, res, dist, new URL(req.url!, 'http://localhost').pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(() => {
  server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the local web server', () => {
  it('sends a hashed script brotli-compressed to a browser that takes br, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without br, and the file as it is to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const identity = await get('/assets/index-AbC123.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(identity.body.toString()).toBe(SCRIPT);
  });

  it('answers a prerendered page with its HTML, revalidated each time (no-cache, ETag, 304)', async () => {
    const page = await get('/pricing', { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.body).toString()).toBe(PRICING);
    expect((await get('/pricing/')).body.toString()).toBe(PRICING);
    expect((await get('/')).body.toString()).toBe(HOME);

    const again = await get('/pricing', { 'if-none-match': page.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("answers any other client route with the app's shell", async () => {
    for (const path of ['/dashboard', '/verify', '/bots/zeno']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.body.toString(), path).toBe(SHELL);
    }
  });

  it('answers robots.txt and sitemap.xml for the origin asked, never with a page', async () => {
    const { port } = server.address() as AddressInfo;
    const origin = `http://localhost:${port}`;
    const robots = await get('/robots.txt', { host: `localhost:${port}` });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body.toString()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);

    const sitemap = (await get('/sitemap.xml', { host: `localhost:${port}` })).body.toString();
    const listed = [...sitemap.matchAll(/<loc>(.+?)<\/loc>/g)].map(([, loc]) => loc);
    expect(listed).toEqual(
      ['/', '/aboutus', '/contactus', '/pricing', '/login', '/signup', '/terms'].map((path) => origin + path),
    );
  });

  it('answers a missing file with 404, never with a page', async () => {
    for (const path of ['/favicon.svg', '/assets/index-Old999.js', '/../package.json']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.body.toString(), path).not.toContain('<html');
    }
  });
});
