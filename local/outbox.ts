/** The local mail outbox: every mail the platform sends, newest first, with its links clickable. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OUTBOX_FILE, type OutboxEntry } from '#core/mail';

export const readOutbox = async (dir: string, to?: string | null): Promise<OutboxEntry[]> => {
  const text = await readFile(join(dir, OUTBOX_FILE), 'utf8').catch(() => '');
  const all = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
  const wanted = to ? all.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : all;
  return wanted.reverse();
};

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

export const renderOutbox = (mails: OutboxEntry[]): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Trendex local mail outbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fb;color:#1a202c}
header{background:#0b1f3a;color:#fff;padding:16px 24px}h1{margin:0;font-size:20px}
main{max-width:900px;margin:24px auto;padding:0 16px}
article{background:#fff;border-radius:10px;box-shadow:0 1px 3px #0002;margin-bottom:16px;padding:16px 20px}
.meta{color:#64748b;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}
form{margin-bottom:16px}input{padding:8px;width:280px}
</style></head><body>
<header><h1>Local mail outbox</h1><div class="meta" style="color:#cbd5e1">Every mail Trendex sends in the local stack lands here.</div></header>
<main><form><input name="to" placeholder="Filter by recipient e-mail" aria-label="Recipient"> <button>Filter</button></form>
${mails.length === 0 ? '<p>No mail yet.</p>' : ''}
${mails
  .map(
    (m) => `<article><div class="meta">${escape(m.date)} · to ${escape(m.to)}</div>
<h2 style="font-size:17px;margin:6px 0">${escape(m.subject)}</h2><pre>${linkify(m.text)}</pre></article>`,
  )
  .join('\n')}
</main></body></html>`;
