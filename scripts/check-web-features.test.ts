import { describe, expect, it } from 'vitest';
import { featureOf, foreignFeature, importsOf } from './check-web-features.ts';

const FEATURES = '/repo/web/src/features';
const file = (path: string) => `${FEATURES}/${path}`;

describe('featureOf', () => {
  it('names the feature folder a path lies in', () => {
    expect(featureOf(file('trade/components/TradeCard.tsx'), FEATURES)).toBe('trade');
    expect(featureOf(file('trade/index.ts'), FEATURES)).toBe('trade');
    expect(featureOf('/repo/web/src/lib/api.ts', FEATURES)).toBeUndefined();
    expect(featureOf(FEATURES, FEATURES)).toBeUndefined();
  });
});

describe('foreignFeature', () => {
  it('finds an import that reaches into another feature, at any depth', () => {
    expect(foreignFeature(file('trade/components/TradeCard.tsx'), '../../market/index.ts', FEATURES)).toBe(
      'market',
    );
    expect(foreignFeature(file('trade/index.ts'), '../orders/api/list.ts', FEATURES)).toBe('orders');
    expect(foreignFeature(file('a/b/c/d.tsx'), '../../../e/f.ts', FEATURES)).toBe('e');
  });

  it('allows imports within the feature, from shared folders and from packages', () => {
    expect(
      foreignFeature(file('trade/components/TradeCard.tsx'), '../api/place.ts', FEATURES),
    ).toBeUndefined();
    expect(foreignFeature(file('trade/components/X.tsx'), '../../trade/api/y.ts', FEATURES)).toBeUndefined();
    expect(foreignFeature(file('trade/components/X.tsx'), '../../../lib/api.ts', FEATURES)).toBeUndefined();
    expect(foreignFeature(file('trade/components/X.tsx'), '@app/shared', FEATURES)).toBeUndefined();
  });

  it('ignores files outside the features', () => {
    expect(
      foreignFeature('/repo/web/src/app/routes.tsx', '../features/trade/index.ts', FEATURES),
    ).toBeUndefined();
  });
});

describe('importsOf', () => {
  it('lists static, type-only, re-exported and dynamic imports', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export * from './c.ts';",
      "const D = lazy(() => import('./d.tsx'));",
      "// import { e } from './not-an-import.ts';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.tsx']);
  });
});
