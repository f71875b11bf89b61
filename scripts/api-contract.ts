/**
 * `pnpm docs:api`: writes docs/api-contract.md from the gateway's OpenAPI document. The
 * gateway's api-contract test fails while the committed file differs from this output.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateApiContract } from '../gateway/src/lib/api-contract.ts';

const target = fileURLToPath(new URL('../docs/api-contract.md', import.meta.url));
writeFileSync(target, await generateApiContract());
console.log(`wrote ${target}`);
