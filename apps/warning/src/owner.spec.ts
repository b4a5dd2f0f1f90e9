import { userPrincipal } from '@bi/access';
import { recipientSeesValues } from './warning.engine.js';

// Who sees the values an alert found as its owner (docs/api/warning.md "Who an alert runs as").
describe('recipientSeesValues', () => {
  const rules = JSON.stringify({ denyByDefault: false, rules: [{ userId: 'restricted', field: 'region', compare: '=', compareValue: 'R0' }] });
  const source = { dataSourceId: 's1', createdById: 'creator', rowRulesJson: rules };
  const user = (userId: string, permissions: string[] = ['datasource:s1'], isAdmin = false) => userPrincipal({ userId, isAdmin, permissions, roleIds: [] });

  it('the owner sees their own values', () => {
    expect(recipientSeesValues(user('restricted'), user('restricted'), source)).toBe(true);
  });
  it('a recipient with the same rows as the owner sees them', () => {
    expect(recipientSeesValues(user('a'), user('b'), source)).toBe(true);
    expect(recipientSeesValues(user('a'), user('creator', []), source)).toBe(true);
  });
  it('a recipient whose row rules differ from the owner’s does not (either way)', () => {
    expect(recipientSeesValues(user('a'), user('restricted'), source)).toBe(false);
    expect(recipientSeesValues(user('restricted'), user('a'), source)).toBe(false);
    // an admin's rows are all rows: the same as an unrestricted reader's, not a restricted one's
    expect(recipientSeesValues(user('admin', [], true), user('a'), source)).toBe(true);
    expect(recipientSeesValues(user('admin', [], true), user('restricted'), source)).toBe(false);
  });
  it('a recipient who may not read the source, or no longer exists, does not', () => {
    expect(recipientSeesValues(user('a'), user('b', []), source)).toBe(false);
    expect(recipientSeesValues(user('a'), undefined, source)).toBe(false);
  });
  it('without row rules every reader of the source sees them', () => {
    const open = { ...source, rowRulesJson: '' };
    expect(recipientSeesValues(user('admin', [], true), user('b'), open)).toBe(true);
  });
});
