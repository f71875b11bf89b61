import { describe, expect, it } from 'vitest';
import { dataHeaders, helmetHeaders } from './security.ts';

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

describe('dataHeaders', () => {
  it("keeps of a page's headers those that protect data, with a policy that lets nothing load", () => {
    const page = helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    expect(dataHeaders(page)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': page['strict-transport-security'],
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it('leaves out a header the page does not send rather than sending it empty', () => {
    const page = helmetHeaders({ strictTransportSecurity: false });
    expect(dataHeaders(page)).not.toHaveProperty('strict-transport-security');
  });
});
