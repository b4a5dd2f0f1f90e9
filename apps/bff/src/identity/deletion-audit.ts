import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@bi/core';
import type { dashboardV1, identityV1 } from '@bi/proto';
import type { Tab } from '@bi/rules';
import { DASHBOARD_CLIENT, IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import type { AuthUser } from '../http/auth.guard.js';
import { BFF_LOGGER } from '../warning/warn-stream.js';

/** What a deletion's audit line names: the object's name and where it was. */
export type DeletionDetail = { name: string } & Record<string, string | number>;

/** The deletions the audit log records (docs/api/identity-admin.md AuditEntry.action). */
export type DeletionAction = 'datasource.delete' | 'datasource_folder.delete' | 'dashboard.delete' | 'dashboard_folder.delete' | 'chart.delete';

/**
 * Audit lines of deletions (identity RecordAudit): who deleted which source, dashboard, folder or chart,
 * with its name, written after the deletion succeeded. A line that cannot be written is logged; the
 * deletion stands.
 */
@Injectable()
export class DeletionAudit {
  constructor(
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    @Inject(DASHBOARD_CLIENT) private readonly dashboards: dashboardV1.DashboardServiceClient,
    @Inject(BFF_LOGGER) private readonly logger: Logger,
  ) {}

  async record(user: AuthUser, action: DeletionAction, target: string, detail: DeletionDetail): Promise<void> {
    try {
      await rpc(this.identity.recordAudit({ actor: { userId: user.userId, userName: user.userName }, action, target, detailJson: JSON.stringify(detail) }));
    } catch (e) {
      this.logger.warn('audit line of a deletion not written', { action, target, error: String(e) });
    }
  }

  /** A dashboard about to be deleted: its name and folder. */
  async dashboard(tab: Tab, dashboardId: string): Promise<DeletionDetail> {
    const d = await rpc(this.dashboards.getDashboard({ tab, dashboardId }));
    return { name: d.name, folder: d.projectName, tab };
  }

  /** A dashboard folder about to be deleted: its name ('' when not found: the deletion answers that). */
  async dashboardFolder(tab: Tab, projectId: string): Promise<DeletionDetail> {
    const p = (await rpc(this.dashboards.listProjects({ tab }))).projects.find((x) => x.projectId === projectId);
    return { name: p?.name ?? '', tab };
  }

  /** A chart about to be deleted: its title and dashboard. */
  async chart(tab: Tab, record: dashboardV1.ChartRecord): Promise<DeletionDetail> {
    let name = '';
    try {
      const title = (JSON.parse(record.chartJson || '{}') as { title?: unknown }).title;
      if (typeof title === 'string') name = title;
    } catch {
      // an unreadable definition: the line names the chart by its id
    }
    const dashboard = await rpc(this.dashboards.getDashboard({ tab, dashboardId: record.dashboardId })).catch(() => undefined);
    return { name, dashboard: dashboard?.name ?? '', tab };
  }
}
