import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { dashboardV1, templateV1 } from '@bi/proto';
import { TEMPLATE_CLIENT, rpc } from '../grpc-clients.js';
import { canSeeTemplate as policyCanSeeTemplate } from '@bi/access';
import { allows, principalOf, type AuthUser } from '../http/auth.guard.js';

/** Who sees a template (docs/api/template.md "Model"): admin, its publisher, the holders of template:{id}. */
export function canSeeTemplate(user: AuthUser, t: Pick<templateV1.Template, 'templateId' | 'publisherId'>): boolean {
  return policyCanSeeTemplate(principalOf(user), t);
}

/** The template-tab items a caller sees: those of visible templates, and (for template:edit) items of no template. */
export interface TemplateView {
  templates: templateV1.Template[];
  /** template-tab dashboard id → its template */
  byDashboard: Map<string, templateV1.Template>;
  canSeeDashboard(dashboardId: string): boolean;
}

@Injectable()
export class TemplateVisibility {
  constructor(@Inject(TEMPLATE_CLIENT) private readonly templates: templateV1.TemplateServiceClient) {}

  async view(user: AuthUser): Promise<TemplateView> {
    const templates = (await rpc(this.templates.list({}))).templates;
    const byDashboard = new Map<string, templateV1.Template>();
    for (const t of templates) for (const d of t.dashboardIds) byDashboard.set(d, t);
    const editor = allows(user, 'template:edit');
    return {
      templates: templates.filter((t) => canSeeTemplate(user, t)),
      byDashboard,
      canSeeDashboard: (id) => {
        const t = byDashboard.get(id);
        return t ? canSeeTemplate(user, t) : editor;
      },
    };
  }

  /** The template tab's folders as the caller may see them (a folder holding none of its visible dashboards is left out, except template:edit holders' folders of no template). */
  async filterProjects(user: AuthUser, projects: dashboardV1.Project[]): Promise<dashboardV1.Project[]> {
    if (user.isAdmin) return projects;
    const v = await this.view(user);
    const editor = allows(user, 'template:edit');
    return projects.flatMap((p) => {
      const dashboards = p.dashboards.filter((d) => v.canSeeDashboard(d.dashboardId));
      const ofTemplates = p.dashboards.some((d) => v.byDashboard.has(d.dashboardId));
      return dashboards.length || (editor && !ofTemplates) ? [{ ...p, dashboards }] : [];
    });
  }

  /** 404 for a template-tab dashboard the caller may not see (as if it did not exist). */
  async checkDashboard(user: AuthUser, dashboardId: string): Promise<void> {
    if (user.isAdmin) return;
    // the one template holding this dashboard (not the whole list: this runs for every template-tab chart read)
    const { template } = await rpc(this.templates.findByItem({ itemId: dashboardId }));
    if (template ? !canSeeTemplate(user, template) : !allows(user, 'template:edit')) throw new AppError('not_found', 'dashboard.not_found');
  }
}
