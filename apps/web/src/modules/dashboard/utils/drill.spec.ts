import { describe, expect, it } from '@jest/globals';
import { drillCodec, withDrillPath } from './drill';

describe('drill paths in the page URL', () => {
  it('reads what it wrote, and nothing from what it cannot read', () => {
    const text = drillCodec.write({ c1: ['华东', '家电'] });
    expect(drillCodec.read(text!)).toEqual({ c1: ['华东', '家电'] });
    expect(drillCodec.write({})).toBeNull();
    expect(drillCodec.read('{')).toBeNull();
    expect(drillCodec.read('[1]')).toBeNull();
    expect(drillCodec.read(JSON.stringify({ c1: [1], c2: [], c3: ['a', 'b', 'c', 'd', 'e'], c4: ['x'] }))).toEqual({ c4: ['x'] });
  });
  it("replaces one chart's path, an empty one removing it", () => {
    expect(withDrillPath({ c1: ['a'], c2: ['b'] }, 'c1', ['a', 'x'])).toEqual({ c1: ['a', 'x'], c2: ['b'] });
    expect(withDrillPath({ c1: ['a'] }, 'c1', [])).toEqual({});
    expect(withDrillPath(null, 'c1', ['a'])).toEqual({ c1: ['a'] });
  });
});
