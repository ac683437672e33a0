import { describe, expect, it } from 'vitest';
import { offeredChoices } from './toolboxLists';

const all = [{ id: 'kitchen' }, { id: 'service' }, { id: 'bar' }];

describe('the toolbox offers the person’s duties and tags (offeredChoices)', () => {
  it('keeps what the person holds and what the item has, in the list’s order', () => {
    expect(offeredChoices(all, ['bar', 'kitchen'], [null]).map((c) => c.id)).toEqual(['kitchen', 'bar']);
    expect(offeredChoices(all, ['bar'], ['service']).map((c) => c.id)).toEqual(['service', 'bar']);
  });

  it('offers everything for an open item, and only what the item has for a person who holds none', () => {
    expect(offeredChoices(all, null, ['bar'])).toEqual(all);
    expect(offeredChoices(all, [], ['bar']).map((c) => c.id)).toEqual(['bar']);
  });
});
