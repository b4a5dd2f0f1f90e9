import { embedPrincipal, embedRowRulesJson, rowRulesFingerprint, rowViewer, userPrincipal, canEmbedRead, canCallRoute } from '@bi/access';
import { embedSecretProblem } from './embed-secret.js';
import { signEmbedToken, verifyEmbedToken } from './embed-token.js';

const SECRET = 'a-test-secret-of-more-than-thirty-two-bytes!';
const now = 1_800_000_000;
const base = { sub: 'u1', resource: { type: 'chart', id: 'c1' }, iat: now - 10, exp: now + 600 };

describe('embedding tokens', () => {
  it('verify HS256 tokens and refuse everything else', () => {
    expect(verifyEmbedToken(signEmbedToken(base, SECRET), SECRET, now)).toMatchObject({ sub: 'u1' });
    const bad = [
      signEmbedToken(base, 'another-secret-of-more-than-thirty-two-bytes'),
      signEmbedToken(base, SECRET, { alg: 'none' }),
      signEmbedToken(base, SECRET, { alg: 'HS256', typ: 'JWT', kid: 'x' }),
      signEmbedToken({ ...base, exp: now - 1 }, SECRET),
      signEmbedToken({ ...base, exp: base.iat + 24 * 3600 + 1 }, SECRET),
      signEmbedToken({ sub: 'u1', resource: base.resource, iat: base.iat }, SECRET),
      signEmbedToken({ ...base, resource: { type: 'folder', id: 'x' } }, SECRET),
      'a.b',
      `${signEmbedToken(base, SECRET)}x`,
    ];
    for (const t of bad) expect(() => verifyEmbedToken(t, SECRET, now)).toThrow('embed.token_invalid');
  });

  it('refuse short, default and repeated secrets', () => {
    expect(embedSecretProblem('short')).toMatch(/shorter/);
    expect(embedSecretProblem('CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET')).toMatch(/default/);
    expect(embedSecretProblem('abcabcabcabcabcabcabcabcabcabcabcabc')).toMatch(/repeated/);
    expect(embedSecretProblem(SECRET)).toBeUndefined();
  });
});

describe('embedding principals', () => {
  const maker = userPrincipal({ userId: 'u1', isAdmin: false, permissions: ['datasource:view', 'dashboard:edit', 'datasource:s1'], roleIds: ['east'] });
  const rules = { rowRulesJson: JSON.stringify({ denyByDefault: false, rules: [{ roleId: 'east', field: 'region', compare: '=', compareValue: 'East' }] }) };
  const rows = [{ field: 'qty', compare: '>', compareValue: 5 }];

  it('read only the token resource, write nothing, reach no other route', () => {
    const p = embedPrincipal(maker, { resource: { type: 'dashboard', id: 'd1' }, rows });
    expect(p.permissions).toEqual(['datasource:view', 'datasource:s1']);
    expect(canEmbedRead(p, { chartId: 'c9', dashboardId: 'd1' })).toBe(true);
    expect(canEmbedRead(p, { chartId: 'c9', dashboardId: 'd2' })).toBe(false);
    expect(canCallRoute(p, 'GET', '/api/dashboard/projects/{tab}')).toBe(false);
  });

  it('AND their row conditions to the maker rules, even for an administrator maker', () => {
    const p = embedPrincipal(maker, { resource: { type: 'chart', id: 'c1' }, rows });
    expect(JSON.parse(embedRowRulesJson(p, rules)).rules).toEqual([{ roleId: 'east', field: 'region', compare: '=', compareValue: 'East' }, { userId: 'u1', field: 'qty', compare: '>', compareValue: 5 }]);
    expect(rowRulesFingerprint(p, rules)).not.toEqual(rowRulesFingerprint(maker, rules));
    const admin = embedPrincipal(userPrincipal({ userId: 'a', isAdmin: true, permissions: [] }), { resource: { type: 'chart', id: 'c1' }, rows });
    expect(rowViewer(admin).isAdmin).toBe(false);
    expect(JSON.parse(embedRowRulesJson(admin, rules)).rules).toEqual([{ userId: 'a', field: 'qty', compare: '>', compareValue: 5 }]);
    // deny-by-default with no rule for the maker: still no row
    const deny = { rowRulesJson: JSON.stringify({ denyByDefault: true, rules: [] }) };
    expect(JSON.parse(embedRowRulesJson(p, deny)).rules).toEqual([]);
  });
});
