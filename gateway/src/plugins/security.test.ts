import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security.ts';

describe('helmetHeaders', () => {
  it("reads helmet's headers for a configuration once, lower-cased, X-Powered-By left out", () => {
    const headers = helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers).toEqual(
      expect.objectContaining({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': expect.stringContaining('max-age='),
        'referrer-policy': 'no-referrer',
      }),
    );
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(headers).not.toHaveProperty('x-powered-by');
  });
});
