import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateApiContract, type OpenApiDocument, renderApiContract } from '../lib/api-contract.ts';

const committed = new URL('../../../docs/api-contract.md', import.meta.url);

describe('docs/api-contract.md', () => {
  it('is what the route schemas generate', async () => {
    const generated = await generateApiContract();
    const onDisk = readFileSync(committed, 'utf8');
    expect(onDisk, 'docs/api-contract.md is out of date: run `pnpm docs:api` and commit it').toBe(generated);
  });

  it('renders the same text whatever order the document lists paths and methods in', () => {
    const op = (description: string) => ({ tags: ['t'], description, responses: { '200': {} } });
    const a: OpenApiDocument = {
      paths: { '/api/b': { post: op('b post'), get: op('b get') }, '/api/a': { get: op('a get') } },
    };
    const b: OpenApiDocument = {
      paths: { '/api/a': { get: op('a get') }, '/api/b': { get: op('b get'), post: op('b post') } },
    };
    const text = renderApiContract(a);
    expect(renderApiContract(b)).toBe(text);
    expect(text.indexOf('GET /api/a')).toBeLessThan(text.indexOf('GET /api/b'));
    expect(text.indexOf('GET /api/b')).toBeLessThan(text.indexOf('POST /api/b'));
  });
});
