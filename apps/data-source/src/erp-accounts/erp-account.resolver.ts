import { Injectable } from '@nestjs/common';
import { InlineErpAccountResolver, type ErpAccountAddress, type ErpAccountResolver } from '../connectors/erp-report.connector.js';
import { ErpAccountService } from './erp-account.service.js';

/**
 * The `account` of an ERP report request (spec 02 §5) as an address: an account's id — or an account
 * object carrying its id and no password, as the wizard's account select sends it — is read from the
 * accounts store (`/api/e10account/*`, its password decrypted here, never sent to the browser); an account
 * typed into the wizard with its password is used as typed (InlineErpAccountResolver).
 */
@Injectable()
export class StoredErpAccountResolver implements ErpAccountResolver {
  private readonly inline = new InlineErpAccountResolver();

  constructor(private readonly accounts: ErpAccountService) {}

  async resolve(account: unknown): Promise<ErpAccountAddress> {
    if (typeof account === 'string') return this.accounts.credentials(account);
    if (account && typeof account === 'object') {
      const a = account as Record<string, unknown>;
      const typedPassword = (typeof a.identity === 'string' && a.identity !== '') || (typeof a.password === 'string' && a.password !== '');
      if (typeof a.id === 'string' && a.id !== '' && !typedPassword) return this.accounts.credentials(a.id);
    }
    return this.inline.resolve(account);
  }
}
