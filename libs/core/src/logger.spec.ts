import { Logger, redact } from './logger.js';

describe('logger redaction', () => {
  it('replaces values under secret-looking keys, at any depth', () => {
    const out = redact({ user: 'ann', password: 'hunter2', nested: { authorization: 'Bearer x', list: [{ apiKey: 'k' }] } });
    expect(out).toEqual({ user: 'ann', password: '[redacted]', nested: { authorization: '[redacted]', list: [{ apiKey: '[redacted]' }] } });
  });

  it('removes JWTs that appear inside free text', () => {
    const line = redact('verify failed for eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-def_1');
    expect(line).toBe('verify failed for [redacted-token]');
  });

  it('writes one JSON object per line and honours the level', () => {
    const lines: string[] = [];
    const log = new Logger('test', 'info', { write: (l) => lines.push(l) });
    log.debug('hidden');
    log.info('login', { userName: 'ann', password: 'p' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'info', context: 'test', msg: 'login', userName: 'ann', password: '[redacted]' });
  });
});
