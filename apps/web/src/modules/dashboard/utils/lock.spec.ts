import { describe, expect, it } from '@jest/globals';
import { canDrag, canToggleLock, initialLocked } from './lock';

describe('lock rules', () => {
  it('is locked by default and unlocked only by lockEdit=false', () => {
    expect(initialLocked({})).toBe(true);
    expect(initialLocked({ lockEdit: null })).toBe(true);
    expect(initialLocked({ lockEdit: 'true' })).toBe(true);
    expect(initialLocked({ lockEdit: 'FALSE' })).toBe(true);
    expect(initialLocked({ lockEdit: 'false' })).toBe(false);
  });

  it('cannot be toggled with an apiName query', () => {
    expect(canToggleLock({})).toBe(true);
    expect(canToggleLock({ apiName: 'template' })).toBe(false);
    expect(canToggleLock({ apiName: '' })).toBe(true);
  });

  it('allows dragging only when unlocked, on the dashboard tab or with template:edit', () => {
    expect(canDrag({ locked: true, tab: 'dashboard', canEditTemplate: true })).toBe(false);
    expect(canDrag({ locked: false, tab: 'dashboard', canEditTemplate: false })).toBe(true);
    expect(canDrag({ locked: false, tab: 'template', canEditTemplate: false })).toBe(false);
    expect(canDrag({ locked: false, tab: 'template', canEditTemplate: true })).toBe(true);
    expect(canDrag({ locked: true, tab: 'template', canEditTemplate: true })).toBe(false);
  });
});
