import { Controller } from '@nestjs/common';
import { dashboardV1 } from '@bi/proto';
import { ChartService } from './chart.service.js';
import { DashboardService } from './dashboard.service.js';
import { TreeService } from './tree.service.js';
import { PublicLinks } from './public-links.js';
import { DashboardRevisions } from './revisions.service.js';

@Controller()
@dashboardV1.DashboardServiceControllerMethods()
export class DashboardGrpcController implements dashboardV1.DashboardServiceController {
  constructor(
    private readonly dashboards: DashboardService,
    private readonly charts: ChartService,
    private readonly trees: TreeService,
    private readonly links: PublicLinks,
    private readonly revisions: DashboardRevisions,
  ) {}

  readTree(r: dashboardV1.ReadTreeRequest) {
    return this.trees.readTree(r);
  }
  importTree(r: dashboardV1.ImportTreeRequest) {
    return this.trees.importTree(r);
  }

  async listProjects(r: dashboardV1.ListProjectsRequest) {
    return { projects: await this.dashboards.listProjects(r.tab) };
  }
  createProject(r: dashboardV1.CreateProjectRequest) {
    return this.dashboards.createProject(r.tab, r.name, r.userId);
  }
  renameProject(r: dashboardV1.RenameProjectRequest) {
    return this.dashboards.renameProject(r.tab, r.projectId, r.name);
  }
  deleteProject(r: dashboardV1.DeleteProjectRequest) {
    return this.dashboards.deleteProject(r.tab, r.projectId);
  }
  createDashboard(r: dashboardV1.CreateDashboardRequest) {
    return this.dashboards.createDashboard(r);
  }
  renameDashboard(r: dashboardV1.RenameDashboardRequest) {
    return this.dashboards.renameDashboard(r.tab, r.dashboardId, r.name, r.actorId);
  }
  async deleteDashboard(r: dashboardV1.DeleteDashboardRequest) {
    await this.dashboards.deleteDashboard(r.tab, r.dashboardId, r.actorId);
    return { dashboardId: r.dashboardId };
  }
  moveDashboard(r: dashboardV1.MoveDashboardRequest) {
    return this.dashboards.moveDashboard(r.tab, r.dashboardId, r.projectId);
  }
  copyDashboard(r: dashboardV1.CopyDashboardRequest) {
    return this.dashboards.copyDashboard(r);
  }
  sort(r: dashboardV1.SortRequest) {
    return this.dashboards.sort(r.tab, r.id, r.order);
  }
  getDashboard(r: dashboardV1.GetDashboardRequest) {
    return this.dashboards.content(r.tab, r.dashboardId);
  }
  saveLayout(r: dashboardV1.SaveLayoutRequest) {
    return this.dashboards.saveLayout(r.tab, r.dashboardId, r.aspects, r.actorId);
  }
  async listCharts(r: dashboardV1.ListChartsRequest) {
    return { charts: await this.dashboards.listCharts(r.tab, r.dashboardId) };
  }
  async saveHideSettings(r: dashboardV1.SaveHideSettingsRequest) {
    return { charts: await this.dashboards.saveHideSettings(r.tab, r.items, r.actorId) };
  }
  createChart(r: dashboardV1.CreateChartRequest) {
    return this.dashboards.createChart(r);
  }
  async deleteChart(r: dashboardV1.DeleteChartRequest) {
    await this.dashboards.deleteChart(r.tab, r.chartId, r.actorId);
    return { chartId: r.chartId };
  }
  copyChart(r: dashboardV1.CopyChartRequest) {
    return this.dashboards.copyChart(r);
  }
  saveLinkage(r: dashboardV1.SaveLinkageRequest) {
    return this.dashboards.saveLinkage(r);
  }
  saveGlobalFilter(r: dashboardV1.SaveGlobalFilterRequest) {
    return this.dashboards.saveGlobalFilter(r);
  }
  getChart(r: dashboardV1.GetChartRequest) {
    return this.charts.getChart(r.tab, r.chartId);
  }
  saveChart(r: dashboardV1.SaveChartRequest) {
    return this.charts.saveChart(r);
  }
  setCustomOption(r: dashboardV1.SetCustomOptionRequest) {
    return this.charts.setCustomOption(r.tab, r.chartId, r.customOption, r.actorId);
  }
  switchDataSource(r: dashboardV1.SwitchDataSourceRequest) {
    return this.charts.switchDataSource(r);
  }
  switchProjectDataSource(r: dashboardV1.SwitchProjectDataSourceRequest) {
    return this.charts.switchProjectDataSource(r);
  }
  followSourceFields(r: dashboardV1.FollowSourceFieldsRequest) {
    return this.charts.followSourceFields(r);
  }
  listChartsBySource(r: dashboardV1.ListChartsBySourceRequest) {
    return this.charts.listChartsBySource(r.dataSourceId);
  }

  // public links (issue 32)
  createPublicLink(r: dashboardV1.CreatePublicLinkRequest) {
    return this.links.create(r);
  }
  async listPublicLinks(r: dashboardV1.ListPublicLinksRequest) {
    return { links: await this.links.list(r) };
  }
  findPublicLink(r: dashboardV1.FindPublicLinkRequest) {
    return this.links.find(r);
  }
  changePublicLink(r: dashboardV1.ChangePublicLinkRequest) {
    return this.links.change(r);
  }
  async revokeAllPublicLinks() {
    return { revoked: await this.links.revokeAll() };
  }
  listRevisions(r: dashboardV1.RevisionRequest) {
    return this.revisions.list(r);
  }
  diffRevision(r: dashboardV1.RevisionRequest) {
    return this.revisions.diff(r);
  }
  restoreRevision(r: dashboardV1.RevisionRequest) {
    return this.revisions.restore(r);
  }
  listTrash(r: dashboardV1.TrashRequest) {
    return this.revisions.trash(r);
  }
  restoreFromTrash(r: dashboardV1.RevisionRequest) {
    return this.revisions.restoreFromTrash(r);
  }
}
