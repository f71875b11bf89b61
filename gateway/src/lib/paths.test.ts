import { describe, expect, it } from 'vitest';
import { isApiPath, isPagePath, pathOf } from './paths.ts';

describe('request paths', () => {
  it('reads the path without its query string', () => {
    expect(pathOf('/api/site?x=1')).toBe('/api/site');
    expect(pathOf('/trade/BTC-INR')).toBe('/trade/BTC-INR');
  });

  it('tells the API from the web app by the path alone', () => {
    for (const url of ['/api', '/api?x', '/api/', '/api/site', '/api/nope?a=/b', '/socket.io/?EIO=4'])
      expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/apiary', '/apix/site', '/trade/BTC-INR?api=/api/', '/assets/app.js'])
      expect(isApiPath(url), url).toBe(false);
  });

  it("counts the web app's pages and the API's documentation as pages, the rest of the API as data", () => {
    for (const url of [
      '/',
      '/wallet',
      '/assets/app.js',
      '/api/docs',
      '/api/docs/',
      '/api/docs/static/index.html',
    ])
      expect(isPagePath(url), url).toBe(true);
    for (const url of ['/api/site', '/api/nope', '/api/docsx', '/api/topups/1/voucher', '/socket.io/?EIO=4'])
      expect(isPagePath(url), url).toBe(false);
  });
});
