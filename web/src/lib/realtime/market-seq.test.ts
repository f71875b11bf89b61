import { describe, expect, it } from 'vitest';
import { createSeqTracker } from './market-seq.ts';

describe('createSeqTracker', () => {
  it('takes the next number, reports a jump as a gap, and drops a number already passed', () => {
    const seqs = createSeqTracker();
    expect(seqs.check('market:BTC', 'market:tick', 100)).toBe('next');
    expect(seqs.check('market:BTC', 'market:tick', 101)).toBe('next');
    expect(seqs.check('market:BTC', 'market:tick', 105)).toBe('gap');
    expect(seqs.check('market:BTC', 'market:tick', 104)).toBe('stale');
    expect(seqs.check('market:BTC', 'market:tick', 105)).toBe('stale');
    expect(seqs.check('market:BTC', 'market:tick', 106)).toBe('next');
    expect(seqs.gaps()).toBe(1);
  });

  it('counts each room and event on its own', () => {
    const seqs = createSeqTracker();
    seqs.check('market:BTC', 'market:tick', 10);
    expect(seqs.check('market:BTC', 'market:book', 3)).toBe('next');
    expect(seqs.check('market:ETH', 'market:tick', 1)).toBe('next');
    expect(seqs.check('market:BTC', 'market:tick', 11)).toBe('next');
    expect(seqs.gaps()).toBe(0);
  });

  it('after a snapshot of a room takes whatever its channels send next, other rooms unchanged', () => {
    const seqs = createSeqTracker();
    seqs.check('market:BTC', 'market:tick', 50);
    seqs.check('market:BTC', 'market:book', 50);
    seqs.check('ticker', 'ticker', 50);
    seqs.reset('market:BTC');
    expect(seqs.check('market:BTC', 'market:tick', 7)).toBe('next');
    expect(seqs.check('market:BTC', 'market:book', 7)).toBe('next');
    expect(seqs.check('ticker', 'ticker', 7)).toBe('stale');
  });

  it('takes events without a number', () => {
    const seqs = createSeqTracker();
    seqs.check('market:BTC', 'market:tick', 5);
    expect(seqs.check('market:BTC', 'market:tick', undefined)).toBe('next');
    expect(seqs.check('market:BTC', 'market:tick', 6)).toBe('next');
  });
});
