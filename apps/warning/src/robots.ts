import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ROBOT_BOUNDS, ROBOT_VENDOR_NAMES, type RobotVendorName } from '@bi/chart-model';
import type { AppConfig } from '@bi/config';
import { AppError, SecretBox, SecretUnreadableError } from '@bi/core';
import { checkTargetUrl, outboundPolicy, type OutboundPolicy } from '@bi/outbound';
import type { SqlDatabase } from '@bi/persistence';
import type { warningV1 } from '@bi/proto';
import { CONFIG, DATABASE, idOrNotFound, isUuid } from '@bi/service-kit';

interface RobotRow {
  id: string;
  name: string;
  vendor: RobotVendorName;
  url_enc: string;
  url_hint: string;
  secret_enc: string | null;
  updated_by: string;
  updated_at: Date | string;
}

/** The scheme and host of a URL: all of a robot's URL that is ever answered (its path and query carry the robot's key). */
export function urlHint(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}/…`;
}

const toRobot = (r: RobotRow): warningV1.Robot => ({
  id: r.id,
  name: r.name,
  vendor: r.vendor,
  urlHint: r.url_hint,
  hasSecret: Boolean(r.secret_enc),
  updatedBy: r.updated_by,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/**
 * The chat robots administrators keep (warning.robots, migration 0006_robots): name, vendor, webhook
 * URL and secret. The URL (it carries the robot's key) and the secret are encrypted at rest with the
 * secret box of the data sources' secrets (@bi/core SecretBox: AES-256-GCM, the robot's id as
 * associated data; key BI_SECRET_KEY or dataDir/secrets/robot-key), decrypted only to send, and never
 * answered or logged: a robot reads back as its URL's scheme and host and whether it has a secret. The
 * URL passes the outbound targets policy when saved (checkTargetUrl) and again at each send (the
 * drivers go through sendOutbound).
 */
@Injectable()
export class Robots {
  private readonly box: SecretBox;
  private readonly outbound: OutboundPolicy;

  constructor(
    @Inject(DATABASE) private readonly db: SqlDatabase,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.box = SecretBox.fromConfig(config.dataSources.secretKey, config.dataDir, 'robot-key');
    this.outbound = outboundPolicy(config.outbound.allow);
  }

  async list(): Promise<warningV1.ListRobotsReply> {
    const { rows } = await this.db.query<RobotRow>(`SELECT * FROM warning.robots ORDER BY lower(name), id`);
    return { robots: rows.map(toRobot) };
  }

  async save(req: warningV1.SaveRobotRequest): Promise<warningV1.SaveRobotReply> {
    const name = req.name.trim();
    if (!name) throw new AppError('invalid', 'robot.name_required');
    if (name.length > ROBOT_BOUNDS.name || req.webhookUrl.length > ROBOT_BOUNDS.url || req.secret.length > ROBOT_BOUNDS.secret) throw new AppError('invalid', 'request.invalid', { detail: 'too long' });
    if (!(ROBOT_VENDOR_NAMES as readonly string[]).includes(req.vendor)) throw new AppError('invalid', 'request.invalid', { detail: 'vendor' });
    const url = req.webhookUrl.trim();
    if (url) {
      const checked = checkTargetUrl(this.outbound, url);
      if (!checked.ok) {
        if (checked.problem.kind === 'not_allowed') throw new AppError('invalid', 'robot.url_not_allowed', { host: checked.problem.host });
        throw new AppError('invalid', 'robot.url_invalid');
      }
    }
    const id = req.id ? idOrNotFound(req.id, 'robot.not_found') : randomUUID();
    const row = await this.db.transaction(async (tx) => {
      const existing = req.id ? (await tx.query<RobotRow>(`SELECT * FROM warning.robots WHERE id = $1 FOR UPDATE`, [id])).rows[0] : undefined;
      if (req.id && !existing) throw new AppError('not_found', 'robot.not_found');
      if (!existing && !url) throw new AppError('invalid', 'robot.url_required');
      const taken = await tx.query(`SELECT 1 FROM warning.robots WHERE lower(name) = lower($1) AND id <> $2`, [name, id]);
      if (taken.rows.length) throw new AppError('conflict', 'robot.name_used', { name });
      if (!existing) {
        const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM warning.robots`);
        if ((rows[0]?.n ?? 0) >= ROBOT_BOUNDS.robots) throw new AppError('invalid', 'robot.too_many', { max: ROBOT_BOUNDS.robots });
      }
      const urlEnc = url ? this.box.encrypt(url, id) : existing!.url_enc;
      const hint = url ? urlHint(url) : existing!.url_hint;
      // a new URL is another robot: its old secret is not kept for it
      const secretEnc = req.secret ? this.box.encrypt(req.secret, id) : url ? null : (existing?.secret_enc ?? null);
      const { rows } = await tx.query<RobotRow>(
        `INSERT INTO warning.robots (id, name, vendor, url_enc, url_hint, secret_enc, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now())
         ON CONFLICT (id) DO UPDATE SET name = $2, vendor = $3, url_enc = $4, url_hint = $5, secret_enc = $6, updated_by = $7, updated_at = now()
         RETURNING *`,
        [id, name, req.vendor, urlEnc, hint, secretEnc, req.actor],
      );
      return rows[0]!;
    });
    return { robot: toRobot(row) };
  }

  async delete(id: string): Promise<warningV1.DeleteRobotReply> {
    const r = await this.db.query(`DELETE FROM warning.robots WHERE id = $1`, [idOrNotFound(id, 'robot.not_found')]);
    if (!r.rowCount) throw new AppError('not_found', 'robot.not_found');
    return { deleted: true };
  }

  /** A robot as answered (no URL, no secret), or 'robot.not_found'. */
  async get(id: string): Promise<warningV1.Robot> {
    const { rows } = await this.db.query<RobotRow>(`SELECT * FROM warning.robots WHERE id = $1`, [idOrNotFound(id, 'robot.not_found')]);
    if (!rows[0]) throw new AppError('not_found', 'robot.not_found');
    return toRobot(rows[0]);
  }

  /** The URL and secret of a robot, decrypted to send (the drivers' DeliveryContext.robot); undefined when it no longer exists. */
  async target(id: string): Promise<{ url: string; secret: string } | undefined> {
    if (!isUuid(id)) return undefined;
    const { rows } = await this.db.query<RobotRow>(`SELECT id, url_enc, secret_enc FROM warning.robots WHERE id = $1`, [id]);
    const row = rows[0];
    if (!row) return undefined;
    try {
      return { url: this.box.decrypt(row.url_enc, row.id), secret: row.secret_enc ? this.box.decrypt(row.secret_enc, row.id) : '' };
    } catch (e) {
      if (e instanceof SecretUnreadableError) return undefined;
      throw e;
    }
  }
}
