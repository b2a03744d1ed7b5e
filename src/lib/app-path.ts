/**
 * A stored link (e.g. notifications.action_url) as a path of this app, or null.
 * Only '/…' is followed: '//host', '/\host', 'https:' or 'javascript:' would
 * leave the app or run code, and such a link is data, not a trusted value.
 */
export function appPath(url: string | null | undefined): string | null {
  return url && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : null;
}
