import { describe, expect, it } from '@jest/globals';
import type { ErpAccount } from '../types';
import { accountBody, accountFormOf, accountProblems, chooseBody, emptyAccountForm, portOf } from './account-form';

const stored: ErpAccount = { id: 'a1', name: 'Main', ip: 'erp.example.com', port: 8080, userName: 'u', identity: '', hasPassword: true, isPrimary: true, isSelected: true };
const filled = { name: 'ERP', ip: 'erp.example.com', port: '8080', userName: 'u', identity: 'p', isPrimary: false };

describe('ERP account form (spec 02 §5)', () => {
  it('requires name, IP, port, user name and password of a new account', () => {
    expect(accountProblems(emptyAccountForm(false), undefined)).toEqual({ name: 'nameRequired', ip: 'ipRequired', port: 'portInvalid', userName: 'userRequired', identity: 'passwordRequired' });
    expect(accountProblems({ ...filled, name: '  ' }, undefined)).toEqual({ name: 'nameRequired' });
    expect(accountProblems(filled, undefined)).toEqual({});
  });

  it('reads the port as a whole number from 1 to 65535', () => {
    expect(['0', '65536', '80.5', '-1', 'x', ''].map(portOf)).toEqual([null, null, null, null, null, null]);
    expect(['1', ' 8080 ', '65535'].map(portOf)).toEqual([1, 8080, 65535]);
  });

  it('keeps the stored password on an edit only while the server stays the same', () => {
    const form = accountFormOf(stored);
    expect(form.identity).toBe('');
    expect(accountProblems(form, stored)).toEqual({});
    expect(accountProblems({ ...form, ip: 'ERP.example.com' }, stored)).toEqual({});
    expect(accountProblems({ ...form, port: '9090' }, stored)).toEqual({ identity: 'passwordReenter' });
    expect(accountProblems({ ...form, ip: 'erp2.example.com' }, stored)).toEqual({ identity: 'passwordReenter' });
    expect(accountProblems({ ...form, ip: 'erp2.example.com', identity: 'new' }, stored)).toEqual({});
  });

  it("refuses un-setting the primary account ('account hint 1')", () => {
    expect(accountProblems({ ...accountFormOf(stored), isPrimary: false }, stored)).toEqual({ isPrimary: 'primaryRequired' });
    expect(accountProblems({ ...accountFormOf({ ...stored, isPrimary: false }), isPrimary: false }, { ...stored, isPrimary: false })).toEqual({});
  });

  it('makes the first account primary by default and bounds the texts', () => {
    expect(emptyAccountForm(true).isPrimary).toBe(true);
    expect(emptyAccountForm(false).isPrimary).toBe(false);
    expect(accountProblems({ ...filled, name: 'x'.repeat(51) }, undefined)).toEqual({ name: 'tooLong' });
  });

  it('builds the edit body: trimmed, the port a number, the id only on an edit; choosing keeps everything', () => {
    expect(accountBody({ ...filled, name: ' ERP ', port: ' 8080 ' }, undefined)).toEqual({ name: 'ERP', ip: 'erp.example.com', port: 8080, userName: 'u', identity: 'p', isPrimary: false, isSelected: false });
    expect(accountBody(accountFormOf(stored), stored)).toMatchObject({ id: 'a1', identity: '', isPrimary: true });
    expect(chooseBody({ ...stored, isSelected: false })).toEqual({ id: 'a1', name: 'Main', ip: 'erp.example.com', port: 8080, userName: 'u', identity: '', isPrimary: true, isSelected: true });
  });
});
