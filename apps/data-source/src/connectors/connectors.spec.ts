import { SOURCE_CONNECTORS, SOURCE_KIND_REGISTRY, SOURCE_TYPE, UPLOAD_REFERENCE, connectorOfSource, sourceMay } from '@bi/rules';
import { CONNECTORS, connectorEntryOf } from './index.js';
import { scheduleWindow } from './sync.service.js';

describe('connectors by kind', () => {
  it('reaches a synced kind’s connector through its registry entry; live kinds have none', () => {
    expect(connectorOfSource({ type: SOURCE_TYPE.analytics, reference: UPLOAD_REFERENCE })).toBe('sheet');
    expect(connectorEntryOf({ type: SOURCE_TYPE.analytics, reference: UPLOAD_REFERENCE })).toBe(CONNECTORS.sheet);
    expect(connectorEntryOf({ type: SOURCE_TYPE.analytics, reference: '' })).toBeNull();
    expect(connectorEntryOf({ type: SOURCE_TYPE.mysql })).toBeNull();
    expect(connectorEntryOf({ type: SOURCE_TYPE.join, reference: 'jointable' })).toBeNull();
    // uploads have no origin to read again: not syncable
    expect(CONNECTORS.sheet.sync).toBeUndefined();
  });

  it('has an entry for every connector name, and every built synced kind names one', () => {
    expect(Object.keys(CONNECTORS).sort()).toEqual([...SOURCE_CONNECTORS].sort());
    for (const entry of Object.values(SOURCE_KIND_REGISTRY)) if (entry.available && entry.rows === 'synced') expect(entry.connector).not.toBeNull();
  });

  it('reads may.share / may.append from the registry', () => {
    expect(sourceMay({ type: SOURCE_TYPE.analytics, reference: UPLOAD_REFERENCE }, 'append')).toBe(true);
    expect(sourceMay({ type: SOURCE_TYPE.analytics, reference: '' }, 'append')).toBe(false);
    expect(sourceMay({ type: SOURCE_TYPE.sqlServer }, 'share')).toBe(true);
    expect(sourceMay({ type: 99 }, 'share')).toBe(false);
  });
});

describe('scheduled sync windows', () => {
  it('is the start of the cacheInterval slot: the same for every replica within it, the next one after', () => {
    const at = (iso: string, minutes: number) => scheduleWindow(new Date(iso), minutes);
    expect(at('2026-06-01T10:07:59Z', 5)).toBe('every:5:2026-06-01T10:05:00.000Z');
    expect(at('2026-06-01T10:05:00Z', 5)).toBe('every:5:2026-06-01T10:05:00.000Z');
    expect(at('2026-06-01T10:10:00Z', 5)).toBe('every:5:2026-06-01T10:10:00.000Z');
    expect(at('2026-06-01T10:59:00Z', 60)).toBe('every:60:2026-06-01T10:00:00.000Z');
    expect(at('2026-06-01T23:59:00Z', 1440)).toBe('every:1440:2026-06-01T00:00:00.000Z');
  });
});
