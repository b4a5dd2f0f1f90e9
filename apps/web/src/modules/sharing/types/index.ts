/** Shapes of the sharing calls (spec 02 §3 Share form and Publish failure log, §7 Sharing; docs/api/sharing.md). */
import type { Compare } from '@bi/chart-model';

/** A role or a user that a source can be shared with. */
export interface Principal {
  id: string;
  name: string;
}

/** GET /api/data_source/roles_users[/{id}]: who exists, and (with an id) who the source is shared with. */
export interface ShareForm {
  roles: Principal[];
  users: Principal[];
  /** ids of the roles the source is shared with */
  selectRoles: string[];
  /** ids of the users the source is shared with */
  selectUsers: string[];
}

/** One entry of the publish failure log. */
export interface PublishFailure {
  dataSourceId?: string;
  dataSourceName: string;
  failedMessage: string;
}

export interface PublishBody {
  roleIds: string[];
  userIds: string[];
}

export type PublishType = 'add' | 'remove';

export interface BatchPublishBody extends PublishBody {
  dataSourceIds: string[];
  publishType: PublishType;
  projectId: string;
}

/** One row-level rule (docs/api/sharing.md "Row-level rules"): `field compare value` for one role or one user. */
export interface RowRule {
  roleId?: string;
  userId?: string;
  field: string;
  compare: Compare;
  compareValue?: string | number;
  compareValueLeft?: string | number;
  compareValueRight?: string | number;
}

/** GET/PUT /api/data_source/row_rules/{id}. */
export interface RowRuleSet {
  denyByDefault: boolean;
  rules: RowRule[];
}
