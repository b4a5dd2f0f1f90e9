import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { checkTargetUrl, outboundPolicy, type OutboundPolicy } from '@bi/outbound';
import type { dataSourceV1 } from '@bi/proto';
import { CONFIG } from '@bi/service-kit';
import { ERP_ACCOUNT_BOUNDS } from '@bi/chart-model';
import { SecretBox, SecretUnreadableError } from '../secrets.js';
import { ErpAccountRepository, type ErpAccountRow } from './erp-account.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an adapter needs to call the account's ERP (never answered over the API). */
export interface ErpCredentials {
  id: string;
  ip: string;
  port: number;
  userName: string;
  password: string;
}

/** The URL form of an account's server, as the outbound policy reads a target. */
function targetUrl(ip: string, port: number): string {
  return `http://${ip.includes(':') ? `[${ip}]` : ip}:${port}/`;
}

/** A stored password may be reused only against the same server (as sameServer of SQL sources). */
export function sameErpServer(a: { ip: string; port: number }, b: { ip: string; port: number }): boolean {
  return a.ip.toLowerCase() === b.ip.toLowerCase() && a.port === b.port;
}

/**
 * ERP accounts (spec 02 §3, §5 "ERP account", §8 'account hint 1'): the servers report and indicator
 * sources read from. Installation-wide, with exactly one primary: the first account becomes primary,
 * making another primary moves the mark, and the primary can neither be un-set nor deleted. Which
 * account is selected is per user (the account they last chose, else the primary). Passwords are
 * encrypted with the service's SecretBox (the account id as associated data) and never answered. The
 * server is an outbound target: checked with the outbound policy (@bi/outbound) on every save.
 */
@Injectable()
export class ErpAccountService {
  private readonly outbound: OutboundPolicy;

  constructor(
    private readonly repo: ErpAccountRepository,
    private readonly secrets: SecretBox,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.outbound = outboundPolicy(config.outbound.allow);
  }

  async list(actor: dataSourceV1.Actor | undefined): Promise<dataSourceV1.ErpAccountList> {
    const rows = await this.repo.list();
    const chosen = actor?.userId ? await this.repo.choiceOf(actor.userId) : undefined;
    const selected = rows.some((r) => r.id === chosen) ? chosen : rows.find((r) => r.is_primary)?.id;
    return { accounts: rows.map((r) => view(r, r.id === selected)) };
  }

  async primary(actor: dataSourceV1.Actor | undefined): Promise<dataSourceV1.PrimaryErpAccountReply> {
    return { account: (await this.list(actor)).accounts.find((a) => a.isPrimary) };
  }

  async save(req: dataSourceV1.SaveErpAccountRequest): Promise<dataSourceV1.ErpAccountList> {
    const name = req.name.trim();
    const ip = req.ip.trim();
    const userName = req.userName.trim();
    const port = req.port;
    if (!name) throw new AppError('invalid', 'e10account.name_required');
    if (!ip) throw new AppError('invalid', 'e10account.ip_required');
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new AppError('invalid', 'e10account.port_invalid');
    if (!userName) throw new AppError('invalid', 'e10account.user_required');
    if (name.length > ERP_ACCOUNT_BOUNDS.name || ip.length > ERP_ACCOUNT_BOUNDS.ip || userName.length > ERP_ACCOUNT_BOUNDS.userName || req.identity.length > ERP_ACCOUNT_BOUNDS.identity)
      throw new AppError('invalid', 'request.invalid', { detail: 'too long' });
    const checked = checkTargetUrl(this.outbound, targetUrl(ip, port));
    if (!checked.ok) {
      if (checked.problem.kind === 'not_allowed') throw new AppError('invalid', 'e10account.target_not_allowed', { host: ip });
      throw new AppError('invalid', 'e10account.ip_invalid');
    }
    if (req.id && !UUID.test(req.id)) throw new AppError('not_found', 'e10account.not_found');

    await this.repo.transaction(async (tx) => {
      const existing = req.id ? await this.repo.find(req.id, tx) : undefined;
      if (req.id && !existing) throw new AppError('not_found', 'e10account.not_found');
      const id = existing?.id ?? randomUUID();
      if (await this.repo.nameTaken(name, id, tx)) throw new AppError('conflict', 'e10account.name_used', { name });
      let identityEnc: string;
      if (req.identity) identityEnc = this.secrets.encrypt(req.identity, id);
      else if (existing && sameErpServer(existing, { ip, port })) identityEnc = existing.identity_enc;
      else throw new AppError('invalid', existing ? 'e10account.password_reenter' : 'e10account.password_required');

      let isPrimary: boolean;
      if (existing) {
        // 'account hint 1': the primary stays primary until another account takes the mark
        if (existing.is_primary && !req.isPrimary) throw new AppError('invalid', 'e10account.primary_required');
        isPrimary = existing.is_primary || req.isPrimary;
      } else {
        const count = await this.repo.count(tx);
        if (count >= ERP_ACCOUNT_BOUNDS.accounts) throw new AppError('invalid', 'e10account.too_many', { max: String(ERP_ACCOUNT_BOUNDS.accounts) });
        isPrimary = count === 0 || req.isPrimary;
      }
      if (isPrimary) await this.repo.clearPrimaryExcept(tx, id);
      const row: ErpAccountRow = { id, name, ip, port, user_name: userName, identity_enc: identityEnc, is_primary: isPrimary };
      if (existing) await this.repo.update(tx, row);
      else await this.repo.insert(tx, row, req.actor?.userId && UUID.test(req.actor.userId) ? req.actor.userId : null);
      if (req.isSelected && req.actor?.userId) await this.repo.choose(tx, req.actor.userId, id);
    });
    return this.list(req.actor);
  }

  async delete(req: dataSourceV1.DeleteErpAccountRequest): Promise<dataSourceV1.ErpAccountList> {
    if (!UUID.test(req.id)) throw new AppError('not_found', 'e10account.not_found');
    await this.repo.transaction(async (tx) => {
      const existing = await this.repo.find(req.id, tx);
      if (!existing) throw new AppError('not_found', 'e10account.not_found');
      if (existing.is_primary) throw new AppError('invalid', 'e10account.primary_delete');
      await this.repo.delete(tx, req.id);
    });
    return this.list(req.actor);
  }

  /** The account's server and password, for the adapters that call the ERP (not an API answer). */
  async credentials(id: string): Promise<ErpCredentials> {
    const row = UUID.test(id) ? await this.repo.find(id) : undefined;
    if (!row) throw new AppError('not_found', 'e10account.not_found');
    let password: string;
    try {
      password = this.secrets.decrypt(row.identity_enc, row.id);
    } catch (e) {
      if (e instanceof SecretUnreadableError) throw new AppError('invalid', 'secret.unreadable');
      throw e;
    }
    return { id: row.id, ip: row.ip, port: row.port, userName: row.user_name, password };
  }
}

function view(r: ErpAccountRow, isSelected: boolean): dataSourceV1.ErpAccount {
  return { id: r.id, name: r.name, ip: r.ip, port: r.port, userName: r.user_name, hasPassword: !!r.identity_enc, isPrimary: r.is_primary, isSelected };
}
