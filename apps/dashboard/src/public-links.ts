import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@bi/core';
import type { SqlDatabase } from '@bi/persistence';
import type { dashboardV1 } from '@bi/proto';
import { DATABASE } from '@bi/service-kit';

/** Live links one user may hold at once (docs/api/public-links.md). */
export const PUBLIC_LINKS_PER_USER = 200;

/** A link's URL id: 128 random bits in base64url (22 characters). */
export const newPublicId = () => randomBytes(16).toString('base64url');

interface LinkRow {
  link_id: string;
  public_id: string;
  dashboard_id: string;
  chart_id: string | null;
  creator_id: string;
  creator_name: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_opened_at: Date | null;
  password_hash: string;
  allow_details: boolean;
  allow_export: boolean;
  filters: unknown;
  filters_editable: boolean;
  dashboard_name: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');
const toLink = (r: LinkRow): dashboardV1.PublicLink => ({
  linkId: r.link_id,
  publicId: r.public_id,
  dashboardId: r.dashboard_id,
  chartId: r.chart_id ?? '',
  creatorId: r.creator_id,
  creatorName: r.creator_name,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  revokedAt: iso(r.revoked_at),
  lastOpenedAt: iso(r.last_opened_at),
  passwordHash: r.password_hash,
  allowDetails: r.allow_details,
  allowExport: r.allow_export,
  filtersJson: JSON.stringify(r.filters ?? []),
  filtersEditable: r.filters_editable,
  dashboardName: r.dashboard_name,
});

const SELECT = `SELECT l.*, d.name AS dashboard_name FROM dashboard.public_links l JOIN dashboard.dashboards d ON d.id = l.dashboard_id`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The store of public links (issue 32). It keeps what a link is; whether it may still show anything
 * (expiry, revocation, the creator's access now) is decided by the BFF on every call, with @bi/access.
 */
@Injectable()
export class PublicLinks {
  constructor(@Inject(DATABASE) private readonly db: SqlDatabase) {}

  async create(r: dashboardV1.CreatePublicLinkRequest): Promise<dashboardV1.PublicLink> {
    if (!UUID.test(r.dashboardId) || (r.chartId && !UUID.test(r.chartId))) throw new AppError('not_found', 'dashboard.not_found');
    const dash = await this.db.query<{ id: string }>(`SELECT id FROM dashboard.dashboards WHERE id = $1 AND tab = 'dashboard'`, [r.dashboardId]);
    if (!dash.rows.length) throw new AppError('not_found', 'dashboard.not_found');
    if (r.chartId) {
      const chart = await this.db.query('SELECT id FROM dashboard.charts WHERE id = $1 AND dashboard_id = $2', [r.chartId, r.dashboardId]);
      if (!chart.rows.length) throw new AppError('not_found', 'chart.not_found');
    }
    const live = await this.db.query<{ n: string }>('SELECT count(*) AS n FROM dashboard.public_links WHERE creator_id = $1 AND revoked_at IS NULL AND expires_at > now()', [r.creatorId]);
    if (Number(live.rows[0]?.n ?? 0) >= PUBLIC_LINKS_PER_USER) throw new AppError('conflict', 'publiclink.too_many', { max: PUBLIC_LINKS_PER_USER });
    const linkId = randomUUID();
    await this.db.query(
      `INSERT INTO dashboard.public_links (link_id, public_id, dashboard_id, chart_id, creator_id, creator_name, expires_at, password_hash, allow_details, allow_export, filters, filters_editable)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7), $8, $9, $10, $11, $12)`,
      [linkId, newPublicId(), r.dashboardId, r.chartId || null, r.creatorId, r.creatorName, r.expiresInDays, r.passwordHash, r.allowDetails, r.allowExport, r.filtersJson || '[]', r.filtersEditable],
    );
    return this.byLinkId(linkId);
  }

  async list(r: dashboardV1.ListPublicLinksRequest): Promise<dashboardV1.PublicLink[]> {
    if ((r.creatorId && !UUID.test(r.creatorId)) || (r.dashboardId && !UUID.test(r.dashboardId))) return [];
    const rows = await this.db.query<LinkRow>(
      `${SELECT} WHERE ($1 = '' OR l.creator_id::text = $1) AND ($2 = '' OR l.dashboard_id::text = $2) ORDER BY l.created_at DESC LIMIT 1000`,
      [r.creatorId, r.dashboardId],
    );
    return rows.rows.map(toLink);
  }

  async find(r: dashboardV1.FindPublicLinkRequest): Promise<dashboardV1.PublicLink> {
    const rows = r.touch
      ? await this.db.query<LinkRow>(
          `WITH t AS (UPDATE dashboard.public_links SET last_opened_at = now() WHERE public_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING link_id)
           ${SELECT} WHERE l.public_id = $1`,
          [r.publicId],
        )
      : await this.db.query<LinkRow>(`${SELECT} WHERE l.public_id = $1`, [r.publicId]);
    const row = rows.rows[0];
    if (!row) throw new AppError('not_found', 'publiclink.not_found');
    return toLink(row);
  }

  async change(r: dashboardV1.ChangePublicLinkRequest): Promise<dashboardV1.PublicLink> {
    if (!UUID.test(r.linkId) || (r.creatorId && !UUID.test(r.creatorId))) throw new AppError('not_found', 'publiclink.not_found');
    const set =
      r.action === 'rotate'
        ? { sql: 'public_id = $3', value: newPublicId() }
        : r.action === 'revoke'
          ? { sql: 'revoked_at = coalesce(revoked_at, now() + $3::interval)', value: '0 seconds' }
          : undefined;
    if (!set) throw new AppError('invalid', 'request.invalid', { detail: `action ${r.action}` });
    // a rotated link must be live: a revoked or expired one is not brought back by a new id
    const live = r.action === 'rotate' ? ' AND revoked_at IS NULL AND expires_at > now()' : '';
    const u = await this.db.query(`UPDATE dashboard.public_links SET ${set.sql} WHERE link_id = $1 AND ($2 = '' OR creator_id::text = $2)${live}`, [r.linkId, r.creatorId, set.value]);
    if (!u.rowCount) throw new AppError('not_found', 'publiclink.not_found');
    return this.byLinkId(r.linkId);
  }

  async revokeAll(): Promise<number> {
    return (await this.db.query('UPDATE dashboard.public_links SET revoked_at = now() WHERE revoked_at IS NULL')).rowCount;
  }

  private async byLinkId(linkId: string): Promise<dashboardV1.PublicLink> {
    const row = (await this.db.query<LinkRow>(`${SELECT} WHERE l.link_id = $1`, [linkId])).rows[0];
    if (!row) throw new AppError('not_found', 'publiclink.not_found');
    return toLink(row);
  }
}
