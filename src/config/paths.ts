/**
 * Every route path of the app, so links and the router cannot drift apart.
 * `path` is the router pattern; `getHref` builds a link to it.
 */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
} as const;
