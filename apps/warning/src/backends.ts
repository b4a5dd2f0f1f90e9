import type { OnModuleDestroy } from '@nestjs/common';
import { ADMIN_ROLE, userPrincipal, type Principal } from '@bi/access';
import { AppError } from '@bi/core';
import type { AppConfig } from '@bi/config';
import { LANGUAGES, type Language } from '@bi/i18n';
import type { chartQueryV1 } from '@bi/proto';
import { serviceClients, type ServiceClients } from '@bi/service-kit';

export interface UserInfo {
  userId: string;
  userName: string;
  roleIds: string[];
  /** the user's language (identity answers BI_DEFAULT_LANGUAGE for one who chose none) */
  language?: Language;
  /** the user's effective permissions (areas and grant targets) and admin role, now: what @bi/access decides on */
  permissions?: string[];
  isAdmin?: boolean;
  /** a disabled account: work on its behalf is paused */
  disabled?: boolean;
}

/** The principal of @bi/access for a user as identity describes them now. */
export function principalOf(u: UserInfo): Principal {
  return userPrincipal({ userId: u.userId, isAdmin: u.isAdmin === true, permissions: u.permissions ?? [], roleIds: u.roleIds });
}

/** The calls of the warning service to others; an interface so tests can hand in fakes. */
export interface WarningBackends {
  chartValues(req: chartQueryV1.ChartValuesRequest): Promise<chartQueryV1.ChartValuesReply>;
  /** the user's name, roles, grants and language, now (undefined: no such user; identity unreachable: throws) */
  user(userId: string): Promise<UserInfo | undefined>;
}

export const BACKENDS = Symbol('WARNING_BACKENDS');

/** chart-query (ChartValues) and identity (GetUserGrants) over gRPC, from service-kit's factory. */
export class GrpcBackends implements WarningBackends, OnModuleDestroy {
  private readonly clients: ServiceClients<'chart-query' | 'identity'>;

  constructor(config: AppConfig) {
    this.clients = serviceClients(config, ['chart-query', 'identity']);
  }

  chartValues(req: chartQueryV1.ChartValuesRequest) {
    const charts = this.clients['chart-query'];
    return charts.call(charts.service.chartValues(req), 'values');
  }

  async user(userId: string): Promise<UserInfo | undefined> {
    const { identity } = this.clients;
    const r = await identity.call(identity.service.getUserGrants({ userId })).catch((e: unknown) => {
      // no such user (or not a user id at all): undefined; identity down: the caller retries later
      if (e instanceof AppError && (e.kind === 'not_found' || e.kind === 'invalid')) return undefined;
      throw e;
    });
    if (!r?.user) return undefined;
    const language = LANGUAGES.find((l) => l === r.user!.language);
    const roleIds = r.user.roles.map((x) => x.id);
    return {
      userId,
      userName: r.user.userName,
      roleIds,
      ...(language ? { language } : {}),
      permissions: r.permissions,
      isAdmin: roleIds.includes(ADMIN_ROLE),
      disabled: r.user.disabled,
    };
  }

  onModuleDestroy(): void {
    this.clients.close();
  }
}
