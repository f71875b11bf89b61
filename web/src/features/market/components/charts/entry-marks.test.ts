import { describe, expect, it } from 'vitest';
import { labelTops } from './EntryMarks.tsx';

describe('entry line labels', () => {
  it('sit on their lines, inside the chart, and apart when two trades share a price', () => {
    expect(labelTops([100, 300], 400)).toEqual([100, 300]);
    // Off the scale (or not known yet): held at the edges.
    expect(labelTops([-50, 900, null], 400)).toEqual([12, 388, 12 + 24]);
    // Same price: the later one goes under the first.
    expect(labelTops([200, 200, 205], 400)).toEqual([200, 224, 248]);
  });
});
