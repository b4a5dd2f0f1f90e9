import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ADMIN_ROLE, userPrincipal, type Principal } from '@bi/access';
import type { AppConfig } from '@bi/config';
import { AppError } from '@bi/core';
import { CONFIG, serviceClients, type ServiceClients } from '@bi/service-kit';

/** A user some background work runs as, as identity describes them now. */
export interface RunAsUser {
  userName: string;
  disabled: boolean;
  principal: Principal;
}

/**
 * Whose principal a sync runs as (docs/adr/0012-synced-copies.md): the source's creator, with their
 * grants now (identity's GetUserGrants → a @bi/access Principal), the same way the warning service
 * runs alerts as their owner.
 */
@Injectable()
export class RunAs implements OnModuleDestroy {
  private readonly clients: ServiceClients<'identity'>;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.clients = serviceClients(config, ['identity']);
  }

  /** The user now; undefined when there is no such user (identity unreachable: throws, the sync fails and is tried again). */
  async user(userId: string | null): Promise<RunAsUser | undefined> {
    if (!userId) return undefined;
    const { identity } = this.clients;
    const r = await identity.call(identity.service.getUserGrants({ userId })).catch((e: unknown) => {
      if (e instanceof AppError && (e.kind === 'not_found' || e.kind === 'invalid')) return undefined;
      throw e;
    });
    if (!r?.user) return undefined;
    const roleIds = r.user.roles.map((x) => x.id);
    return { userName: r.user.userName, disabled: r.user.disabled, principal: userPrincipal({ userId, isAdmin: roleIds.includes(ADMIN_ROLE), permissions: r.permissions, roleIds }) };
  }

  onModuleDestroy(): void {
    this.clients.close();
  }
}
