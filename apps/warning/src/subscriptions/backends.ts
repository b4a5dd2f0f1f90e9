import type { OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '@bi/config';
import type { dashboardV1 } from '@bi/proto';
import { serviceClients, type ServiceClients } from '@bi/service-kit';

/**
 * What report subscriptions read of the dashboard service (over gRPC; tests hand in fakes): the
 * dashboard's name, charts, layout and global filters, and a chart as stored. The chart values come
 * through the warning service's own chart-query calls (WarningBackends.chartValues), as alerts do.
 */
export interface ReportBackends {
  /** not_found when the dashboard is gone */
  dashboard(tab: string, dashboardId: string): Promise<dashboardV1.DashboardContent>;
  chart(tab: string, chartId: string): Promise<dashboardV1.ChartRecord>;
}

export const REPORT_BACKENDS = Symbol('REPORT_BACKENDS');

export class GrpcReportBackends implements ReportBackends, OnModuleDestroy {
  private readonly clients: ServiceClients<'dashboard'>;

  constructor(config: AppConfig) {
    this.clients = serviceClients(config, ['dashboard']);
  }

  dashboard(tab: string, dashboardId: string) {
    const d = this.clients.dashboard;
    return d.call(d.service.getDashboard({ tab, dashboardId }));
  }

  chart(tab: string, chartId: string) {
    const d = this.clients.dashboard;
    return d.call(d.service.getChart({ tab, chartId }));
  }

  onModuleDestroy(): void {
    this.clients.close();
  }
}
