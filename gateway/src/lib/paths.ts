/**
 * What a request's URL says it is for, decided on the raw URL (query string included) without
 * splitting it: the security headers ask on every request.
 */

/** The path without its query string. */
export const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

const startsPath = (url: string, path: string) =>
  url.startsWith(path) &&
  (url.length === path.length || url[path.length] === '/' || url[path.length] === '?');

/** The REST API and the Socket.IO endpoint: never a page of the web app. */
export const isApiPath = (url: string): boolean => startsPath(url, '/api') || url.startsWith('/socket.io/');

/**
 * Answers a browser shows as a page: the web app's pages and files, and the API's documentation
 * (Swagger UI). Everything else under /api is data a page fetches (JSON, a CSV, a voucher).
 */
export const isPagePath = (url: string): boolean => !isApiPath(url) || startsPath(url, '/api/docs');
