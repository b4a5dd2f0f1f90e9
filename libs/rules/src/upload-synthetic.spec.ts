import { describe, expect, it } from '@jest/globals';
import { isUploadSyntheticField, UPLOAD_REFERENCE } from './index.js';

describe('synthetic columns of uploaded sources', () => {
  it('are key_id and deleted of an uploaded source only', () => {
    expect(isUploadSyntheticField(UPLOAD_REFERENCE, 'key_id')).toBe(true);
    expect(isUploadSyntheticField(UPLOAD_REFERENCE, 'deleted')).toBe(true);
    expect(isUploadSyntheticField(UPLOAD_REFERENCE, '金额')).toBe(false);
    // a SQL source's own column of that name is data
    expect(isUploadSyntheticField('', 'key_id')).toBe(false);
    expect(isUploadSyntheticField(undefined, 'deleted')).toBe(false);
  });
});
