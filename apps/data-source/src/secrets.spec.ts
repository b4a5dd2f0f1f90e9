import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretBox, SecretUnreadableError } from './secrets.js';

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox(Buffer.alloc(32, 1));

  it('round-trips, with a fresh IV each time and no plain text in the stored form', () => {
    const a = box.encrypt('pa55-密码', 'source-1');
    const b = box.encrypt('pa55-密码', 'source-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('pa55');
    expect(box.decrypt(a, 'source-1')).toBe('pa55-密码');
    expect(box.decrypt(box.encrypt('', 'x'), 'x')).toBe('');
  });

  it('detects tampering, another row id and another key', () => {
    const stored = box.encrypt('secret', 'source-1');
    const parts = stored.split('.');
    const data = Buffer.from(parts[3], 'base64url');
    data[0] ^= 1;
    expect(() => box.decrypt([parts[0], parts[1], parts[2], data.toString('base64url')].join('.'), 'source-1')).toThrow(SecretUnreadableError);
    const tag = Buffer.from(parts[2], 'base64url');
    tag[3] ^= 0x80;
    expect(() => box.decrypt([parts[0], parts[1], tag.toString('base64url'), parts[3]].join('.'), 'source-1')).toThrow(SecretUnreadableError);
    expect(() => box.decrypt(stored, 'source-2')).toThrow(SecretUnreadableError);
    expect(() => new SecretBox(Buffer.alloc(32, 2)).decrypt(stored, 'source-1')).toThrow(SecretUnreadableError);
    expect(() => box.decrypt('plain-text', 'source-1')).toThrow(SecretUnreadableError);
  });

  it('uses BI_SECRET_KEY when given, else a generated key file readable only by its owner', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bi-secret-'));
    const first = SecretBox.fromConfig(undefined, dir);
    const file = join(dir, 'secrets', 'data-source-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url')).toHaveLength(32);
    // the same file gives the same key after a restart
    expect(SecretBox.fromConfig(undefined, dir).decrypt(first.encrypt('x', 'id'), 'id')).toBe('x');
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
    expect(SecretBox.fromConfig(Buffer.alloc(32, 1), dir).decrypt(box.encrypt('y', 'id'), 'id')).toBe('y');
  });
});
