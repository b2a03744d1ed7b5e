/**
 * The mail viewer page: every captured message, newest first, readable
 * without tools. Bodies are shown as text with links made clickable (not as
 * raw HTML), so nothing in a message can run script in the viewer.
 */
import { SENDER, type StoredMessage } from './store.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escapes the text, then turns http(s) URLs into links that open in a new tab. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`);
}

function messageCard(m: StoredMessage): string {
  const time = new Date(m.created);
  return `<article id="${escapeHtml(m.id)}">
  <header>
    <h2>${m.inbound ? '<span class="badge">Inbound</span> ' : ''}${escapeHtml(m.subject)}</h2>
    <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · from ${m.from ? escapeHtml(m.from) : `${escapeHtml(SENDER.Name)} &lt;${escapeHtml(SENDER.Address)}&gt;`} ·
      <time datetime="${time.toISOString()}">${escapeHtml(time.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }))}</time></p>
  </header>
  ${m.inbound ? `<p class="meta">Handed to the inbound-email function: ${escapeHtml(m.inbound)}</p>` : ''}
  <pre>${linkify(m.text)}</pre>
</article>`;
}

export function inboxPage(messages: readonly StoredMessage[]): string {
  const body = messages.length ? messages.map(messageCard).join('\n') : '<p class="empty">No mail yet. Messages sent by the local auth service and the Edge Functions (such as the daily deadline digest), and mail received on the inbound SMTP port, appear here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mail (${messages.length})</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 860px; padding: 1.5rem; color: #1f2328; background: #f6f8fa; }
  h1 { font-size: 1.4rem; display: flex; gap: 1rem; align-items: center; }
  h1 form { margin-left: auto; }
  article { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 1rem 1.25rem; margin: 0 0 1rem; }
  h2 { font-size: 1.1rem; margin: 0; }
  .meta { color: #57606a; margin: .25rem 0 .75rem; font-size: .9rem; }
  pre { white-space: pre-wrap; word-break: break-all; font: inherit; margin: 0; }
  a { color: #0969da; }
  button, .button { font: inherit; padding: .3rem .8rem; border: 1px solid #d0d7de; border-radius: 6px; background: #fff; cursor: pointer; color: inherit; text-decoration: none; }
  .empty { color: #57606a; }
  .badge { font-size: .75rem; background: #ddf4ff; color: #0550ae; border-radius: 999px; padding: .1rem .5rem; vertical-align: middle; }
</style>
</head>
<body>
<h1>Local mail <small>(${messages.length})</small>
  <a class="button" href="/">Refresh</a>
  <form method="post" action="/delete-all"><button type="submit">Delete all</button></form>
</h1>
<p class="meta">Captured by the local stack; nothing leaves this machine. JSON API: <code>/api/v1/messages</code>.</p>
${body}
</body>
</html>`;
}
